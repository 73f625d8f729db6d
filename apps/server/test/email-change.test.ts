import { SOCKET_CLOSE } from '@kindred/protocol';
import { describe, expect, it } from 'vitest';
import { hashToken, newToken } from '../src/infra/tokens.js';
import { as, buildUser, signIn, type BuiltUser } from './helpers/factories.js';
import { connectMember } from './helpers/socket-client.js';
import { startApp, useSharedApp, type TestApp } from './helpers/test-app.js';

const app = useSharedApp();

const profileOf = ({ user }: BuiltUser) => ({ email: user.email, sex: user.sex, birthday: user.birthday });
const storedEmail = async (ctx: TestApp, id: number) => (await ctx.db.selectFrom('users').select('email').where('id', '=', id).executeTakeFirstOrThrow()).email;

async function resetLink(ctx: TestApp, userId: number): Promise<string> {
  const token = newToken();
  await ctx.services.repositories.resets.insert({ user_id: userId, token_hash: hashToken(token), created_at: ctx.now(), expires_at: ctx.now() + 3_600_000 });
  return token;
}

describe('changing the e-mail (issue 9, finding 7)', () => {
  it('needs the current password: none is a 400 naming it, a wrong one -4 password_wrong, and the address stays', async () => {
    const ctx = app();
    const member = await buildUser(ctx);
    const change = (extra: Record<string, string>) => as(ctx, member.token).post('/member/index/profile', { ...profileOf(member), email: 'taken-over@evil.test', ...extra });

    const none = await change({});
    expect(none.http).toBe(400);
    expect(none.body.data.fields).toHaveProperty('password');
    expect((await change({ password: '' })).http).toBe(400);
    expect((await change({ password: 'not-my-password' })).body).toMatchObject({ status: -4, error: 'password_wrong' });
    expect(await storedEmail(ctx, member.user.id)).toBe(member.user.email);

    expect((await change({ password: member.password })).body).toMatchObject({ status: 200, data: { email: 'taken-over@evil.test' } });
  });

  it('needs no password when the e-mail stays (JSON too, an empty password is no password)', async () => {
    const ctx = app();
    const member = await buildUser(ctx);

    const res = await as(ctx, member.token).postJson('/member/index/profile', { ...profileOf(member), sex: 1, password: '' });

    expect(res.body).toMatchObject({ status: 200, data: { sex: 1 } });
  });

  it('ends the reset links already mailed and every other session of the member, sockets included; the own session goes on', async () => {
    const ctx = app();
    const member = await buildUser(ctx);
    const otherDevice = await signIn(ctx, member.user.id, 'm');
    const { socket } = await connectMember(ctx, otherDevice);
    const link = await resetLink(ctx, member.user.id);

    const res = await as(ctx, member.token).post('/member/index/profile', { ...profileOf(member), email: 'fresh@example.test', password: member.password });
    expect(res.body.status).toBe(200);

    expect((await as(ctx).post('/member/index/resetpassword', { token: link, password: 'hijacked1' })).body).toMatchObject({ status: -1, error: 'reset_link_invalid' });
    expect((await as(ctx, otherDevice).post('/member/index/userinfo')).http).toBe(401);
    expect((await socket.closed).code).toBe(SOCKET_CLOSE.unauthorized);
    expect((await as(ctx, member.token).post('/member/index/userinfo')).body.data.email).toBe('fresh@example.test');
    // The password still works: only the address changed.
    expect((await as(ctx).post('/member/index/login', { account: 'fresh@example.test', password: member.password })).body.status).toBe(200);
  });

  it('keeps the reset links and sessions when the e-mail did not change', async () => {
    const ctx = app();
    const member = await buildUser(ctx);
    const otherDevice = await signIn(ctx, member.user.id, 'm');
    const link = await resetLink(ctx, member.user.id);

    expect((await as(ctx, member.token).post('/member/index/profile', { ...profileOf(member), sex: 1 })).body.status).toBe(200);

    expect((await as(ctx, otherDevice).post('/member/index/userinfo')).http).toBe(200);
    expect((await as(ctx).post('/member/index/resetpassword', { token: link, password: 'renewed123' })).body.status).toBe(200);
  });

  it('counts wrong passwords toward the sign-in back-off: a stolen session is no password oracle', async () => {
    const ctx = await startApp({ env: { LOGIN_FAILURE_LIMIT: '2' } });
    const member = await buildUser(ctx);
    const guess = (password: string) => as(ctx, member.token).post('/member/index/profile', { ...profileOf(member), email: 'x@evil.test', password });

    const answers = [await guess('guess-1'), await guess('guess-2'), await guess('guess-3'), await guess(member.password)];

    expect(answers.map((a) => a.body.error)).toEqual(['password_wrong', 'password_wrong', 'password_wrong', 'rate_limited']);
    expect(answers[3]!.http).toBe(429);
    // The same account's sign-in waits too.
    expect((await as(ctx).post('/member/index/login', { account: member.user.username, password: member.password })).http).toBe(429);
    expect(await storedEmail(ctx, member.user.id)).toBe(member.user.email);
  });
});
