import type { OptHandler } from './types.js';

/**
 * opt 9: online / invisible, women only, through the same service as POST /member/index/visibility.
 * This socket gets kind 4 about the member herself; her other sockets and every member who has her
 * in their chat list get kind 4 too (on every node).
 */
export const visibility: OptHandler<9> = {
  async handle(ctx, message) {
    const isYin = message.is_yin ?? (ctx.member.user.is_yin ? 0 : 1);
    const user = await ctx.services.setVisibility(ctx.member, isYin);
    await ctx.refreshMember(ctx.connection, { ...ctx.member, user });
    ctx.reply({ kind: 4, opt: 9, status: 'success', ...(message.req !== undefined ? { req: message.req } : {}), uid: user.id, is_online: 1, is_yin: user.is_yin });
    await ctx.announcePresence(ctx.member, true, user.is_yin, 9, ctx.connection);
  },
};
