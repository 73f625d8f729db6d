import { describe, expect, it } from 'vitest';
import { hashToken, newToken } from '../src/infra/tokens.js';
import { SessionCache } from '../src/modules/auth/session-cache.js';
import { as, buildUser, signIn, type BuiltUser } from './helpers/factories.js';
import { staffSignIn } from './helpers/staff.js';
import { startApp, useSharedApp, type TestApp } from './helpers/test-app.js';

/**
 * Sessions are cached per node (modules/auth/session-cache.ts); every way a session ends must
 * still refuse its token on the very next call. Each case first makes the token's session cached
 * (two calls: the first reads and caches it, the second is served from the cache).
 */
const app = useSharedApp();

const userinfo = (ctx: TestApp, token: string) => as(ctx, token).post('/member/index/userinfo');

async function cached(ctx: TestApp, ...tokens: string[]): Promise<void> {
  for (const token of tokens) {
    expect((await userinfo(ctx, token)).http).toBe(200);
    expect((await userinfo(ctx, token)).http).toBe(200);
  }
}

async function twoSessions(ctx: TestApp): Promise<{ member: BuiltUser; other: string }> {
  const member = await buildUser(ctx);
  const other = await signIn(ctx, member.user.id, 'm');
  await cached(ctx, member.token, other);
  return { member, other };
}

describe('the session cache obeys every end of sessions at once (one node)', () => {
  it('serves a cached session without reading its row, and reads it again after a minute (the backstop)', async () => {
    let clock = Date.now();
    const ctx = await startApp({ now: () => clock });
    const member = await buildUser(ctx);
    await cached(ctx, member.token);
    // Deleted behind the server's back (no end-of-sessions event): only the backstop catches it.
    await ctx.db.deleteFrom('sessions').where('user_id', '=', member.user.id).execute();
    expect((await userinfo(ctx, member.token)).http).toBe(200);
    clock += 61_000;
    expect((await userinfo(ctx, member.token)).http).toBe(401);
  });

  it('sign-out: the token is refused at once; the member’s other session still works', async () => {
    const ctx = app();
    const { member, other } = await twoSessions(ctx);
    expect((await as(ctx, member.token).post('/member/index/logout')).body.status).toBe(200);
    expect((await userinfo(ctx, member.token)).http).toBe(401);
    expect((await userinfo(ctx, other)).http).toBe(200);
  });

  it('password change: the other sessions are refused at once, the caller’s works', async () => {
    const ctx = app();
    const { member, other } = await twoSessions(ctx);
    const res = await as(ctx, member.token).post('/member/index/changepwd', { oldpassword: member.password, newpassword: 'brandnew1' });
    expect(res.body.status).toBe(200);
    expect((await userinfo(ctx, other)).http).toBe(401);
    expect((await userinfo(ctx, member.token)).http).toBe(200);
  });

  it('password reset: every session is refused at once', async () => {
    const ctx = app();
    const { member, other } = await twoSessions(ctx);
    const resetToken = newToken();
    const now = ctx.now();
    await ctx.services.repositories.resets.insert({ user_id: member.user.id, token_hash: hashToken(resetToken), created_at: now, expires_at: now + 3_600_000 });
    expect((await as(ctx).post('/member/index/resetpassword', { token: resetToken, password: 'brandnew1' })).body.status).toBe(200);
    expect((await userinfo(ctx, member.token)).http).toBe(401);
    expect((await userinfo(ctx, other)).http).toBe(401);
  });

  it('e-mail change: the other sessions are refused at once', async () => {
    const ctx = app();
    const { member, other } = await twoSessions(ctx);
    const profile = { email: 'moved@example.test', sex: member.user.sex, birthday: member.user.birthday, password: member.password };
    expect((await as(ctx, member.token).post('/member/index/profile', profile)).body.status).toBe(200);
    expect((await userinfo(ctx, other)).http).toBe(401);
    expect((await userinfo(ctx, member.token)).http).toBe(200);
  });

  it('suspension, ban and the console’s "end sessions": refused at once', async () => {
    const ctx = app();
    const staff = as(ctx, await staffSignIn(ctx));
    const suspended = await twoSessions(ctx);
    const banned = await twoSessions(ctx);
    const ended = await twoSessions(ctx);

    expect((await staff.post('/admin/api/members/suspend', { id: suspended.member.user.id, days: 2, reason: 'spam' })).body.status).toBe(200);
    expect((await userinfo(ctx, suspended.member.token)).http).toBe(401);
    expect((await userinfo(ctx, suspended.other)).http).toBe(401);

    expect((await staff.post('/admin/api/members/ban', { id: banned.member.user.id, reason: 'fraud' })).body.status).toBe(200);
    expect((await userinfo(ctx, banned.member.token)).http).toBe(401);
    expect((await userinfo(ctx, banned.other)).http).toBe(401);

    expect((await staff.post('/admin/api/members/end_sessions', { id: ended.member.user.id })).body.data).toEqual({ ended: 2 });
    expect((await userinfo(ctx, ended.member.token)).http).toBe(401);
    expect((await userinfo(ctx, ended.other)).http).toBe(401);
  });

  it('account deletion: every session is refused at once', async () => {
    const ctx = app();
    const { member, other } = await twoSessions(ctx);
    expect((await as(ctx, member.token).post('/member/account/delete', { password: member.password })).body.status).toBe(200);
    expect((await userinfo(ctx, member.token)).http).toBe(401);
    expect((await userinfo(ctx, other)).http).toBe(401);
  });
});

describe('SessionCache', () => {
  const session = (id: number, userId: number) => ({ id, user_id: userId, last_seen_at: 0, expires_at: 10_000 });

  it('does not keep a lookup that raced an end of the member’s sessions, and is bypassed while it cannot hear them', () => {
    let listening = true;
    const cache = new SessionCache({ listening: () => listening });
    const epoch = cache.epoch;
    cache.dropUser(7);
    cache.put('h', session(1, 7), 0, epoch);
    expect(cache.get('h', 1)).toBeUndefined();

    cache.put('h', session(1, 7), 0, cache.epoch);
    expect(cache.get('h', 1)).toMatchObject({ id: 1 });
    listening = false;
    expect(cache.get('h', 1)).toBeUndefined();
    listening = true;
    expect(cache.get('h', 1)).toBeUndefined();
  });

  it('forgets a session at its expiry and on the hub’s sessions-ended event or resync', () => {
    const cache = new SessionCache();
    const listeners: ((e: { type: string; to: number[] }) => void)[] = [];
    const resyncs: (() => void)[] = [];
    cache.attach({ subscribe: (l) => listeners.push(l), onResync: (l) => resyncs.push(l) });
    cache.put('a', session(1, 7), 0, cache.epoch);
    cache.put('b', session(2, 8), 0, cache.epoch);
    expect(cache.get('a', 10_000)).toBeUndefined();
    cache.put('a', session(1, 7), 0, cache.epoch);
    listeners.forEach((l) => l({ type: 'sessions-ended', to: [7] }));
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('b', 1)).toMatchObject({ id: 2 });
    resyncs.forEach((r) => r());
    expect(cache.get('b', 1)).toBeUndefined();
  });

  it('keeps a member’s sessions apart: one ending, expiring or replaced leaves the others, and dropping the member ends them all', () => {
    const cache = new SessionCache();
    const put = (hash: string, id: number, userId: number) => cache.put(hash, session(id, userId), 0, cache.epoch);
    put('a', 1, 7);
    put('b', 2, 7);
    put('c', 3, 7);
    put('x', 9, 8);
    // Expired (read at its expiry): removed alone.
    expect(cache.get('a', 10_000)).toBeUndefined();
    expect(cache.get('b', 1)).toMatchObject({ id: 2, user_id: 7 });
    // The same token cached again replaces its entry, not the member's others.
    put('b', 2, 7);
    cache.touched(2, 50);
    expect(cache.get('b', 1)).toMatchObject({ id: 2, user_id: 7, last_seen_at: 50, expires_at: 10_000 });
    expect(cache.size).toBe(3);

    cache.dropUser(7);
    expect([cache.get('b', 1), cache.get('c', 1)]).toEqual([undefined, undefined]);
    expect(cache.get('x', 1)).toMatchObject({ id: 9 });
    // Down to one session and back up to two: still one member, dropped whole.
    put('d', 4, 8);
    expect(cache.size).toBe(2);
    cache.dropUser(8);
    expect(cache.size).toBe(0);
    put('e', 5, 8);
    cache.dropUser(8);
    expect(cache.get('e', 1)).toBeUndefined();
  });
});
