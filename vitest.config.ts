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
if (process.env.CI && (!process.env.TEST_DATABASE_URL || !process.env.TEST_REDIS_URL)) {
  throw new Error('CI must set TEST_DATABASE_URL and TEST_REDIS_URL: the suite never skips PostgreSQL or Redis quietly');
}

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'protocol', include: ['packages/protocol/test/**/*.test.ts'] } },
      // Web logic (the chat client's state machine and reducer) in node, and the pieces of the screens
      // that hold rules (.test.tsx: forms, the crop dialog, the chat windows) in jsdom; the rest is
      // covered by the e2e journeys.
      {
        test: {
          name: 'web',
          include: ['apps/web/test/**/*.test.ts', 'apps/web/test/**/*.test.tsx'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server-sqlite',
          include: ['apps/server/test/**/*.test.ts'],
          exclude: [CLUSTER_TESTS, POSTGRES_ONLY_TESTS],
          env: { KINDRED_TEST_DIALECT: 'sqlite' },
          setupFiles: ['apps/server/test/setup/no-network.ts'],
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
                exclude: [CLUSTER_TESTS],
                env: { KINDRED_TEST_DIALECT: 'postgres' },
                setupFiles: ['apps/server/test/setup/no-network.ts'],
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
                env: { KINDRED_TEST_DIALECT: 'postgres' },
                setupFiles: ['apps/server/test/setup/no-network.ts'],
                testTimeout: 60_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
