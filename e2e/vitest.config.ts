import fs from 'node:fs';
import { defineConfig } from 'vitest/config';

/**
 * The deployment journey (journeys/deployment.test.ts: two nodes behind nginx) needs PostgreSQL and
 * Redis; it runs when TEST_DATABASE_URL and TEST_REDIS_URL are set, and CI must set both.
 */
const withServices = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);
if (process.env.CI && !withServices) {
  throw new Error('CI must set TEST_DATABASE_URL and TEST_REDIS_URL: the deployment journey is never skipped quietly');
}

/**
 * The journeys' servers keep their SQLite files and uploads, and Chromium its profiles, under
 * TMPDIR: on tmpfs a commit's fsync and the profile writes cost nothing (on the shared disk they
 * queue behind other jobs). The same code runs; only the wait for the disk goes.
 */
const fastTmp = (() => {
  try {
    fs.accessSync('/dev/shm', fs.constants.W_OK);
    fs.mkdirSync('/dev/shm/kindred-journeys', { recursive: true });
    return { TMPDIR: '/dev/shm/kindred-journeys' };
  } catch {
    return {};
  }
})();

/** Member journeys in real Chromium against the built app; run after `npm run build`. */
export default defineConfig({
  test: {
    include: ['journeys/**/*.test.ts'],
    exclude: withServices ? [] : ['journeys/deployment.test.ts'],
    env: fastTmp,
    // Builds the server bundle once: every journey's servers start from it as `npm start` does.
    globalSetup: ['support/server-bundle.ts'],
    testTimeout: 90_000,
    hookTimeout: 90_000,
    // Two cores: one server and one browser per file at a time keeps timings honest.
    fileParallelism: false,
  },
});
