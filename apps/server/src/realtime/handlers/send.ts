import { KIND, OPT } from '@kindred/protocol';
import { isExpected, refusal } from '../replies.js';
import type { OptHandler } from './types.js';

/**
 * opt 1: the message is stored first (chat.service), then acknowledged to this socket (kind 2) and
 * only then announced: to the recipient and to the sender's other sockets (kind 1). A resend of a
 * stored message (same client_id, recipient and content) is acknowledged again (duplicate 1) and
 * announced again (the first announcement may be what a crash lost; clients ignore a message id
 * they already hold). A client_id reused for another message is refused (kind 10, validation).
 *
 * The socket's next frame is read once this message is queued for its transaction, not once it
 * committed: a member's messages then share commits, and still are stored in the order sent.
 * Answers (acknowledgement or refusal) leave in that order too, each after its commit; the other
 * handlers wait for them first (handlers/index.ts).
 */
export const send: OptHandler<typeof OPT.send> = {
  async handle(ctx, message) {
    const { sent } = await ctx.services.chat.queue(ctx.member, message);
    const about = { opt: OPT.send, req: message.req, uid: message.uid, client_id: message.client_id };
    ctx.connection.afterwards(async () => {
      let result: Awaited<typeof sent>;
      try {
        result = await sent;
      } catch (error) {
        ctx.reply(refusal(error, about));
        // Logged by the connection (socket work failed) when it is not one of the rules' refusals.
        if (!isExpected(error)) throw error;
        return;
      }
      const { message: stored, duplicate } = result;
      ctx.reply({
        kind: KIND.sent,
        opt: OPT.send,
        status: 'success',
        // Absent when undefined (JSON leaves it out); not spread in, so every ack shares one hidden class.
        req: message.req,
        client_id: message.client_id,
        message: ctx.services.chat.present(ctx.member, stored, true),
        duplicate: duplicate ? 1 : 0,
      });
      await ctx.publish({ type: 'message', to: [stored.reciver_id, stored.sender_id], messageId: stored.id, origin: ctx.connection.id, row: stored });
    });
  },
};
