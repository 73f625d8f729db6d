import { KIND, OPT } from '@kindred/protocol';
import type { OptHandler } from './types.js';

/**
 * opt 9: online / invisible, women only, through the same service call as POST
 * /member/index/visibility, which announces it: her other sockets and every member who has her in
 * their chat list get kind 4 (on every node). This socket gets its own kind 4 answer.
 */
export const visibility: OptHandler<typeof OPT.visibility> = {
  async handle(ctx, message) {
    // A toggle flips the stored state: this socket's copy of the member may predate a change made
    // on another device or over HTTP.
    const current = message.is_yin === undefined ? await ctx.services.findUser(ctx.member.id) : undefined;
    const isYin = message.is_yin ?? ((current ?? ctx.member.user).is_yin ? 0 : 1);
    const user = await ctx.services.setVisibility(ctx.member, isYin, ctx.connection.id);
    await ctx.refreshMember(ctx.connection, { ...ctx.member, user });
    ctx.reply({ kind: KIND.presence, opt: OPT.visibility, status: 'success', ...(message.req !== undefined ? { req: message.req } : {}), uid: user.id, is_online: 1, is_yin: user.is_yin });
  },
};
