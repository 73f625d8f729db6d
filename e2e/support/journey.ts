import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
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
  afterAll(async () => {
    await env.browser?.close();
    await Promise.all(env.servers.map((s) => s.stop()));
  });
  return env;
}
