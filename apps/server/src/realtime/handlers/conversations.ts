import { KIND, OPT } from '@kindred/protocol';
import type { OptHandler } from './types.js';

const withReq = (req: string | undefined) => (req !== undefined ? { req } : {});

/** opt 0: open a conversation: read it, answer its newest page (kind 3), clear the badge on the member's other devices. */
export const open: OptHandler<typeof OPT.open> = {
  async handle(ctx, message) {
    const opened = await ctx.services.chat.open(ctx.member, message.uid, message.address);
    ctx.reply({
      kind: KIND.history,
      opt: OPT.open,
      status: 'success',
      ...withReq(message.req),
      uid: message.uid,
      messages: opened.messages,
      more: opened.more ? 1 : 0,
      contact: opened.contact,
    });
    if (opened.wasUnread) await ctx.publish({ type: 'read', to: [ctx.member.id], peerId: message.uid, opt: OPT.open, origin: ctx.connection.id });
  },
};

/** opt 3: older messages, before the oldest one the client has (kind 3). */
export const history: OptHandler<typeof OPT.history> = {
  async handle(ctx, message) {
    const page = await ctx.services.chat.history(ctx.member, message.uid, message.before_id, message.limit);
    ctx.reply({ kind: KIND.history, opt: OPT.history, status: 'success', ...withReq(message.req), uid: message.uid, messages: page.messages, more: page.more ? 1 : 0 });
  },
};

/** opt 4: the open conversation's new messages were seen (acknowledged with kind 13). */
export const read: OptHandler<typeof OPT.read> = {
  async handle(ctx, message) {
    const changed = await ctx.services.chat.markRead(ctx.member, message.uid);
    ctx.reply({ kind: KIND.read, opt: OPT.read, status: 'success', ...withReq(message.req), uid: message.uid });
    if (changed) await ctx.publish({ type: 'read', to: [ctx.member.id], peerId: message.uid, opt: OPT.read, origin: ctx.connection.id });
  },
};

/** opt 5: delete for the caller's side only: kind 5 to this socket, kind 6 to all the member's sockets. */
export const remove: OptHandler<typeof OPT.delete> = {
  async handle(ctx, message) {
    await ctx.services.chat.remove(ctx.member, message.uid);
    ctx.reply({ kind: KIND.deleted, opt: OPT.delete, status: 'success', ...withReq(message.req), uid: message.uid });
    await ctx.publish({ type: 'deleted', to: [ctx.member.id], peerId: message.uid });
  },
};
