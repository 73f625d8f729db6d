import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { storageFailureCode } from '../src/db/storage-failure.js';
import { FAILURE_HOLD_MS, StorageHealth } from '../src/db/storage-health.js';
import { as, buildUser, DEFAULT_PASSWORD } from './helpers/factories.js';
import { connectMember } from './helpers/socket-client.js';
import { startApp, testDialect, type TestApp } from './helpers/test-app.js';

/**
 * Hardening finding 11: on a full disk members who are signed in keep reading, writes answer a
 * clear 503, /readyz says why (while /healthz, the liveness check, stays 200) and the log tells the operator. The storage is made to refuse
 * writes for real, inside the engine: SQLite's query_only (SQLITE_READONLY on every write of the
 * app's one connection), PostgreSQL triggers raising disk_full (53100) in the test's own schema.
 */
async function refuseWrites(ctx: TestApp): Promise<() => Promise<void>> {
  if (testDialect() === 'sqlite') {
    await sql`pragma query_only = 1`.execute(ctx.db);
    return async () => void (await sql`pragma query_only = 0`.execute(ctx.db));
  }
  await sql`create function disk_full() returns trigger language plpgsql as $$
    begin raise exception 'could not extend file: No space left on device' using errcode = 'disk_full'; end $$`.execute(ctx.db);
  for (const table of ['users', 'sessions']) {
    await sql`create trigger ${sql.id(`${table}_disk_full`)} before insert or update on ${sql.table(table)} for each statement execute function disk_full()`.execute(ctx.db);
  }
  return async () => void (await sql`drop function disk_full() cascade`.execute(ctx.db));
}

const MINUTE = 60_000;

describe('a disk that takes no more writes', () => {
  it('keeps signed-in members reading, answers writes with 503 storage_unavailable and makes /readyz say so', async () => {
    let clock = Date.now();
    const ctx = await startApp({ now: () => clock });
    const member = await buildUser(ctx);
    const health = async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/readyz' });
      return { http: res.statusCode, body: res.json() };
    };
    const live = async () => (await ctx.app.inject({ method: 'GET', url: '/healthz' })).statusCode;
    expect(await health()).toEqual({ http: 200, body: { status: 'ok' } });
    const allowWrites = await refuseWrites(ctx);

    // Past the once-a-minute activity stamp, which now cannot be written: the read still answers.
    clock += 2 * MINUTE;
    const info = await as(ctx, member.token).post('/member/index/userinfo');
    expect(info.http).toBe(200);
    expect(info.body.data.username).toBe(member.user.username);

    const write = await as(ctx, member.token).post('/member/index/changesignature', { signature: 'hello' });
    expect(write.http).toBe(503);
    expect(write.body).toEqual({ status: 503, msg: expect.any(String), data: null, error: 'storage_unavailable' });
    const signIn = await as(ctx).post('/member/index/login', { account: member.user.username, password: DEFAULT_PASSWORD });
    expect(signIn.http).toBe(503);
    expect(signIn.body.error).toBe('storage_unavailable');

    const unhealthy = await health();
    expect(unhealthy.http).toBe(503);
    expect(unhealthy.body).toMatchObject({ status: 'unavailable', reason: 'writes_failing' });
    expect(unhealthy.body.detail).toMatch(/SQLITE_READONLY|53100/);
    expect(await live()).toBe(200);

    // Space again: sign-in works at once, health once no write has failed for a while.
    await allowWrites();
    const again = await as(ctx).post('/member/index/login', { account: member.user.username, password: DEFAULT_PASSWORD });
    expect(again.body.status).toBe(200);
    clock += FAILURE_HOLD_MS;
    expect(await health()).toEqual({ http: 200, body: { status: 'ok' } });
  });

  it('answers /readyz 503 disk_low when free space under DATA_DIR is below MIN_FREE_DISK_MB, /healthz still 200', async () => {
    // No disk here has an exabyte free: the real statfs of the test's data folder is "too little".
    const ctx = await startApp({ env: { MIN_FREE_DISK_MB: String(1024 ** 4) } });

    const res = await ctx.app.inject({ method: 'GET', url: '/readyz' });
    const live = await ctx.app.inject({ method: 'GET', url: '/healthz' });

    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'unavailable', reason: 'disk_low', detail: expect.stringMatching(/MB free under DATA_DIR, below MIN_FREE_DISK_MB/) });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
  });
});

describe('StorageHealth', () => {
  const logger = () => {
    const lines: { level: string; msg: string }[] = [];
    return { lines, log: { error: (_: unknown, msg: string) => void lines.push({ level: 'error', msg }), info: (_: unknown, msg: string) => void lines.push({ level: 'info', msg }) } };
  };

  it('tells the operator once when space runs low, and once when it is back', async () => {
    let free = 10 * 1_048_576;
    const { lines, log } = logger();
    const health = new StorageHealth({ dataDir: '/data', minFreeBytes: 100 * 1_048_576, log, freeBytes: async () => free });

    expect(await health.check()).toMatchObject({ ok: false, reason: 'disk_low', detail: '10 MB free under DATA_DIR, below MIN_FREE_DISK_MB (100)' });
    await health.check();
    free = 500 * 1_048_576;
    expect(await health.check()).toEqual({ ok: true, freeBytes: free });

    expect(lines).toEqual([
      { level: 'error', msg: 'storage unhealthy: 10 MB free under DATA_DIR, below MIN_FREE_DISK_MB (100)' },
      { level: 'info', msg: 'storage healthy again' },
    ]);
  });

  it('logs repeated write failures at most once a minute', () => {
    let now = 0;
    const { lines, log } = logger();
    const health = new StorageHealth({ dataDir: '/data', minFreeBytes: 0, log, now: () => now });
    for (let i = 0; i < 50; i++) health.failed(new Error('full'), 'SQLITE_FULL');
    now += 61_000;
    health.failed(new Error('full'), 'SQLITE_FULL');

    expect(lines.map((l) => l.level)).toEqual(['error', 'error']);
    expect(lines[0]!.msg).toMatch(/^storage failure \(SQLITE_FULL\)/);
  });
});

describe('storageFailureCode', () => {
  it('recognises a real SQLITE_FULL, disk errors of every source, and nothing else', () => {
    const db = new SQLite(':memory:');
    db.pragma('max_page_count = 2');
    db.exec('create table filler (blob blob)');
    let full: unknown;
    try {
      for (let i = 0; i < 100; i++) db.prepare('insert into filler values (zeroblob(4096))').run();
    } catch (error) {
      full = error;
    }
    db.close();

    expect(storageFailureCode(full)).toBe('SQLITE_FULL');
    for (const code of ['SQLITE_IOERR_WRITE', 'SQLITE_READONLY', '53100', '58030', 'ENOSPC', 'EDQUOT']) expect(storageFailureCode({ code })).toBe(code);
    for (const error of [new Error('boom'), { code: 'SQLITE_CONSTRAINT_UNIQUE' }, { code: '23505' }, { code: 'SQLITE_FULLY' }, null, undefined]) {
      expect(storageFailureCode(error)).toBeUndefined();
    }
  });
});

describe('live connections on a disk that takes no more writes', () => {
  it('still opens a signed-in member’s socket with its catch-up, and closes it cleanly', async () => {
    const ctx = await startApp();
    const member = await buildUser(ctx);
    const allowWrites = await refuseWrites(ctx);
    try {
      // Opening stamps the member's activity (a write that now fails): the socket must not care.
      const { socket, contacts } = await connectMember(ctx, member.token);
      expect(contacts).toMatchObject({ kind: 0, status: 'success', uid: member.user.id });
      await socket.close();
      expect(await ctx.services.presence.isOnline(member.user.id)).toBe(false);
    } finally {
      await allowWrites();
    }
  });
});
