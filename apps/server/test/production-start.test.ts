import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { loadConfig, REPO_ROOT } from '../src/config.js';
import { DEMO_STAFF_PASSWORD } from '../src/db/seed/demo.js';
import { prepareAccounts } from '../src/db/seed/start-accounts.js';
import { freePort } from './helpers/cluster.js';
import { as } from './helpers/factories.js';
import { createTestDatabase, startApp, testDialect } from './helpers/test-app.js';

const CWD = '/srv/kindred';

const memberCount = async (ctx: { db: import('../src/db/database.js').Db }) =>
  Number((await ctx.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('role', '=', 'member').executeTakeFirstOrThrow()).n);

describe('the demo community and staff passwords at start (issue 9, finding 2)', () => {
  it('seeds the demo community by default everywhere but in production, where only SEED_DEMO=true asks for it', () => {
    expect(loadConfig({}, CWD).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }, CWD).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }, CWD).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: '' }, CWD).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true' }, CWD).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', SEED_DEMO: 'false' }, CWD).seedDemo).toBe(false);
  });

  it('in production: no demo members on an empty database and no staff password until one is set', async () => {
    const ctx = await startApp();
    const production = loadConfig({ NODE_ENV: 'production', DATA_DIR: ctx.dataDir }, ctx.dataDir);

    const accounts = await prepareAccounts(ctx.db, production, { hasher: ctx.hasher, storage: ctx.storage });

    expect(accounts.seeded).toBeNull();
    expect(await memberCount(ctx)).toBe(0);
    expect(accounts.staff.map((s) => [s.username, s.password])).toEqual([
      ['admin', 'none'],
      ['Support', 'none'],
    ]);
    for (const account of ['admin', 'Support']) {
      const res = await as(ctx).post('/member/index/login', { account, password: DEMO_STAFF_PASSWORD });
      expect(res.body, account).toMatchObject({ status: -1, error: 'login_failed' });
    }
  });

  it('in production removes a demo staff password an earlier start left, and sets the one ADMIN_PASSWORD gives', async () => {
    const ctx = await startApp();
    const demoHash = await ctx.hasher.hash(DEMO_STAFF_PASSWORD);
    await ctx.db.updateTable('users').set({ password_hash: demoHash }).where('id', 'in', [1, 2]).execute();
    const production = loadConfig({ NODE_ENV: 'production', DATA_DIR: ctx.dataDir, ADMIN_PASSWORD: 'a-long-admin-secret' }, ctx.dataDir);

    const accounts = await prepareAccounts(ctx.db, production, { hasher: ctx.hasher, storage: ctx.storage });

    expect(accounts.demoPasswordRemoved).toEqual(['Support']);
    expect(accounts.staff.map((s) => s.password)).toEqual(['set', 'none']);
    expect((await as(ctx).post('/member/index/login', { account: 'admin', password: DEMO_STAFF_PASSWORD })).body.error).toBe('login_failed');
    expect((await as(ctx).post('/member/index/login', { account: 'Support', password: DEMO_STAFF_PASSWORD })).body.error).toBe('login_failed');
    expect((await as(ctx).post('/member/index/login', { account: 'admin', password: 'a-long-admin-secret' })).body.status).toBe(200);
  });

  it('outside production a demo staff password stays (the README documents it)', async () => {
    const ctx = await startApp();
    await ctx.db.updateTable('users').set({ password_hash: await ctx.hasher.hash(DEMO_STAFF_PASSWORD) }).where('id', '=', 1).execute();
    const development = loadConfig({ NODE_ENV: 'development', DATA_DIR: ctx.dataDir, SEED_DEMO: 'false' }, ctx.dataDir);

    const accounts = await prepareAccounts(ctx.db, development, { hasher: ctx.hasher, storage: ctx.storage });

    expect(accounts.staff.map((s) => s.password)).toEqual(['demo', 'none']);
    expect(accounts.demoPasswordRemoved).toEqual([]);
  });

  it('a real production start (main.ts) on an empty database seeds nothing, prints no password and says how to set one', { timeout: 90_000 }, async () => {
    const database = await createTestDatabase();
    onTestFinished(() => database.drop());
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        LOG_LEVEL: 'warn',
        DATA_DIR: database.dataDir,
        WEB_DIST: path.join(database.dataDir, 'web'),
        ...(testDialect() === 'postgres' ? { DATABASE_URL: database.databaseUrl! } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
    onTestFinished(async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    });
    // Ready: the banner (one console.log) and both warnings (pino writes them on its own schedule) are out.
    const ready = () => output.includes('Staff accounts:') && ['ADMIN_PASSWORD', 'SUPPORT_PASSWORD'].every((v) => output.includes(`set ${v} (at least 8 characters) and restart to sign in`));
    await new Promise<void>((resolve, reject) => {
      const deadline = setTimeout(() => reject(new Error(`no banner and warnings within 60 s:\n${output}`)), 60_000);
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        if (ready()) {
          clearTimeout(deadline);
          resolve();
        }
      };
      child.stdout!.on('data', read);
      child.stderr!.on('data', read);
      void exited.then(() => reject(new Error(`the server exited before it was ready:\n${output}`)));
    });

    expect(output).not.toContain(DEMO_STAFF_PASSWORD);
    expect(output).not.toContain('kindred123');
    expect(output).toMatch(/admin +administrator, no password yet: set ADMIN_PASSWORD/);
    expect(output).toMatch(/"account":"Support","msg":"staff account without a password: set SUPPORT_PASSWORD/);
    expect(output).not.toContain('Demo accounts');
    expect(await memberCount(database.handle)).toBe(0);

    const login = await fetch(`http://127.0.0.1:${port}/member/index/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ account: 'admin', password: DEMO_STAFF_PASSWORD }).toString(),
    });
    expect(await login.json()).toMatchObject({ status: -1, error: 'login_failed' });
  });
});
