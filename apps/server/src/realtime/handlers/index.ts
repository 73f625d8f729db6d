import { OPT } from '@kindred/protocol';
import { history, open, read, remove } from './conversations.js';
import { send } from './send.js';
import { init, ping } from './session.js';
import type { HandlerTable, OptHandler } from './types.js';
import { visibility } from './visibility.js';

/**
 * A frame after sends waits for their answers (send.ts leaves them to finish after their commit):
 * opening, reading or deleting a conversation sees the messages sent before it stored, and its
 * answer follows theirs.
 */
function afterSends<H extends OptHandler<never>>(handler: H): H {
  const handle = handler.handle as (ctx: { connection: { settled(): Promise<void> } }, message: unknown) => Promise<void>;
  return {
    ...handler,
    async handle(ctx: { connection: { settled(): Promise<void> } }, message: unknown) {
      await ctx.connection.settled();
      return handle(ctx, message);
    },
  } as H;
}

/** One handler per opt; the gateway looks the opt up here. */
export const HANDLERS: HandlerTable = {
  [OPT.open]: afterSends(open),
  [OPT.send]: send,
  [OPT.history]: afterSends(history),
  [OPT.read]: afterSends(read),
  [OPT.delete]: afterSends(remove),
  [OPT.visibility]: afterSends(visibility),
  [OPT.init]: afterSends(init),
  [OPT.ping]: afterSends(ping),
};
