import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createGzip, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { type LighthouseFigures, runLighthouse } from './lib/lighthouse.js';
import { freePort, ROOT, serverEntry, startNode } from './lib/proc.js';
import { report } from './lib/report.js';

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

interface PageWeight {
  gzipKb: number;
  files: number;
  fcpMs: number;
}

/** Loads a page like a phone and weighs the JavaScript it fetched, gzipped at level 9 on both sides. */
async function weigh(url: string, fileFor: (pathname: string) => string): Promise<PageWeight> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, userAgent: IPHONE_UA, isMobile: true });
    const page = await context.newPage();
    const scripts = new Set<string>();
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script') scripts.add(new URL(r.url()).pathname);
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    const fcpMs = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0);
    let bytes = 0;
    for (const pathname of scripts) bytes += gzipSync(fs.readFileSync(fileFor(pathname)), { level: 9 }).length;
    return { gzipKb: Math.round(bytes / 102.4) / 10, files: scripts.size, fcpMs: Math.round(fcpMs) };
  } finally {
    await browser.close();
  }
}

function serveStatic(root: string, port: number): http.Server {
  return http
    .createServer((req, res) => {
      const pathname = new URL(req.url ?? '/', 'http://x').pathname;
      const file = path.join(root, pathname === '/' ? 'index.html' : pathname);
      if (!file.startsWith(root) || !fs.existsSync(file)) return void res.writeHead(404).end();
      res.setHeader('content-type', file.endsWith('.js') ? 'text/javascript' : file.endsWith('.css') ? 'text/css' : 'text/html; charset=utf-8');
      // Compressed like ours, so Lighthouse's simulated network weighs both alike.
      if (!/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) return void fs.createReadStream(file).pipe(res);
      res.setHeader('content-encoding', 'gzip');
      fs.createReadStream(file).pipe(createGzip()).pipe(res);
    })
    .listen(port, '127.0.0.1');
}

/** Lighthouse varies from run to run on a shared machine: each figure is the median of three runs. */
async function medianLighthouse(url: string): Promise<LighthouseFigures> {
  const runs: LighthouseFigures[] = [];
  for (let i = 0; i < 3; i++) runs.push(await runLighthouse(url));
  const median = (pick: (r: LighthouseFigures) => number) => runs.map(pick).sort((a, b) => a - b)[1]!;
  return { lcpMs: median((r) => r.lcpMs), tbtMs: median((r) => r.tbtMs), accessibility: median((r) => r.accessibility), bestPractices: median((r) => r.bestPractices) };
}

export async function webBench(): Promise<void> {
  // BENCH_WEB_DIST: a build of one's own (vite build --outDir …), as the journeys take WEB_DIST.
  const dist = process.env.BENCH_WEB_DIST ? path.resolve(process.env.BENCH_WEB_DIST) : path.join(ROOT, 'apps/web/dist');
  if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error('build the web app first: npm run build');

  const bareOut = fs.mkdtempSync(path.join(os.tmpdir(), 'kindred-bare-react-'));
  await build({
    root: path.join(ROOT, 'bench/baselines/bare-react'),
    plugins: [react()],
    logLevel: 'warn',
    build: { outDir: bareOut, emptyOutDir: true },
  });
  const port = await freePort();
  const bareServer = serveStatic(bareOut, port);
  const bare = await weigh(`http://127.0.0.1:${port}/`, (p) => path.join(bareOut, p));
  const bareLh = await medianLighthouse(`http://127.0.0.1:${port}/`);
  bareServer.close();

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kindred-bench-web-'));
  const server = await startNode(serverEntry(), { DATA_DIR: dataDir, SEED_DEMO: 'false', WEB_DIST: dist });
  try {
    const ours = await weigh(`${server.url}/m/login`, (p) => path.join(dist, p));
    const oursLh = await medianLighthouse(`${server.url}/m/login`);
    const score = (n: number) => n.toFixed(2);
    report('web', [
      { case: 'first load of /m/login, gzipped JS (KB)', ours: `${ours.gzipKb} (${ours.files} files)`, baseline: `${bare.gzipKb} (${bare.files} files)`, ratio: ours.gzipKb / bare.gzipKb, budget: 'ours ≤ 150 KB' },
      { case: 'first contentful paint (ms, loopback)', ours: String(ours.fcpMs), baseline: String(bare.fcpMs), ratio: ours.fcpMs / Math.max(bare.fcpMs, 1) },
      { case: 'Lighthouse mobile: largest contentful paint (ms)', ours: String(oursLh.lcpMs), baseline: String(bareLh.lcpMs), ratio: oursLh.lcpMs / Math.max(bareLh.lcpMs, 1), budget: 'ours ≤ 1500 ms' },
      { case: 'Lighthouse mobile: total blocking time (ms)', ours: String(oursLh.tbtMs), baseline: String(bareLh.tbtMs), ratio: oursLh.tbtMs / Math.max(bareLh.tbtMs, 1), budget: 'ours ≤ 200 ms' },
      { case: 'Lighthouse accessibility score', ours: score(oursLh.accessibility), baseline: score(bareLh.accessibility), ratio: oursLh.accessibility / bareLh.accessibility, budget: 'ours ≥ 0.95' },
      { case: 'Lighthouse best-practices score', ours: score(oursLh.bestPractices), baseline: score(bareLh.bestPractices), ratio: oursLh.bestPractices / bareLh.bestPractices, budget: 'ours ≥ 0.95' },
    ]);
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(bareOut, { recursive: true, force: true });
  }
}
