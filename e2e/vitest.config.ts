import { defineConfig } from 'vitest/config';

/** Member journeys in real Chromium against the built app; run after `npm run build`. */
export default defineConfig({
  test: {
    include: ['journeys/**/*.test.ts'],
    testTimeout: 90_000,
    hookTimeout: 90_000,
    // Two cores: one server and one browser per file at a time keeps timings honest.
    fileParallelism: false,
  },
});
