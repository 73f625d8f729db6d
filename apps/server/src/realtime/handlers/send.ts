import { KIND, OPT } from '@kindred/protocol';
import type { OptHandler } from './types.js';

/**
 * opt 1: the message is stored first (chat.service), then acknowledged to this socket (kind 2) and
 * only then announced: to the recipient and to the sender's other sockets (kind 1). A resend of a
 * stored message (same client_id, recipient and content) is acknowledged again (duplicate 1) and
 * announced again (the first announcement may be what a crash lost; clients ignore a message id
 * they already hold). A client_id reused for another message is refused (kind 10, validation).
 */
export const send: OptHandler<typeof OPT.send> = {
  async handle(ctx, message) {
    const { message: stored, duplicate } = await ctx.services.chat.send(ctx.member, message);
    ctx.reply({
      kind: KIND.sent,
      opt: OPT.send,
      status: 'success',
      ...(message.req !== undefined ? { req: message.req } : {}),
      client_id: message.client_id,
      message: ctx.services.chat.present(ctx.member, stored, true),
      duplicate: duplicate ? 1 : 0,
    });
    await ctx.publish({ type: 'message', to: [stored.reciver_id, stored.sender_id], messageId: stored.id, origin: ctx.connection.id, row: stored });
  },
};
