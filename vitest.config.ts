import fs from 'node:fs';
import { defineConfig } from 'vitest/config';

/**
 * Unit and server tests. The server suite runs once per database: always on SQLite, and on
 * PostgreSQL when TEST_DATABASE_URL is set (CI sets it and the suite fails if it is unreachable).
 */
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);
/** Multi-node chat tests start real server processes on PostgreSQL and Redis (apps/server/test/cluster). */
const withCluster = withPostgres && Boolean(process.env.TEST_REDIS_URL);
const CLUSTER_TESTS = 'apps/server/test/cluster/**';
/** What only PostgreSQL has (named prepared statements); the SQLite project leaves these out. */
const POSTGRES_ONLY_TESTS = 'apps/server/test/postgres/**';
/** What only SQLite has (the chat's writer thread, two connections to one file); the PostgreSQL project leaves these out. */
const SQLITE_ONLY_TESTS = 'apps/server/test/sqlite/**';
if (process.env.CI && (!process.env.TEST_DATABASE_URL || !process.env.TEST_REDIS_URL)) {
  throw new Error('CI must set TEST_DATABASE_URL and TEST_REDIS_URL: the suite never skips PostgreSQL or Redis quietly');
}

/**
 * Server tests write their throwaway databases, uploads and data folders under TMPDIR. On tmpfs
 * the fsync that SQLite's synchronous=FULL asks at every commit costs nothing (on the disk it is
 * ~1 ms, far more while other jobs write): the same code runs, only the wait for the disk goes.
 */
const SHM = '/dev/shm';
const fastTmp = (() => {
  try {
    fs.accessSync(SHM, fs.constants.W_OK);
    const dir = `${SHM}/kindred-tests`;
    fs.mkdirSync(dir, { recursive: true });
    return { TMPDIR: dir };
  } catch {
    return {};
  }
})();
const serverSetup = {
  setupFiles: ['apps/server/test/setup/no-network.ts'],
  // One migrated template database per project run; each test app starts from a copy of it.
  globalSetup: ['apps/server/test/setup/migrated-template.ts'],
};

/** Server files at once on the two cores: they mostly wait on the databases (KINDRED_TEST_WORKERS overrides). */
const SERVER_WORKERS = Number(process.env.KINDRED_TEST_WORKERS) || 3;
/** Each cluster file runs two or three node processes of its own. */
const CLUSTER_WORKERS = Number(process.env.KINDRED_CLUSTER_WORKERS) || 2;
/**
 * A worker runs its server files one after another in one module graph (isolate: false): each file
 * re-imported the app's ~200 modules and their dependencies otherwise, 320 s of import time in the
 * SQLite project alone (2026-11-28: that project 241 s → 100 s, PostgreSQL's likewise). The files
 * share no state through modules: every test builds its own app, database and config
 * (helpers/test-app.ts), nothing is mocked, and the network guard patches once.
 */
const serverGroup = { sequence: { groupOrder: 1 }, maxWorkers: SERVER_WORKERS, isolate: false };

export default defineConfig({
  test: {
    // Vitest's default on two cores is ONE worker for everything, so each server test file waited on
    // its database round trips with a core idle. The projects run in groups (sequence.groupOrder),
    // each with its own worker count: the I/O-bound server files on both databases together
    // (SERVER_WORKERS at once), then the cluster files (real node processes, fewer at once), and
    // protocol and web one file at a time as before (their tests time CPU-bound work in ms).
    projects: [
      { test: { name: 'protocol', include: ['packages/protocol/test/**/*.test.ts'], maxWorkers: 1 } },
      // Web logic (the chat client's state machine and reducer) in node, and the pieces of the screens
      // that hold rules (.test.tsx: forms, the crop dialog, the chat windows) in jsdom; the rest is
      // covered by the e2e journeys.
      {
        test: {
          name: 'web',
          include: ['apps/web/test/**/*.test.ts', 'apps/web/test/**/*.test.tsx'],
          environment: 'node',
          maxWorkers: 1,
        },
      },
      {
        test: {
          name: 'server-sqlite',
          include: ['apps/server/test/**/*.test.ts'],
          exclude: [CLUSTER_TESTS, POSTGRES_ONLY_TESTS],
          env: { KINDRED_TEST_DIALECT: 'sqlite', ...fastTmp },
          ...serverSetup,
          ...serverGroup,
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      ...(withPostgres
        ? [
            {
              test: {
                name: 'server-postgres',
                include: ['apps/server/test/**/*.test.ts'],
                exclude: [CLUSTER_TESTS, SQLITE_ONLY_TESTS],
                env: { KINDRED_TEST_DIALECT: 'postgres', ...fastTmp },
                ...serverSetup,
                ...serverGroup,
                testTimeout: 20_000,
                hookTimeout: 30_000,
              },
            },
          ]
        : []),
      ...(withCluster
        ? [
            {
              test: {
                name: 'server-cluster',
                include: [`${CLUSTER_TESTS}/*.test.ts`],
                env: { KINDRED_TEST_DIALECT: 'postgres', ...fastTmp },
                ...serverSetup,
                globalSetup: [...serverSetup.globalSetup, 'apps/server/test/setup/server-bundle.ts'],
                sequence: { groupOrder: 2 },
                maxWorkers: CLUSTER_WORKERS,
                testTimeout: 60_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
