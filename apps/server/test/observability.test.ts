import { SOCKET_CLOSE } from '@kindred/protocol';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { readiness } from '../src/http/observability.js';
import { say, sayOk } from './helpers/chat.js';
import { as, buildUser, DEFAULT_PASSWORD } from './helpers/factories.js';
import { clientId, connectMember, connectSocket, type SocketClient } from './helpers/socket-client.js';
import { startApp, type TestApp } from './helpers/test-app.js';

/**
 * Issue 15, item 4: GET /metrics in Prometheus format (from loopback unless METRICS_ALLOW or
 * METRICS_TOKEN say otherwise), GET /readyz for the balancer, GET /healthz for liveness only.
 */

type Labels = Record<string, string>;
interface Sample {
  name: string;
  labels: Labels;
  value: number;
}

/** The samples of a Prometheus text exposition. */
function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)$/.exec(line);
    if (!match) continue;
    const labels: Labels = {};
    for (const pair of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[pair[1]!] = pair[2]!;
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The value of the one sample called `name` whose labels include `labels` (undefined: none). */
function value(samples: Sample[], name: string, labels: Labels = {}): number | undefined {
  const found = samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return found[0]?.value;
}

async function scrape(ctx: TestApp): Promise<Sample[]> {
  const res = await ctx.app.inject({ method: 'GET', url: '/metrics' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parse(res.body);
}

/** Polls `check` until it passes, at most `ms` (a socket's close reaches the server a moment later). */
async function eventually(check: () => Promise<void>, ms = 3_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

let sequence = 0;
const ping = (socket: SocketClient) => {
  const req = `p${++sequence}`;
  socket.send({ opt: 101, req });
  return socket.answerTo(req);
};

describe('GET /metrics', () => {
  it('times requests by route pattern and counts messages, group commits, sockets, database errors and refusals', async () => {
    const ctx = await startApp({ env: { AUTH_RATE_LIMIT: '2', CHAT_RATE_LIMIT: '8', SOCKET_MAX_PER_MEMBER: '1' } });
    const alice = await buildUser(ctx);
    const bob = await buildUser(ctx);

    // HTTP: the same call written three ways is one route; parameters stay out of the labels.
    for (const url of ['/member/index/userinfo', '/Member/Index/UserInfo/', '/member/index/userinfo?x=1']) {
      expect((await as(ctx, alice.token).post(url)).http).toBe(200);
    }
    for (const code of ['abc', 'xyz']) expect((await ctx.app.inject({ method: 'GET', url: `/invitation/${code}` })).statusCode).toBe(302);
    expect((await as(ctx).post('/no/such/call')).http).toBe(404);
    const logins = [];
    for (let i = 0; i < 3; i++) logins.push((await as(ctx).post('/member/index/login', { account: alice.user.username, password: DEFAULT_PASSWORD })).http);
    expect(logins).toEqual([200, 200, 429]);

    // Live connection: three messages stored, one resend (a unique violation in the database).
    const { socket: a } = await connectMember(ctx, alice.token);
    const { socket: b } = await connectMember(ctx, bob.token);
    const resent = clientId();
    await sayOk(a, bob.user.id, 'one', resent);
    await sayOk(a, bob.user.id, 'two');
    await sayOk(a, bob.user.id, 'three');
    expect(await say(a, bob.user.id, 'one', resent)).toMatchObject({ kind: 2, duplicate: 1 });
    // Over CHAT_RATE_LIMIT (8 frames a minute): four used, four more pass, the ninth is refused.
    const pings = [];
    for (let i = 0; i < 5; i++) pings.push(await ping(a));
    expect(pings.map((p) => p.kind)).toEqual([14, 14, 14, 14, 10]);
    // Over SOCKET_MAX_PER_MEMBER (1): refused at the upgrade (HTTP 429) and after an init (4409).
    await expect(connectSocket(ctx, bob.token)).rejects.toMatchObject({ statusCode: 429 });
    const byInit = await connectSocket(ctx);
    byInit.send({ opt: 100, uid: bob.user.id, token: bob.token });
    expect((await byInit.closed).code).toBe(SOCKET_CLOSE.tooManySockets);

    const samples = await scrape(ctx);
    const requests = (labels: Labels) => value(samples, 'kindred_http_request_duration_seconds_count', labels);
    expect(requests({ method: 'POST', route: '/member/index/userinfo', status_code: '200' })).toBe(3);
    expect(requests({ method: 'GET', route: '/invitation/:code', status_code: '302' })).toBe(2);
    expect(requests({ method: 'POST', route: 'unmatched', status_code: '404' })).toBe(1);
    expect(requests({ method: 'POST', route: '/member/index/login', status_code: '429' })).toBe(1);
    expect(requests({ method: 'GET', route: '/socket', status_code: '429' })).toBe(1);
    expect(samples.some((s) => /abc|xyz|x=1|UserInfo/.test(Object.values(s.labels).join(' ')))).toBe(false);
    expect(value(samples, 'kindred_http_request_duration_seconds_bucket', { method: 'POST', route: '/member/index/userinfo', status_code: '200', le: '+Inf' })).toBe(3);

    expect(value(samples, 'kindred_chat_messages_total')).toBe(3);
    expect(value(samples, 'kindred_group_commit_batch_size_sum', { writer: 'chat' })).toBe(3);
    expect(value(samples, 'kindred_group_commit_wait_seconds_count', { writer: 'chat' })).toBe(3);
    expect(value(samples, 'kindred_group_commit_wait_seconds_sum', { writer: 'chat' })).toBeGreaterThan(0);
    expect(value(samples, 'kindred_database_errors_total', { code: ctx.database.dialect === 'sqlite' ? 'SQLITE_CONSTRAINT_UNIQUE' : '23505' })).toBeGreaterThanOrEqual(1);
    expect(value(samples, 'kindred_sockets_open')).toBe(2);
    expect(value(samples, 'kindred_rate_limit_refusals_total', { kind: 'http' })).toBe(2);
    expect(value(samples, 'kindred_rate_limit_refusals_total', { kind: 'socket_messages' })).toBe(1);
    expect(value(samples, 'kindred_rate_limit_refusals_total', { kind: 'socket_connections' })).toBe(1);
    // The process's own figures come along.
    expect(value(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(value(samples, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);

    await a.close();
    await b.close();
    await eventually(async () => expect(value(await scrape(ctx), 'kindred_sockets_open')).toBe(0));
  });

  it('is refused outside METRICS_ALLOW (default: loopback), and a proxy we do not trust cannot make a visitor loopback', async () => {
    const ctx = await startApp();
    const get = (remoteAddress: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });

    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) expect((await get(address)).statusCode, address).toBe(200);
    for (const address of ['203.0.113.7', '10.1.2.3', '::ffff:203.0.113.7', '2001:db8::1']) {
      const res = await get(address);
      expect(res.statusCode, address).toBe(403);
      expect(res.json()).toMatchObject({ error: 'no_permission', data: null });
      expect(res.body).not.toMatch(/kindred_/);
    }
    // nginx on the same machine, TRUST_PROXY unset: every visitor arrives from 127.0.0.1.
    expect((await get('127.0.0.1', { 'x-forwarded-for': '203.0.113.7' })).statusCode).toBe(403);
    // The probes stay open to everyone (a balancer may be anywhere).
    expect((await ctx.app.inject({ method: 'GET', url: '/readyz', remoteAddress: '203.0.113.7' })).statusCode).toBe(200);
  });

  it('lets in the listed addresses and ranges, and METRICS_TOKEN from anywhere', async () => {
    const token = 'a-long-metrics-token-0123456789';
    const ctx = await startApp({ env: { METRICS_ALLOW: '10.0.0.0/8, 192.0.2.1, uniquelocal', METRICS_TOKEN: token } });
    const get = (remoteAddress: string, authorization?: string) =>
      ctx.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers: authorization ? { authorization } : {} });

    for (const address of ['10.1.2.3', '192.0.2.1', '192.168.1.20', 'fd00::5']) expect((await get(address)).statusCode, address).toBe(200);
    for (const address of ['127.0.0.1', '192.0.2.2', '203.0.113.7']) expect((await get(address)).statusCode, address).toBe(403);
    expect((await get('203.0.113.7', `Bearer ${token}`)).statusCode).toBe(200);
    expect((await get('203.0.113.7', `Bearer ${token}x`)).statusCode).toBe(403);
    expect((await get('203.0.113.7', token)).statusCode).toBe(403);
  });

  it('follows TRUST_PROXY for the client address, and METRICS_ALLOW=public opens it', async () => {
    const behindProxy = await startApp({ env: { TRUST_PROXY: '1' } });
    const via = (forwardedFor: string) =>
      behindProxy.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': forwardedFor } });
    expect((await via('203.0.113.7')).statusCode).toBe(403);
    expect((await via('127.0.0.1')).statusCode).toBe(200);

    const open = await startApp({ env: { METRICS_ALLOW: 'public' } });
    expect((await open.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.7' })).statusCode).toBe(200);
  });

  it('stops the start on a METRICS_ALLOW or METRICS_TOKEN it cannot use', () => {
    for (const env of [{ METRICS_ALLOW: 'everyone' }, { METRICS_ALLOW: '10.0.0.0/33' }, { METRICS_ALLOW: '300.1.1.1' }, { METRICS_TOKEN: 'short' }]) {
      expect(() => loadConfig(env, '/tmp'), JSON.stringify(env)).toThrow(ConfigError);
    }
    expect(loadConfig({}, '/tmp').metrics).toEqual({ allow: ['loopback'], token: undefined });
    expect(loadConfig({ METRICS_ALLOW: 'none', METRICS_TOKEN: 'x'.repeat(16) }, '/tmp').metrics).toEqual({ allow: [], token: 'x'.repeat(16) });
  });
});

describe('GET /readyz and GET /healthz', () => {
  it('answers 503 database_unreachable when the database is down, while /healthz stays 200', async () => {
    const ctx = await startApp();
    expect((await ctx.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);

    await ctx.database.destroy();

    const ready = await ctx.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable', reason: 'database_unreachable' });
    const live = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
  });

  it('answers 503 disk_low when free space is below MIN_FREE_DISK_MB, while /healthz stays 200', async () => {
    const ctx = await startApp({ env: { MIN_FREE_DISK_MB: String(1024 ** 4) } });

    const ready = await ctx.app.inject({ method: 'GET', url: '/readyz' });

    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'unavailable', reason: 'disk_low' });
    expect((await ctx.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it('is not ready while Redis is disconnected or does not answer', async () => {
    const ctx = await startApp();
    const storageHealth = { check: async () => ({ ok: true as const }) };
    const redis = (status: string, ping: () => Promise<'PONG'>) => ({ status, ping }) as never;
    const never = () => new Promise<'PONG'>(() => undefined);

    expect(await readiness({ database: ctx.database, storageHealth, redis: redis('ready', async () => 'PONG') })).toEqual({ ok: true });
    expect(await readiness({ database: ctx.database, storageHealth, redis: redis('reconnecting', never) })).toEqual({
      ok: false,
      reason: 'redis_unreachable',
      detail: 'connection reconnecting',
    });
    expect(await readiness({ database: ctx.database, storageHealth, redis: redis('ready', never) }, 50)).toEqual({
      ok: false,
      reason: 'redis_unreachable',
      detail: 'no answer in 50 ms',
    });
  });
});
