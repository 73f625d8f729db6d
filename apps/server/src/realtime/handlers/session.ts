import { SOCKET_CLOSE } from '@kindred/protocol';
import { noPermission, pendingApproval, unauthorized } from '../../errors.js';
import { refusal } from '../replies.js';
import type { HandlerContext, OptHandler } from './types.js';

/**
 * opt 100, init: the spec's clients send it twice, right after opening. It authenticates a socket
 * opened without a token (docs/architecture.md §3: the token, never a bare uid) and checks that `uid` is
 * the token's member; a mismatch is refused and the socket closed. Each init answers kind 0.
 */
export const init: OptHandler<100> = {
  public: true,
  async handle(ctx: HandlerContext, message) {
    const { connection } = ctx;
    if (!connection.member) {
      const member = await ctx.services.authenticate(message.token);
      if (!member) return refuse(ctx, unauthorized(), message.req, SOCKET_CLOSE.unauthorized);
      if (member.status === 2) return refuse(ctx, pendingApproval(), message.req, SOCKET_CLOSE.forbidden);
      if (member.id !== message.uid) return refuse(ctx, noPermission(), message.req, SOCKET_CLOSE.forbidden);
      connection.token = message.token;
      if (!(await ctx.goOnline(connection, member, message.req))) return;
    } else if (connection.member.id !== message.uid) {
      return refuse(ctx, noPermission(), message.req, SOCKET_CLOSE.forbidden);
    }
    await ctx.sendCatchUp(connection, message.req, message.last_id);
  },
};

function refuse(ctx: HandlerContext, error: Error, req: string | undefined, code: number): void {
  ctx.reply(refusal(error, { opt: 100, req }));
  ctx.connection.close(code, error.message.slice(0, 100));
}

/**
 * opt 101, ping: answers kind 14 and re-reads the member, so an upgrade (new level, new
 * permissions) takes effect within one ping, and a token that no longer authenticates closes the
 * socket (ending a session closes its sockets at once anyway: session-revocation.ts).
 */
export const ping: OptHandler<101> = {
  async handle(ctx, message) {
    const member = await ctx.services.authenticate(ctx.connection.token);
    if (!member || member.id !== ctx.member.id) {
      ctx.reply(refusal(unauthorized(), { opt: 101, req: message.req }));
      ctx.connection.close(SOCKET_CLOSE.unauthorized, 'signed out');
      return;
    }
    await ctx.refreshMember(ctx.connection, member);
    ctx.reply({ kind: 14, opt: 101, status: 'success', ...(message.req ? { req: message.req } : {}), server_time: ctx.now() });
  },
};
