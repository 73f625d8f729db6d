import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { ROOT, serverEntry, startNode } from './lib/proc.js';
import { report, type Row } from './lib/report.js';

/**
 * Lighthouse 12's mobile and desktop presets (core/config/constants.js: screen emulation, user
 * agents, slow-4G / dense-4G networks and the CPU slowdown), applied with DevTools throttling the way
 * Lighthouse's `devtools` method does (its latency and throughput adjustment factors 3.75 and 0.9):
 * a page behind a sign-in cannot be loaded by Lighthouse's own navigation with a session in storage
 * without also keeping a warm cache, so the bench drives Chromium itself under the same conditions.
 */
const PRESETS = {
  mobile: {
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    userAgent: 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36',
    latencyMs: 150 * 3.75,
    downloadKbps: 1638.4 * 0.9,
    uploadKbps: 675,
    cpuSlowdown: 4,
  },
  desktop: {
    viewport: { width: 1350, height: 940 },
    deviceScaleFactor: 1,
    isMobile: false,
    userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Safari/537.36',
    latencyMs: 40 * 3.75,
    downloadKbps: 10240 * 0.9,
    uploadKbps: 10240 * 0.9,
    cpuSlowdown: 1,
  },
} as const;
type Preset = keyof typeof PRESETS;

interface Visit {
  /** From navigation start to the frame after the target element appeared. */
  ms: number;
  /**
   * JavaScript requested before then, gzipped at level 9 (as the web bench weighs /m/login); for a
   * sign-in page all it loads (its form is in the HTML before any script runs: the weight is what
   * makes it usable).
   */
  gzipKb: number;
  files: number;
}

/** Records when `selector` first appears, at the next frame (when it is painted), in performance time. */
const WATCH = (selector: string) => `
  new MutationObserver((_, observer) => {
    if (!document.querySelector(${JSON.stringify(selector)})) return;
    observer.disconnect();
    requestAnimationFrame(() => { window.__kdSeenAt = performance.now(); });
  }).observe(document, { childList: true, subtree: true });`;

async function visit(browser: Browser, preset: Preset, url: string, selector: string, session: Record<string, string> | null, dist: string): Promise<Visit> {
  const whole = !session;
  const p = PRESETS[preset];
  const context = await browser.newContext({ viewport: p.viewport, deviceScaleFactor: p.deviceScaleFactor, isMobile: p.isMobile, hasTouch: p.isMobile, userAgent: p.userAgent });
  try {
    // The session as the web app keeps it after "remember me" (apps/web/src/state/session.ts).
    if (session) await context.addInitScript((s) => Object.entries(s).forEach(([k, v]) => localStorage.setItem(k, v)), session);
    await context.addInitScript(WATCH(selector));
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: p.latencyMs,
      downloadThroughput: (p.downloadKbps * 1024) / 8,
      uploadThroughput: (p.uploadKbps * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: p.cpuSlowdown });
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(() => (window as { __kdSeenAt?: number }).__kdSeenAt !== undefined, undefined, { timeout: Number(process.env.BENCH_WEB_HOME_TIMEOUT ?? 120_000) }).catch(async (error: unknown) => {
      const shot = path.join(os.tmpdir(), `kindred-web-home-${preset}.png`);
      await page.screenshot({ path: shot }).catch(() => undefined);
      throw new Error(`${selector} never appeared on ${page.url()} (screenshot ${shot})`, { cause: error });
    });
    if (whole) await page.waitForLoadState('networkidle');
    const { seenAt, scripts } = await page.evaluate((all) => {
      const at = (window as { __kdSeenAt?: number }).__kdSeenAt!;
      const js = performance
        .getEntriesByType('resource')
        .filter((e) => (all || e.startTime <= at) && new URL(e.name).pathname.endsWith('.js'))
        .map((e) => new URL(e.name).pathname);
      return { seenAt: at, scripts: [...new Set(js)] };
    }, whole);
    let bytes = 0;
    for (const s of scripts) bytes += gzipSync(fs.readFileSync(path.join(dist, s)), { level: 9 }).length;
    return { ms: Math.round(seenAt), gzipKb: Math.round(bytes / 102.4) / 10, files: scripts.length };
  } finally {
    await context.close();
  }
}

/** A shared machine varies from run to run: each figure is the median of three fresh loads (empty cache). */
async function median(run: () => Promise<Visit>): Promise<Visit> {
  const runs: Visit[] = [];
  for (let i = 0; i < 3; i++) runs.push(await run());
  const mid = (pick: (v: Visit) => number) => runs.map(pick).sort((a, b) => a - b)[1]!;
  return { ms: mid((v) => v.ms), gzipKb: mid((v) => v.gzipKb), files: mid((v) => v.files) };
}

/**
 * The signed-in home beside the sign-in page of the same interface, on the same server and preset:
 * the JavaScript fetched until the first member is on screen, and the time to it. The budget is
 * relative to the sign-in page (README "Performance", web-home): home may fetch at most 2× the
 * login's JavaScript and take at most 2.5× its time, since it must also ask the server for members
 * and draw them — the login is the floor the same shell, strings and network give.
 */
export async function webHomeBench(): Promise<void> {
  const dist = process.env.WEB_DIST ?? path.join(ROOT, 'apps/web/dist');
  if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error('build the web app first: npm run build');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kindred-bench-web-home-'));
  const server = await startNode(serverEntry(), { DATA_DIR: dataDir, SEED_DEMO: 'true', WEB_DIST: dist, AUTH_RATE_LIMIT: '100000' });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const login = await fetch(`${server.url}/member/index/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'account=alice&password=kindred123',
    }).then((r) => r.json() as Promise<{ data: { token: string } & Record<string, unknown> }>);
    const { token, ...user } = login.data;
    if (!token) throw new Error(`demo sign-in failed: ${JSON.stringify(login)}`);
    const session = { 'kindred.token': token, 'kindred.user': JSON.stringify(user) };

    const rows: Row[] = [];
    const pairs = [
      { preset: 'mobile' as const, name: 'phone', login: '/m/login', home: '/m/home/index', form: 'input[name=account]', card: '[data-testid=member-row]' },
      { preset: 'desktop' as const, name: 'desktop', login: '/w/login', home: '/w/home/index', form: 'input[name=account]', card: '.kd-wall-member, [data-testid=panel-member]' },
    ];
    for (const pair of pairs) {
      const signIn = await median(() => visit(browser, pair.preset, server.url + pair.login, pair.form, null, dist));
      const home = await median(() => visit(browser, pair.preset, server.url + pair.home, pair.card, session, dist));
      const label = `${pair.home}, Lighthouse ${pair.preset} preset`;
      rows.push(
        {
          case: `${label}: JS to the first member (KB gzipped), beside all of ${pair.login}`,
          ours: `${home.gzipKb} (${home.files} files)`,
          baseline: `${signIn.gzipKb} (${signIn.files} files)`,
          ratio: home.gzipKb / signIn.gzipKb,
          budget: `≤ 2× the login (${Math.round(signIn.gzipKb * 2)} KB)`,
        },
        {
          case: `${label}: time to the first member (ms), beside ${pair.login} to its form`,
          ours: String(home.ms),
          baseline: String(signIn.ms),
          ratio: home.ms / signIn.ms,
          budget: `≤ 2.5× the login (${Math.round(signIn.ms * 2.5)} ms)`,
        },
      );
    }
    report('web-home', rows);
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
