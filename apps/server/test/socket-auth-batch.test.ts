import { UserStatus } from '@kindred/protocol';
import { describe, expect, it, vi } from 'vitest';
import { buildUser } from './helpers/factories.js';
import { connectMember, connectSocket } from './helpers/socket-client.js';
import { startApp } from './helpers/test-app.js';

/**
 * Sockets connecting together read their sessions and members in one statement
 * (AuthService.authenticateBatched, SessionsRepository.findLiveMany). Each must get exactly what
 * authenticate answers: its own member, nothing for an unknown, expired, ended or suspended session.
 */
describe('batched socket authentication', () => {
  it('answers each token what authenticate answers, in one read for the tokens asked together', async () => {
    const ctx = await startApp();
    const members = await Promise.all(Array.from({ length: 5 }, (_, i) => buildUser(ctx, { sex: i % 2 })));
    const suspended = await buildUser(ctx);
    await ctx.db.updateTable('users').set({ status: UserStatus.suspended }).where('id', '=', suspended.user.id).execute();
    const expired = await buildUser(ctx);
    await ctx.db.updateTable('sessions').set({ expires_at: ctx.now() - 1 }).where('user_id', '=', expired.user.id).execute();
    const ended = await buildUser(ctx);
    await ctx.services.sessionRevocation.endSessions({ userId: ended.user.id });

    const sessions = ctx.services.repositories.sessions;
    const many = vi.spyOn(sessions, 'findLiveMany');
    const auth = ctx.services.auth;
    const tokens = [...members.map((m) => m.token), members[0]!.token, suspended.token, expired.token, ended.token, 'no-such-token', '', 'x'.repeat(201)];
    const batched = await Promise.all(tokens.map((token) => auth.authenticateBatched(token)));
    expect(many).toHaveBeenCalledTimes(1);
    const single = await Promise.all(tokens.map((token) => auth.authenticate(token)));
    expect(batched.map((m) => m && { id: m.id, sessionId: m.sessionId, vip: m.vip, status: m.status, username: m.user.username })).toEqual(
      single.map((m) => m && { id: m.id, sessionId: m.sessionId, vip: m.vip, status: m.status, username: m.user.username }),
    );
    expect(batched.slice(0, 6).map((m) => m!.id)).toEqual([...members.map((m) => m.user.id), members[0]!.user.id]);
    expect(batched.slice(6)).toEqual(Array(6).fill(null));
    // The member row is the row as stored, without the session's columns.
    expect(Object.keys(batched[0]!.user).sort()).toEqual(Object.keys(single[0]!.user).sort());
  });

  it('refuses the upgrade of a socket whose session ended, and lets many sockets in together', async () => {
    const ctx = await startApp();
    const members = await Promise.all(Array.from({ length: 8 }, () => buildUser(ctx)));
    const ended = await buildUser(ctx);
    await ctx.services.sessionRevocation.endSessions({ userId: ended.user.id });
    const [refused, ...sockets] = await Promise.allSettled([connectSocket(ctx, ended.token), ...members.map((m) => connectMember(ctx, m.token))]);
    expect(refused.status).toBe('rejected');
    expect((refused as PromiseRejectedResult).reason.statusCode).toBe(401);
    for (const [i, s] of sockets.entries()) {
      expect(s.status).toBe('fulfilled');
      expect((s as PromiseFulfilledResult<Awaited<ReturnType<typeof connectMember>>>).value.contacts).toMatchObject({ kind: 0, uid: members[i]!.user.id });
    }
  });
});
