import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseTrustProxy, fastifyTrustProxy, type TrustProxy } from '../src/http/trust-proxy.js';
import { AuthThrottle, backoffSeconds } from '../src/modules/auth/auth-throttle.js';
import { DomainError } from '../src/errors.js';
import { hashToken, newToken } from '../src/infra/tokens.js';
import { buildUser } from './helpers/factories.js';
import { readOutbox } from './helpers/mail.js';
import { startApp, type TestApp } from './helpers/test-app.js';

/** A form post from a given client address (the socket's peer) with optional extra headers. */
async function postFrom(ctx: TestApp, url: string, form: Record<string, string>, from: string, headers: Record<string, string> = {}) {
  const res = await ctx.app.inject({
    method: 'POST',
    url,
    remoteAddress: from,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(form).toString(),
  });
  return { http: res.statusCode, body: res.json() };
}

const login = (ctx: TestApp, account: string, password: string, from: string) => postFrom(ctx, '/member/index/login', { account, password }, from);

describe('sign-in limits per account (issue 9, finding 5)', () => {
  it('counts failed sign-ins on one account from any address, then refuses even the right password with 429', async () => {
    const ctx = await startApp({ env: { LOGIN_FAILURE_LIMIT: '3' } });
    const { user, password } = await buildUser(ctx);

    // Ten addresses, one account: the first 3 attempts are free, the 4th opens a one-minute wait.
    const answers = [];
    for (let i = 1; i <= 4; i++) answers.push(await login(ctx, user.username, 'wrong-guess', `198.51.100.${i}`));
    expect(answers.map((a) => a.body.error)).toEqual(['login_failed', 'login_failed', 'login_failed', 'login_failed']);

    for (let i = 5; i <= 10; i++) {
      const res = await login(ctx, i % 2 ? user.email : user.username.toUpperCase(), i === 10 ? password : 'wrong-guess', `198.51.100.${i}`);
      expect([res.http, res.body.status, res.body.error], `address ${i}`).toEqual([429, 429, 'rate_limited']);
      expect(res.body.data.retry_after).toBeGreaterThan(50);
      expect(res.body.data.retry_after).toBeLessThanOrEqual(60);
    }
    // Another account is not held back.
    const other = await buildUser(ctx);
    expect((await login(ctx, other.user.username, other.password, '198.51.100.1')).body.status).toBe(200);
  });

  it('puts the change-password check under the same back-off: a stolen session cannot guess the password', async () => {
    const ctx = await startApp({ env: { LOGIN_FAILURE_LIMIT: '2' } });
    const { user, password, token } = await buildUser(ctx);
    const change = (oldpassword: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/member/index/changepwd',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ oldpassword, newpassword: 'brand-new-1', renewpassword: 'brand-new-1' }).toString(),
      });
    const errors = [];
    for (let i = 0; i < 4; i++) errors.push((await change('wrong-guess')).json().error);
    expect(errors).toEqual(['old_password_wrong', 'old_password_wrong', 'old_password_wrong', 'rate_limited']);
    // The account waits, the right password included, on sign-in too.
    expect((await change(password)).statusCode).toBe(429);
    expect((await login(ctx, user.username, password, '198.51.100.9')).http).toBe(429);
  });

  it('answers an unknown account exactly like a known one, so the limit tells nothing', async () => {
    const ctx = await startApp({ env: { LOGIN_FAILURE_LIMIT: '2' } });
    const { user } = await buildUser(ctx);
    const run = async (account: string) => {
      const out = [];
      for (let i = 1; i <= 4; i++) out.push((await login(ctx, account, 'wrong-guess', `203.0.113.${i}`)).body.error);
      return out;
    };

    expect(await run(user.username)).toEqual(['login_failed', 'login_failed', 'login_failed', 'rate_limited']);
    expect(await run('nobody4711')).toEqual(['login_failed', 'login_failed', 'login_failed', 'rate_limited']);
  });

  it('lets a parallel burst of guesses check at most the free attempts plus one', async () => {
    const ctx = await startApp({ env: { LOGIN_FAILURE_LIMIT: '3' } });
    const { user } = await buildUser(ctx);

    const burst = await Promise.all(Array.from({ length: 24 }, (_, i) => login(ctx, user.username, `guess-${i}`, `192.0.2.${i + 1}`)));

    const checked = burst.filter((r) => r.body.error === 'login_failed').length;
    const refused = burst.filter((r) => r.http === 429).length;
    expect(checked).toBe(4);
    expect(refused).toBe(20);
  });

  it('a correct password clears the count, and a completed password reset lifts a wait', async () => {
    const ctx = await startApp({ env: { LOGIN_FAILURE_LIMIT: '2' } });
    const { user, password } = await buildUser(ctx);

    await login(ctx, user.username, 'wrong-guess', '192.0.2.1');
    await login(ctx, user.username, 'wrong-guess', '192.0.2.2');
    expect((await login(ctx, user.username, password, '192.0.2.3')).body.status).toBe(200);
    // Counting starts again: two more free attempts.
    expect((await login(ctx, user.username, 'wrong-guess', '192.0.2.4')).body.error).toBe('login_failed');
    expect((await login(ctx, user.username, 'wrong-guess', '192.0.2.4')).body.error).toBe('login_failed');
    expect((await login(ctx, user.username, 'wrong-guess', '192.0.2.4')).body.error).toBe('login_failed');
    expect((await login(ctx, user.username, password, '192.0.2.4')).http).toBe(429);

    const token = newToken();
    await ctx.services.repositories.resets.insert({ user_id: user.id, token_hash: hashToken(token), created_at: ctx.now(), expires_at: ctx.now() + 3_600_000 });
    expect((await postFrom(ctx, '/member/index/resetpassword', { token, password: 'brand-new-pw' }, '192.0.2.9')).body.status).toBe(200);
    expect((await login(ctx, user.username, 'brand-new-pw', '192.0.2.4')).body.status).toBe(200);
  });
});

describe('the back-off (auth-throttle.ts)', () => {
  afterEach(() => vi.useRealTimers());

  it('waits 1, 2, 4, 8 minutes, then 15 at most', () => {
    expect([1, 2, 3, 4, 5, 6, 40].map(backoffSeconds)).toEqual([60, 120, 240, 480, 900, 900, 900]);
  });

  it('takes one attempt per waiting period once the free attempts are used, each period twice the last', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    const throttle = new AuthThrottle({ prefix: 't:', loginFailures: 2, recoveryMailsPerHour: 3 });
    const attempt = async () => {
      try {
        await throttle.beginLogin('u:7');
        return 'checked';
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        return `wait ${(error.data as { retry_after: number }).retry_after}`;
      }
    };

    expect([await attempt(), await attempt(), await attempt(), await attempt()]).toEqual(['checked', 'checked', 'checked', 'wait 60']);
    vi.advanceTimersByTime(60_000);
    expect([await attempt(), await attempt()]).toEqual(['checked', 'wait 120']);
    vi.advanceTimersByTime(119_000);
    expect(await attempt()).toBe('wait 1');
    vi.advanceTimersByTime(1_000);
    expect([await attempt(), await attempt()]).toEqual(['checked', 'wait 240']);
    // An hour later the free attempts are back, but the account is still remembered for a day.
    vi.advanceTimersByTime(3_600_000);
    expect([await attempt(), await attempt()]).toEqual(['checked', 'wait 480']);

    await throttle.clearLogin('u:7');
    expect([await attempt(), await attempt(), await attempt()]).toEqual(['checked', 'checked', 'checked']);
  });
});

describe('recovery and reset limits (issue 9, findings 5 and 7)', () => {
  it('sends at most RECOVERY_MAIL_LIMIT recovery mails per address an hour, whatever the client address, and answers unknown addresses alike', async () => {
    const ctx = await startApp({ env: { RECOVERY_MAIL_LIMIT: '2' } });
    const { user } = await buildUser(ctx);
    const forget = (email: string, i: number) => postFrom(ctx, '/member/index/forget', { email }, `198.51.100.${i}`);

    const known = [];
    for (let i = 1; i <= 5; i++) known.push(await forget(i % 2 ? user.email : user.email.toUpperCase(), i));
    const unknown = [];
    for (let i = 1; i <= 5; i++) unknown.push(await forget('no-one@example.test', i));

    const shape = (r: { http: number; body: { status: number; error?: string } }) => [r.http, r.body.status, r.body.error];
    expect(known.map(shape)).toEqual([[200, 200, undefined], [200, 200, undefined], [429, 429, 'rate_limited'], [429, 429, 'rate_limited'], [429, 429, 'rate_limited']]);
    expect(unknown.map(shape)).toEqual(known.map(shape));
    await ctx.flushMail();
    expect(readOutbox(ctx.outboxDir).filter((m) => m.to.includes(user.email))).toHaveLength(2);
  });

  it('takes a reset link at most 5 times an hour, and 5 resets per account an hour', async () => {
    const ctx = await startApp();
    const { user } = await buildUser(ctx);
    const reset = (token: string) => postFrom(ctx, '/member/index/resetpassword', { token, password: 'another-pw1' }, '192.0.2.50');

    const stale = newToken();
    const tries = [];
    for (let i = 0; i < 6; i++) tries.push((await reset(stale)).body.error);
    expect(tries).toEqual(['reset_link_invalid', 'reset_link_invalid', 'reset_link_invalid', 'reset_link_invalid', 'reset_link_invalid', 'rate_limited']);

    const links = Array.from({ length: 6 }, () => newToken());
    for (const token of links) {
      await ctx.services.repositories.resets.insert({ user_id: user.id, token_hash: hashToken(token), created_at: ctx.now(), expires_at: ctx.now() + 3_600_000 });
    }
    // Each reset ends the links before it, so each round uses a link made after the last reset.
    const statuses = [];
    for (const token of links) {
      await ctx.db.updateTable('password_resets').set({ used_at: null }).where('token_hash', '=', hashToken(token)).execute();
      statuses.push((await reset(token)).body.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('TRUST_PROXY (issue 9, finding 5)', () => {
  it('reads false, true (one hop), a hop count and a list of addresses or ranges, and refuses anything else', () => {
    const value = (raw: string | undefined) => ('value' in parseTrustProxy(raw) ? (parseTrustProxy(raw) as { value: TrustProxy }).value : 'error');
    expect([undefined, '', 'false', '0', 'off'].map(value)).toEqual([false, false, false, false, false]);
    expect(['true', 'yes', '1', '2'].map(value)).toEqual([1, 1, 1, 2]);
    expect(value('10.0.0.5, 10.1.0.0/16,fd00::/8 , loopback')).toEqual(['10.0.0.5', '10.1.0.0/16', 'fd00::/8', 'loopback']);
    expect(['maybe', '10.0.0.300', '10.0.0.0/33', '11', '10.0.0.1,,x'].map(value)).toEqual(['error', 'error', 'error', 'error', 'error']);
  });

  it('takes the client address from the configured hops only, never from what the client wrote further left', async () => {
    const ipSeen = async (setting: string, remoteAddress: string, forwarded?: string) => {
      const parsed = parseTrustProxy(setting);
      if (!('value' in parsed)) throw new Error(parsed.error);
      const app = Fastify({ trustProxy: fastifyTrustProxy(parsed.value) });
      app.get('/', async (req) => req.ip);
      const res = await app.inject({ method: 'GET', url: '/', remoteAddress, headers: forwarded ? { 'x-forwarded-for': forwarded } : {} });
      await app.close();
      return res.body;
    };

    expect(await ipSeen('false', '10.0.0.5', '6.6.6.6, 203.0.113.7')).toBe('10.0.0.5');
    expect(await ipSeen('true', '10.0.0.5', '6.6.6.6, 203.0.113.7')).toBe('203.0.113.7');
    expect(await ipSeen('2', '10.0.0.5', '6.6.6.6, 203.0.113.7, 10.0.0.9')).toBe('203.0.113.7');
    expect(await ipSeen('10.0.0.5', '10.0.0.5', '6.6.6.6, 203.0.113.7')).toBe('203.0.113.7');
    // A client that is not a listed proxy is taken at its word for nothing.
    expect(await ipSeen('10.0.0.5', '198.51.100.4', '6.6.6.6')).toBe('198.51.100.4');
  });

  it('with TRUST_PROXY=true a spoofed X-Forwarded-For no longer escapes the per-address limit', async () => {
    const ctx = await startApp({ env: { TRUST_PROXY: 'true', AUTH_RATE_LIMIT: '3' } });

    // Behind the load balancer (10.0.0.5), which appends the real client (203.0.113.7) to what the client sent.
    const answers = [];
    for (let i = 1; i <= 5; i++) {
      answers.push((await postFrom(ctx, '/member/index/login', { account: `nobody${i}`, password: 'x' }, '10.0.0.5', { 'x-forwarded-for': `6.6.6.${i}, 203.0.113.7` })).http);
    }
    expect(answers).toEqual([200, 200, 200, 429, 429]);
    // Another client behind the same balancer has its own allowance.
    expect((await postFrom(ctx, '/member/index/login', { account: 'nobody9', password: 'x' }, '10.0.0.5', { 'x-forwarded-for': '203.0.113.8' })).http).toBe(200);
  });
});
