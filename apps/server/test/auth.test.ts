import { UserStatus } from '@kindred/protocol';
import { describe, expect, it, vi } from 'vitest';
import { PasswordHasher } from '../src/infra/passwords.js';
import { as, buildUser, signIn, uniqueName } from './helpers/factories.js';
import { startApp, useSharedApp } from './helpers/test-app.js';

const app = useSharedApp();

describe('POST /member/index/login', () => {
  it('signs in by username in any letter case and answers the member with a token', async () => {
    const ctx = app();
    const username = uniqueName('Kim');
    const { user, password } = await buildUser(ctx, { username });

    for (const account of [username, username.toUpperCase(), username.toLowerCase(), `  ${username}  `]) {
      const res = await as(ctx).post('/member/index/login', { account, password });
      expect(res.http).toBe(200);
      expect(res.body).toMatchObject({ status: 200, msg: 'Login success', data: { id: user.id, username, email: user.email, status: 1 } });
      expect(res.body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
  });

  it('signs in by e-mail address, whatever its case', async () => {
    const ctx = app();
    const { user, password } = await buildUser(ctx);

    for (const account of [user.email, user.email.toUpperCase()]) {
      const res = await as(ctx).post('/member/index/login', { account, password });
      expect(res.body).toMatchObject({ status: 200, data: { id: user.id } });
    }
  });

  it('answers a wrong password and an unknown account alike: status -1, same message', async () => {
    const ctx = app();
    const { user } = await buildUser(ctx);

    const wrongPassword = await as(ctx).post('/member/index/login', { account: user.username, password: 'not-the-password' });
    const unknownAccount = await as(ctx).post('/member/index/login', { account: 'nobody12345', password: 'secret123' });

    expect(wrongPassword.http).toBe(200);
    expect(wrongPassword.body).toEqual({ status: -1, msg: 'Incorrect username or password', data: null, error: 'login_failed' });
    expect(unknownAccount.http).toBe(wrongPassword.http);
    expect(unknownAccount.body).toEqual(wrongPassword.body);
  });

  it('lets a pending account sign in with status -3 and still hands it a token', async () => {
    const ctx = app();
    const { user, password } = await buildUser(ctx, { status: UserStatus.pending });

    const res = await as(ctx).post('/member/index/login', { account: user.username, password });

    expect(res.http).toBe(200);
    expect(res.body.status).toBe(-3);
    expect(res.body.msg).toBe('Your account is pending approval...');
    expect(res.body.data).toMatchObject({ id: user.id, status: 2 });
    expect(typeof res.body.data.token).toBe('string');
    const info = await as(ctx, res.body.data.token).post('/member/index/userinfo');
    expect(info.body).toMatchObject({ status: 200, data: { id: user.id, status: 2 } });
  });

  it('refuses a disabled account (status 3) with -2 and gives it no token', async () => {
    const ctx = app();
    const { user, password } = await buildUser(ctx, { status: UserStatus.disabled });

    const res = await as(ctx).post('/member/index/login', { account: user.username, password });

    expect(res.http).toBe(200);
    expect(res.body).toMatchObject({ status: -2, error: 'account_disabled', data: null });
  });

  it('does not tell a wrong password on a disabled account apart from any other wrong password', async () => {
    const ctx = app();
    const { user } = await buildUser(ctx, { status: UserStatus.disabled });

    const res = await as(ctx).post('/member/index/login', { account: user.username, password: 'wrong-password' });

    expect(res.body).toMatchObject({ status: -1, error: 'login_failed' });
  });

  it('answers blank fields with HTTP 400 naming each of them', async () => {
    const ctx = app();

    const blank = await as(ctx).post('/member/index/login', { account: '', password: '' });
    const spaces = await as(ctx).post('/member/index/login', { account: '   ', password: '   ' });
    const missing = await as(ctx).post('/member/index/login', {});

    for (const res of [blank, spaces, missing]) {
      expect(res.http).toBe(400);
      expect(res.body).toMatchObject({ status: 400, error: 'validation' });
      expect(Object.keys(res.body.data.fields).sort()).toEqual(['account', 'password']);
    }
  });

  it('hands out a token that authenticates later calls', async () => {
    const ctx = app();
    const { user, password } = await buildUser(ctx);
    const login = await as(ctx).post('/member/index/login', { account: user.username, password });

    const info = await as(ctx, login.body.data.token).post('/member/index/userinfo');

    expect(info.body).toMatchObject({ status: 200, data: { id: user.id, username: user.username } });
  });

  it('records the sign-in time as last_login_time (seconds)', async () => {
    let clock = Date.UTC(2030, 5, 1, 12);
    const ctx = await startApp({ now: () => clock });
    const { user, password } = await buildUser(ctx, { last_login_at: 0 });
    clock += 5_000;

    const res = await as(ctx).post('/member/index/login', { account: user.username, password });

    expect(res.body.data.last_login_time).toBe(Math.floor(clock / 1000));
  });

  it('spends as much hashing on an unknown account as on a real one, so timing does not tell accounts apart', async () => {
    const hasher = new PasswordHasher(11);
    const ctx = await startApp({ hasher });
    const { user, password } = await buildUser(ctx);
    const verify = vi.spyOn(hasher, 'verify');
    /** scrypt's cost parameters (log2 N, r, p) of the hash a sign-in checked. */
    const costOfLastCheck = () => String(verify.mock.lastCall?.[1]).split('$').slice(0, 4).join('$');

    await as(ctx).post('/member/index/login', { account: user.username, password });
    const known = costOfLastCheck();
    await as(ctx).post('/member/index/login', { account: 'nobody12345', password });
    const unknown = costOfLastCheck();

    expect(known).toBe('scrypt$11$8$1');
    expect(unknown).toBe(known);
  });

  it('never sends the password hash back', async () => {
    const ctx = app();
    const { user, password } = await buildUser(ctx);

    const res = await as(ctx).post('/member/index/login', { account: user.username, password });

    expect(res.raw).not.toContain('scrypt$');
    expect(res.body.data).not.toHaveProperty('password_hash');
  });
});

describe('sessions', () => {
  it('answers calls without a token, with an unknown token or a too long one with HTTP 401', async () => {
    const ctx = app();

    for (const token of [null, 'not-a-real-token', 'x'.repeat(500)]) {
      const res = await as(ctx, token).post('/member/index/userinfo');
      expect(res.http).toBe(401);
      expect(res.body).toMatchObject({ status: 401, error: 'unauthorized', data: null });
    }
  });

  it('expires a session after SESSION_TTL_DAYS', async () => {
    let clock = Date.UTC(2030, 0, 1);
    const ctx = await startApp({ now: () => clock, env: { SESSION_TTL_DAYS: '2' } });
    const { user, password } = await buildUser(ctx);
    const { body } = await as(ctx).post('/member/index/login', { account: user.username, password });

    clock += 2 * 86_400_000 - 1;
    expect((await as(ctx, body.data.token).post('/member/index/userinfo')).http).toBe(200);
    clock += 1;
    expect((await as(ctx, body.data.token).post('/member/index/userinfo')).http).toBe(401);
  });

  it('ends every session of an account an administrator disables', async () => {
    const ctx = app();
    const { user, token } = await buildUser(ctx);
    expect((await as(ctx, token).post('/member/index/userinfo')).http).toBe(200);

    await ctx.services.repositories.users.update(user.id, { status: UserStatus.disabled });

    expect((await as(ctx, token).post('/member/index/userinfo')).http).toBe(401);
  });

  it('stores only a hash of the token', async () => {
    const ctx = app();
    const { user, password } = await buildUser(ctx);
    const { body } = await as(ctx).post('/member/index/login', { account: user.username, password });

    const rows = await ctx.db.selectFrom('sessions').select('token_hash').where('user_id', '=', user.id).execute();

    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((r) => r.token_hash)).not.toContain(body.data.token);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });
});

describe('activity stamps of signed-in calls', () => {
  it('stamps a session seen over a minute ago, and the member; sessions seen together in one go; not again within the minute', async () => {
    let clock = Date.now();
    const ctx = await startApp({ now: () => clock });
    const members = await Promise.all([buildUser(ctx), buildUser(ctx), buildUser(ctx)]);
    const second = await signIn(ctx, members[0]!.user.id, 'm');
    const tokens = [...members.map((m) => m.token), second];
    const stamps = async () => {
      const sessions = await ctx.db.selectFrom('sessions').select('last_seen_at').where('user_id', 'in', members.map((m) => m.user.id)).execute();
      const users = await ctx.db.selectFrom('users').select('last_active_at').where('id', 'in', members.map((m) => m.user.id)).execute();
      return { sessions: sessions.map((r) => Number(r.last_seen_at)), users: users.map((r) => Number(r.last_active_at)) };
    };

    clock += 2 * 60_000;
    const seen = clock;
    const answers = await Promise.all(tokens.map((token) => as(ctx, token).post('/member/index/userinfo')));
    expect(answers.map((a) => a.body.status)).toEqual([200, 200, 200, 200]);
    expect(await stamps()).toEqual({ sessions: [seen, seen, seen, seen], users: [seen, seen, seen] });

    clock += 30_000;
    await Promise.all(tokens.map((token) => as(ctx, token).post('/member/index/userinfo')));
    expect(await stamps()).toEqual({ sessions: [seen, seen, seen, seen], users: [seen, seen, seen] });
  });
});

describe('POST /member/index/logout', () => {
  it('ends the token it is called with: 401 afterwards', async () => {
    const ctx = app();
    const { token } = await buildUser(ctx);

    const res = await as(ctx, token).post('/member/index/logout');

    expect(res.body).toMatchObject({ status: 200, msg: 'Signed out' });
    const after = await as(ctx, token).post('/member/index/userinfo');
    expect(after.http).toBe(401);
    expect(after.body.status).toBe(401);
  });

  it("leaves the member's other sessions signed in", async () => {
    const ctx = app();
    const { user, password, token: phone } = await buildUser(ctx);
    const { body } = await as(ctx).post('/member/index/login', { account: user.username, password });

    await as(ctx, body.data.token).post('/member/index/logout');

    expect((await as(ctx, body.data.token).post('/member/index/userinfo')).http).toBe(401);
    expect((await as(ctx, phone).post('/member/index/userinfo')).http).toBe(200);
  });

  it('needs a token', async () => {
    const ctx = app();

    const res = await as(ctx).post('/member/index/logout');

    expect(res.http).toBe(401);
  });
});
