import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, inject, onTestFinished } from 'vitest';
import { buildApp, type AppDeps, type Services } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import { openDatabase, type DatabaseHandle, type Db } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { createMailer, type Mailer } from '../../src/infra/mailer.js';
import { PasswordHasher } from '../../src/infra/passwords.js';
import type { Storage } from '../../src/infra/storage.js';
import { createStorage } from '../../src/infra/storage-factory.js';
import { adminQuery } from './pg-admin.js';

/** Which database this run of the suite targets (vitest.config.ts sets it per project). */
export type TestDialect = 'sqlite' | 'postgres';

export function testDialect(): TestDialect {
  const dialect = process.env.KINDRED_TEST_DIALECT ?? 'sqlite';
  if (dialect !== 'sqlite' && dialect !== 'postgres') throw new Error(`KINDRED_TEST_DIALECT must be sqlite or postgres, not ${dialect}`);
  return dialect;
}

/** scrypt with N = 2^10: the same code path as production at a cost tests can afford. */
export const testHasher = () => new PasswordHasher(10);

export interface TestDatabase {
  handle: DatabaseHandle;
  /** What loadConfig would produce for this database (DATABASE_URL for PostgreSQL). */
  databaseUrl?: string;
  dataDir: string;
  /** Closes the connection (if still open), drops the PostgreSQL schema and removes the temp folder. */
  drop(): Promise<void>;
}

/**
 * A brand-new, empty (not migrated) database: a temp SQLite file, or a fresh PostgreSQL schema with
 * a random name in TEST_DATABASE_URL's database, reached through a connection string whose
 * `options=-c search_path=<schema>` makes the migrations and every query land in it. When the suite
 * targets PostgreSQL and it is unreachable this rejects: the test fails, it is never skipped.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kindred-test-'));
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true });

  if (testDialect() === 'sqlite') return sqliteTestDatabase(path.join(dataDir, 'kindred.sqlite'), dataDir);

  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    removeDir();
    throw new Error('KINDRED_TEST_DIALECT=postgres needs TEST_DATABASE_URL');
  }
  const schema = `kt_${randomBytes(6).toString('hex')}`;
  // Kysely's Migrator looks for its bookkeeping tables in *every* schema of the database (when no
  // migrationTableSchema is given) and skips creating them if another test's schema has them; it
  // then fails on ours. Creating them (exactly as Kysely would) in the new schema avoids that.
  try {
    await adminQuery(
      base,
      `create schema "${schema}";
       create table "${schema}".kysely_migration (name varchar(255) not null primary key, timestamp varchar(255) not null);
       create table "${schema}".kysely_migration_lock (id varchar(255) not null primary key, is_locked integer not null default 0);`,
    );
  } catch (error) {
    removeDir();
    throw error;
  }
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return postgresTestDatabase(url, dataDir, () => adminQuery(base, `drop schema if exists "${schema}" cascade`));
}

/**
 * A brand-new, migrated database: a copy of the template that setup/migrated-template.ts migrated
 * once for this run (a file copy on SQLite, `CREATE DATABASE … TEMPLATE` on PostgreSQL), which is
 * what migrating an empty database gives, for a fraction of the cost. Without a template (a config
 * that has no such globalSetup) it migrates an empty database as before.
 */
export async function createMigratedTestDatabase(): Promise<TestDatabase> {
  const template = inject('kindredMigratedTemplate');
  if (!template || template.kind !== testDialect()) {
    const testDb = await createTestDatabase();
    try {
      await migrateToLatest(testDb.handle);
    } catch (error) {
      await testDb.drop().catch(() => undefined);
      throw error;
    }
    return testDb;
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kindred-test-'));
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true });

  if (template.kind === 'sqlite') {
    const file = path.join(dataDir, 'kindred.sqlite');
    fs.copyFileSync(template.file, file);
    return sqliteTestDatabase(file, dataDir);
  }

  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    removeDir();
    throw new Error('KINDRED_TEST_DIALECT=postgres needs TEST_DATABASE_URL');
  }
  const database = `kt_${randomBytes(6).toString('hex')}`;
  try {
    await adminQuery(base, `create database "${database}" template "${template.database}"`);
  } catch (error) {
    removeDir();
    throw error;
  }
  const url = new URL(base);
  url.pathname = `/${database}`;
  // Test databases are thrown away: commits need not wait for the WAL flush (a session setting;
  // a killed server process still loses nothing PostgreSQL acknowledged, only an OS crash could).
  url.searchParams.set('options', '-c synchronous_commit=off');
  return postgresTestDatabase(url, dataDir, () => dropDatabase(base, database));
}


/**
 * Drops a test database once its last connections are gone. A pool or a server process a test
 * closed may still be hanging up: terminating those connections (WITH FORCE) at once would make
 * their clients emit a FATAL error nobody listens to any more, so FORCE is only the last resort.
 */
async function dropDatabase(base: string, database: string): Promise<void> {
  for (let attempt = 0; attempt < 20; attempt++) {
    try {
      await adminQuery(base, `drop database if exists "${database}"`);
      return;
    } catch (error) {
      // 55006 object_in_use: someone is still connected.
      if ((error as { code?: string }).code !== '55006') throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  await adminQuery(base, `drop database if exists "${database}" with (force)`);
}

function postgresTestDatabase(url: URL, dataDir: string, dropStorage: () => Promise<void>): TestDatabase {
  const databaseUrl = url.toString();
  const handle = onceDestroyed(openDatabase({ kind: 'postgres', url: databaseUrl }, { poolSize: 4 }));
  return {
    handle,
    databaseUrl,
    dataDir,
    async drop() {
      await handle.destroy();
      await dropStorage();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function sqliteTestDatabase(file: string, dataDir: string): TestDatabase {
  const handle = onceDestroyed(openDatabase({ kind: 'sqlite', file }));
  return {
    handle,
    dataDir,
    async drop() {
      await handle.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Tests may destroy a database on purpose (to provoke failures); closing it again must not throw. */
function onceDestroyed(handle: DatabaseHandle): DatabaseHandle {
  let destroyed: Promise<void> | undefined;
  return { ...handle, destroy: () => (destroyed ??= handle.destroy()) };
}

export interface TestAppOptions {
  /** Environment overrides, e.g. { AUTH_RATE_LIMIT: '3' }. */
  env?: Record<string, string>;
  /** REGISTRATION_APPROVAL on or off (default off). */
  registrationApproval?: boolean;
  /** The app's clock; tests that travel in time pass their own. */
  now?: () => number;
  /** The password hasher (default: scrypt with N = 2^10). */
  hasher?: PasswordHasher;
  /** A Vite build manifest written beside the stand-in index.html (default: none, as before a build). */
  webManifest?: object;
  /** Where the app logs (with env LOG_LEVEL, default silent): tests that read the log pass a stream. */
  logStream?: AppDeps['logStream'];
}

export interface TestApp {
  app: FastifyInstance;
  services: Services;
  db: Db;
  database: DatabaseHandle;
  config: Config;
  dataDir: string;
  outboxDir: string;
  hasher: PasswordHasher;
  /** The local uploads folder, or the bucket when the env names one (S3_BUCKET). */
  storage: Storage;
  now: () => number;
  /** Resolves once every mail handed to the mailer so far is written to the outbox. */
  flushMail(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A real app on a fresh, migrated database, configured as `npm start` would be apart from: silent
 * logs, a temp data folder, generous rate limits and no sign-up proof-of-work (unless overridden),
 * the outbox mailer and a cheap password hasher. Every call makes a new database; close() removes it.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const testDb = await createMigratedTestDatabase();
  try {
    const webDist = path.join(testDb.dataDir, 'web');
    fs.mkdirSync(path.join(webDist, 'assets'), { recursive: true });
    fs.mkdirSync(path.join(webDist, 'static'), { recursive: true });
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html><head><title>Kindred</title></head><body><div id="root"></div></body></html>');
    if (options.webManifest) {
      fs.mkdirSync(path.join(webDist, '.vite'), { recursive: true });
      fs.writeFileSync(path.join(webDist, '.vite', 'manifest.json'), JSON.stringify(options.webManifest));
    }

    const config = loadConfig(
      {
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATA_DIR: testDb.dataDir,
        WEB_DIST: webDist,
        SEED_DEMO: '0',
        AUTH_RATE_LIMIT: '100000',
        UPLOAD_RATE_LIMIT: '100000',
        // The sign-up proof-of-work is off unless a test is about it (antispam.test.ts turns it on and solves).
        ANTISPAM_POW: '0',
        REGISTRATION_APPROVAL: options.registrationApproval ? '1' : '0',
        ...(testDb.databaseUrl ? { DATABASE_URL: testDb.databaseUrl } : {}),
        ...options.env,
      },
      testDb.dataDir,
    );
    if (config.database.kind !== testDialect()) throw new Error(`config chose ${config.database.kind}, the suite targets ${testDialect()}`);
    // loadConfig picks the same SQLite file createMigratedTestDatabase opened (DATA_DIR/kindred.sqlite).
    // A copy of the migrated template: this only confirms there is nothing left to apply.
    await migrateToLatest(testDb.handle);

    const hasher = options.hasher ?? testHasher();
    const storage = await createStorage(config);
    const outbox = createMailer({ from: config.mailFrom, outboxDir: config.outboxDir });
    const pending = new Set<Promise<void>>();
    const mailer: Mailer = {
      send(message) {
        const sending = outbox.send(message);
        pending.add(sending);
        void sending.catch(() => undefined).finally(() => pending.delete(sending));
        return sending;
      },
    };
    const now = options.now ?? Date.now;
    const app = await buildApp({ config, database: testDb.handle, mailer, storage, hasher, now, logStream: options.logStream });
    await app.ready();

    return {
      app,
      services: app.services,
      db: testDb.handle.db,
      database: testDb.handle,
      config,
      dataDir: testDb.dataDir,
      outboxDir: config.outboxDir,
      hasher,
      storage,
      now,
      flushMail: async () => void (await Promise.allSettled([...pending])),
      async close() {
        await Promise.allSettled([...pending]);
        await app.close();
        storage.close?.();
        await testDb.drop();
      },
    };
  } catch (error) {
    await testDb.drop().catch(() => undefined);
    throw error;
  }
}

/** A fresh app for the current test, closed (database dropped) when the test finishes. */
export async function startApp(options: TestAppOptions = {}): Promise<TestApp> {
  const ctx = await createTestApp(options);
  onTestFinished(() => ctx.close());
  return ctx;
}

/**
 * One app for the tests of a file (or describe block) that only read and write rows they create
 * themselves: a fresh database (a copy of the migrated template) still costs a CREATE and a DROP
 * DATABASE on PostgreSQL and a new app. Tests that change what others could see (configuration,
 * the clock, the permission matrix, whole-table counts, the database itself) call startApp() instead.
 *
 * If the app cannot be made (say PostgreSQL is unreachable) every test that asks for it fails with
 * that error; a failing beforeAll alone would only mark them skipped.
 */
export function useSharedApp(options: TestAppOptions = {}): () => TestApp {
  let ctx: TestApp | undefined;
  let failure: unknown;
  beforeAll(async () => {
    try {
      ctx = await createTestApp(options);
    } catch (error) {
      failure = error;
    }
  });
  afterAll(async () => {
    await ctx?.close();
  });
  return () => {
    if (failure) throw failure;
    if (!ctx) throw new Error('useSharedApp(): the app is created in beforeAll; call the getter inside a test');
    return ctx;
  };
}
