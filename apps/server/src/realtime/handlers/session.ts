import { KIND, OPT, SOCKET_CLOSE } from '@kindred/protocol';
import { admit } from '../../domain/admission.js';
import { DomainError, fail } from '../../errors.js';
import { refusal } from '../replies.js';
import { SOCKET_ADMISSION } from '../socket-admission.js';
import type { HandlerContext, OptHandler } from './types.js';

/**
 * opt 100, init: the spec's clients send it twice, right after opening. It authenticates a socket
 * opened without a token (docs/architecture.md §3: the token, never a bare uid) through the same
 * admission check as every HTTP call, and checks that `uid` is the token's member; a refusal or a
 * mismatch is answered and the socket closed. Each init answers kind 0.
 */
export const init: OptHandler<typeof OPT.init> = {
  public: true,
  async handle(ctx: HandlerContext, message) {
    const { connection } = ctx;
    if (!connection.member) {
      let member;
      const mark = ctx.sessionMark();
      try {
        member = await admit(await ctx.services.authenticate(message.token), SOCKET_ADMISSION, ctx.services.can);
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        return refuse(ctx, error, message.req, error.id === 'unauthorized' ? SOCKET_CLOSE.unauthorized : SOCKET_CLOSE.forbidden);
      }
      if (member.id !== message.uid) return refuse(ctx, fail('no_permission'), message.req, SOCKET_CLOSE.forbidden);
      connection.token = message.token;
      if (!(await ctx.goOnline(connection, member, message.req, mark))) return;
    } else if (connection.member.id !== message.uid) {
      return refuse(ctx, fail('no_permission'), message.req, SOCKET_CLOSE.forbidden);
    }
    await ctx.sendCatchUp(connection, message.req, message.last_id);
  },
};

function refuse(ctx: HandlerContext, error: Error, req: string | undefined, code: number): void {
  ctx.reply(refusal(error, { opt: OPT.init, req }));
  ctx.connection.close(code, error.message.slice(0, 100));
}

/**
 * opt 101, ping: answers kind 14 and re-reads the member, so an upgrade (new level, new
 * permissions) takes effect within one ping, and a token that no longer authenticates closes the
 * socket (ending a session closes its sockets at once anyway: session-revocation.ts).
 */
export const ping: OptHandler<typeof OPT.ping> = {
  async handle(ctx, message) {
    const member = await ctx.services.authenticate(ctx.connection.token);
    if (!member || member.id !== ctx.member.id) {
      ctx.reply(refusal(fail('unauthorized'), { opt: OPT.ping, req: message.req }));
      ctx.connection.close(SOCKET_CLOSE.unauthorized, 'signed out');
      return;
    }
    await ctx.refreshMember(ctx.connection, member);
    ctx.reply({ kind: KIND.pong, opt: OPT.ping, status: 'success', ...(message.req ? { req: message.req } : {}), server_time: ctx.now() });
  },
};
