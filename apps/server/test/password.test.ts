import { LIMITS, UserStatus } from '@kindred/protocol';
import { describe, expect, it } from 'vitest';
import { as, buildUser } from './helpers/factories.js';
import { readOutbox } from './helpers/mail.js';
import { startApp, useSharedApp, type TestApp } from './helpers/test-app.js';

const app = useSharedApp();

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

/** Asks for a reset link and answers the token the new mail carries. */
async function requestResetToken(ctx: TestApp, email: string): Promise<string> {
  const before = new Set(readOutbox(ctx.outboxDir).map((m) => m.file));
  const res = await as(ctx).post('/member/index/forget', { email });
  expect(res.body.status).toBe(200);
  await ctx.flushMail();
  const mails = readOutbox(ctx.outboxDir).filter((m) => !before.has(m.file));
  expect(mails).toHaveLength(1);
  expect(mails[0]!.to).toContain(email);
  const link = mails[0]!.text.match(/https?:\/\/\S+\/reset-password\?token=([A-Za-z0-9_%-]+)/);
  if (!link) throw new Error(`no reset link in the mail to ${email}`);
  return decodeURIComponent(link[1]!);
}

const mailsTo = (ctx: TestApp, email: string) => readOutbox(ctx.outboxDir).filter((m) => m.to.includes(email));

const login = (ctx: TestApp, account: string, password: string) => as(ctx).post('/member/index/login', { account, password });

describe('POST /member/index/forget', () => {
  it('answers -1 to an address that is not well formed', async () => {
    const ctx = app();

    for (const email of ['not-an-address', 'a@b', 'x y@example.com']) {
      const res = await as(ctx).post('/member/index/forget', { email });
      expect(res.http).toBe(200);
      expect(res.body).toMatchObject({ status: -1, error: 'email_format' });
    }
  });

  it('answers a blank address with HTTP 400', async () => {
    const ctx = app();

    const res = await as(ctx).post('/member/index/forget', { email: '' });

    expect(res.http).toBe(400);
    expect(res.body.data.fields).toHaveProperty('email');
  });

  it('answers a known and an unknown address identically', async () => {
    const ctx = app();
    const { user } = await buildUser(ctx);

    const known = await as(ctx).post('/member/index/forget', { email: user.email });
    const unknown = await as(ctx).post('/member/index/forget', { email: 'nobody@example.test' });

    expect(known.http).toBe(200);
    expect(known.body.status).toBe(200);
    expect(unknown.http).toBe(known.http);
    expect(unknown.body).toEqual(known.body);
  });

  it('mails a one-time reset link to a known address only', async () => {
    const ctx = app();
    const { user } = await buildUser(ctx);

    const unknown = `no${user.username}@example.test`;
    await as(ctx).post('/member/index/forget', { email: unknown });
    await as(ctx).post('/member/index/forget', { email: user.email.toUpperCase() });
    await ctx.flushMail();

    expect(mailsTo(ctx, unknown)).toHaveLength(0);
    const mails = mailsTo(ctx, user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toContain(user.email);
    expect(mails[0]!.subject).toBe('Reset your Kindred password');
    expect(mails[0]!.text).toContain(user.username);
    expect(mails[0]!.text).toMatch(/http:\/\/localhost:8080\/w\/reset-password\?token=[A-Za-z0-9_-]{43}\b/);
  });

  it("links to the phone interface when asked from a phone, in the member's language", async () => {
    const ctx = app();
    const { user } = await buildUser(ctx, { lang: 'zh-TW' });

    await as(ctx).post('/member/index/forget', { email: user.email }, { headers: { 'user-agent': IPHONE } });
    await ctx.flushMail();

    const [mail] = mailsTo(ctx, user.email);
    expect(mail!.subject).toBe('重設您的 Kindred 密碼');
    expect(mail!.text).toContain('/m/reset-password?token=');
  });

  it('mails nothing for a disabled account', async () => {
    const ctx = app();
    const { user } = await buildUser(ctx, { status: UserStatus.disabled });

    const res = await as(ctx).post('/member/index/forget', { email: user.email });
    await ctx.flushMail();

    expect(res.body.status).toBe(200);
    expect(mailsTo(ctx, user.email)).toHaveLength(0);
  });

  it('stores only a hash of the reset token', async () => {
    const ctx = app();
    const { user } = await buildUser(ctx);

    const token = await requestResetToken(ctx, user.email);

    const rows = await ctx.db.selectFrom('password_resets').select('token_hash').where('user_id', '=', user.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).not.toBe(token);
  });

  it('keeps the old password working until the link is used', async () => {
    const ctx = app();
    const { user, password } = await buildUser(ctx);

    await requestResetToken(ctx, user.email);

    expect((await login(ctx, user.username, password)).body.status).toBe(200);
  });
});

describe('POST /member/index/resetpassword', () => {
  it('sets the new password: it signs in, the old one no longer does', async () => {
    const ctx = app();
    const { user, password } = await buildUser(ctx);
    const token = await requestResetToken(ctx, user.email);

    const res = await as(ctx).post('/member/index/resetpassword', { token, password: 'brandnew1' });

    expect(res.body).toMatchObject({ status: 200, msg: 'Password changed, please sign in' });
    expect((await login(ctx, user.username, 'brandnew1')).body.status).toBe(200);
    expect((await login(ctx, user.username, password)).body.status).toBe(-1);
  });

  it('works only once: a second use answers -1', async () => {
    const ctx = app();
    const { user } = await buildUser(ctx);
    const token = await requestResetToken(ctx, user.email);

    await as(ctx).post('/member/index/resetpassword', { token, password: 'brandnew1' });
    const again = await as(ctx).post('/member/index/resetpassword', { token, password: 'brandnew2' });

    expect(again.body).toMatchObject({ status: -1, error: 'reset_link_invalid' });
    expect((await login(ctx, user.username, 'brandnew1')).body.status).toBe(200);
  });

  it('voids the other links of the account once one is used', async () => {
    const ctx = app();
    const { user } = await buildUser(ctx);
    const first = await requestResetToken(ctx, user.email);
    const second = await requestResetToken(ctx, user.email);
    expect(second).not.toBe(first);

    await as(ctx).post('/member/index/resetpassword', { token: second, password: 'brandnew1' });

    expect((await as(ctx).post('/member/index/resetpassword', { token: first, password: 'brandnew2' })).body.status).toBe(-1);
  });

  it('is valid for one hour', async () => {
    let clock = Date.UTC(2030, 2, 1, 9);
    const ctx = await startApp({ now: () => clock });
    const { user } = await buildUser(ctx);
    const stillValid = await requestResetToken(ctx, user.email);
    const expired = await requestResetToken(ctx, user.email);

    clock += LIMITS.resetLinkTtlMs;
    expect((await as(ctx).post('/member/index/resetpassword', { token: expired, password: 'brandnew1' })).body).toMatchObject({
      status: -1,
      error: 'reset_link_invalid',
    });
    clock -= 1;
    expect((await as(ctx).post('/member/index/resetpassword', { token: stillValid, password: 'brandnew1' })).body.status).toBe(200);
  });

  it('refuses an expired link stored in the database', async () => {
    const ctx = app();
    const { user, password } = await buildUser(ctx);
    const token = await requestResetToken(ctx, user.email);
    await ctx.db.updateTable('password_resets').set({ expires_at: Date.now() - 1 }).where('user_id', '=', user.id).execute();

    const res = await as(ctx).post('/member/index/resetpassword', { token, password: 'brandnew1' });

    expect(res.body.status).toBe(-1);
    expect((await login(ctx, user.username, password)).body.status).toBe(200);
  });

  it('answers -1 to a token that was never issued', async () => {
    const ctx = app();

    const res = await as(ctx).post('/member/index/resetpassword', { token: 'made-up-token', password: 'brandnew1' });

    expect(res.body).toMatchObject({ status: -1, error: 'reset_link_invalid' });
  });

  it('ends every session of the account', async () => {
    const ctx = app();
    const { user, token: session } = await buildUser(ctx);
    const resetToken = await requestResetToken(ctx, user.email);

    await as(ctx).post('/member/index/resetpassword', { token: resetToken, password: 'brandnew1' });

    expect((await as(ctx, session).post('/member/index/userinfo')).http).toBe(401);
  });

  it('applies the password rules (6 to 18 characters)', async () => {
    const ctx = app();
    const { user } = await buildUser(ctx);
    const token = await requestResetToken(ctx, user.email);

    for (const password of ['12345', 'p'.repeat(19)]) {
      const res = await as(ctx).post('/member/index/resetpassword', { token, password });
      expect(res.http).toBe(400);
      expect(res.body.data.fields).toHaveProperty('password');
    }
    expect((await as(ctx).post('/member/index/resetpassword', { token, password: 'p'.repeat(18) })).body.status).toBe(200);
  });
});

describe('POST /member/index/changepwd', () => {
  it('changes the password, ends the other sessions and keeps the current one', async () => {
    const ctx = app();
    const { user, password, token: current } = await buildUser(ctx);
    const other = (await login(ctx, user.username, password)).body.data.token as string;

    const res = await as(ctx, current).post('/member/index/changepwd', { oldpassword: password, newpassword: 'changed99' });

    expect(res.body).toMatchObject({ status: 200, msg: 'Modified success' });
    const otherAfter = await as(ctx, other).post('/member/index/userinfo');
    expect(otherAfter.http).toBe(401);
    expect(otherAfter.body.status).toBe(401);
    expect((await as(ctx, current).post('/member/index/userinfo')).body.status).toBe(200);
    expect((await login(ctx, user.username, 'changed99')).body.status).toBe(200);
    expect((await login(ctx, user.username, password)).body.status).toBe(-1);
  });

  it('answers status 0 when the old password is wrong, and changes nothing', async () => {
    const ctx = app();
    const { user, password, token } = await buildUser(ctx);

    const res = await as(ctx, token).post('/member/index/changepwd', { oldpassword: 'wrong-one', newpassword: 'changed99' });

    expect(res.http).toBe(200);
    expect(res.body).toMatchObject({ status: 0, error: 'old_password_wrong' });
    expect((await login(ctx, user.username, password)).body.status).toBe(200);
  });

  it('trims the passwords at the edges, as the forms do', async () => {
    const ctx = app();
    const { user, password, token } = await buildUser(ctx);

    await as(ctx, token).post('/member/index/changepwd', { oldpassword: ` ${password} `, newpassword: '  changed99  ' });

    expect((await login(ctx, user.username, 'changed99')).body.status).toBe(200);
  });

  it('answers HTTP 400 to a new password longer than 18 or shorter than 6, or missing fields', async () => {
    const ctx = app();
    const { password, token } = await buildUser(ctx);

    for (const [form, field] of [
      [{ oldpassword: password, newpassword: 'p'.repeat(19) }, 'newpassword'],
      [{ oldpassword: password, newpassword: '12345' }, 'newpassword'],
      [{ newpassword: 'changed99' }, 'oldpassword'],
    ] as const) {
      const res = await as(ctx, token).post('/member/index/changepwd', form);
      expect(res.http).toBe(400);
      expect(res.body.data.fields).toHaveProperty(field);
    }
  });

  it('needs a token', async () => {
    const ctx = app();

    const res = await as(ctx).post('/member/index/changepwd', { oldpassword: 'secret123', newpassword: 'changed99' });

    expect(res.http).toBe(401);
  });
});
