import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { launchBrowser } from './browser.js';
import { startServer, type RunningServer } from './server.js';

/** One real server (per env) and one browser for a journey file, started together and always stopped. */
export function useJourneyEnv(...envs: Record<string, string>[]) {
  const env = { servers: [] as RunningServer[], browser: undefined as unknown as Browser };
  beforeAll(async () => {
    const [browser, ...servers] = await Promise.all([launchBrowser(), ...(envs.length ? envs : [{}]).map((e) => startServer(e))]);
    env.browser = browser;
    env.servers = servers;
  });
  // A journey that fails says what its servers logged: the browser's side alone rarely tells why.
  afterEach((ctx) => {
    if (ctx.task.result?.state !== 'fail') return;
    for (const [i, server] of env.servers.entries()) {
      const lines = server.output().trim().split('\n').slice(-60).join('\n');
      if (lines) console.error(`--- server ${i + 1} (${server.url}) wrote:\n${lines}`);
    }
  });
  afterAll(async () => {
    await env.browser?.close();
    await Promise.all(env.servers.map((s) => s.stop()));
  });
  return env;
}
