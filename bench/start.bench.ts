import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, ROOT } from './lib/proc.js';
import { report, type Row } from './lib/report.js';
import { median } from './lib/spread.js';

/**
 * Starting the server: the compiled bundle `npm start` runs (`node apps/server/dist/main.js`, built
 * by apps/server/scripts/build.mjs) beside the TypeScript start through tsx it replaced
 * (`node --import tsx apps/server/src/main.ts`, still `npm run dev`'s way). Per round, each in turn
 * (alternating, so the machine's load falls on both alike): the time from spawn to the first 200 of
 * GET /healthz, and the process's RSS at that moment and once it has settled. Both start on the same
 * migrated SQLite database without the demo seed, after one unmeasured start each (tsx's transform
 * cache and the OS file cache warm, as on any start after the first). Medians of ROUNDS rounds.
 *
 * Knob: BENCH_START_ROUNDS (default 7).
 */
const ROUNDS = Number(process.env.BENCH_START_ROUNDS ?? 7);
const SETTLE_MS = 3_000;

interface Variant {
  label: string;
  args: string[];
}

const COMPILED: Variant = { label: 'compiled (node dist/main.js)', args: ['apps/server/dist/main.js'] };
const TSX: Variant = { label: 'tsx (node --import tsx src/main.ts)', args: ['--import', 'tsx', 'apps/server/src/main.ts'] };

interface Sample {
  startMs: number;
  rssMb: number;
  settledRssMb: number;
}

const rssMb = (pid: number) => {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  return kb / 1024;
};

async function startOnce(variant: Variant, dataDir: string): Promise<Sample> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/healthz`;
  const began = performance.now();
  const child = spawn(process.execPath, variant.args, {
    cwd: ROOT,
    env: { PATH: process.env.PATH, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATA_DIR: dataDir, SEED_DEMO: 'false' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${variant.label} exited:\n${output}`);
      try {
        if ((await fetch(url)).ok) break;
      } catch {
        // not listening yet
      }
      if (performance.now() - began > 60_000) throw new Error(`${variant.label} did not start in 60 s:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const startMs = performance.now() - began;
    const atStart = rssMb(child.pid!);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    return { startMs, rssMb: atStart, settledRssMb: rssMb(child.pid!) };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const round1 = (n: number) => Math.round(n * 10) / 10;

export async function startBench(): Promise<void> {
  // What `npm start` does first, once per start.
  const buildBegan = performance.now();
  const build = spawnSync(process.execPath, ['apps/server/scripts/build.mjs'], { cwd: ROOT, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`build failed:\n${build.stdout}${build.stderr}`);
  const buildMs = performance.now() - buildBegan;

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kindred-bench-start-'));
  try {
    // Unmeasured: migrates the database, fills tsx's cache.
    await startOnce(TSX, dataDir);
    await startOnce(COMPILED, dataDir);
    const samples = new Map<Variant, Sample[]>([
      [COMPILED, []],
      [TSX, []],
    ]);
    for (let round = 0; round < ROUNDS; round++) {
      // Alternating which goes first, so neither always follows the other's exit.
      for (const variant of round % 2 ? [TSX, COMPILED] : [COMPILED, TSX]) samples.get(variant)!.push(await startOnce(variant, dataDir));
    }
    const of = (variant: Variant, key: keyof Sample) => median(samples.get(variant)!.map((s) => s[key]));
    const rows: Row[] = [
      {
        case: `start to GET /healthz 200, ms, SQLite (median of ${ROUNDS})`,
        ours: String(Math.round(of(COMPILED, 'startMs'))),
        baseline: `${Math.round(of(TSX, 'startMs'))} (tsx)`,
        ratio: of(TSX, 'startMs') / of(COMPILED, 'startMs'),
      },
      { case: 'RSS MB at that moment', ours: String(round1(of(COMPILED, 'rssMb'))), baseline: `${round1(of(TSX, 'rssMb'))} (tsx)`, ratio: of(TSX, 'rssMb') / of(COMPILED, 'rssMb') },
      {
        case: `RSS MB ${SETTLE_MS / 1000} s later`,
        ours: String(round1(of(COMPILED, 'settledRssMb'))),
        baseline: `${round1(of(TSX, 'settledRssMb'))} (tsx)`,
        ratio: of(TSX, 'settledRssMb') / of(COMPILED, 'settledRssMb'),
      },
    ];
    console.log(`build before each \`npm start\` (esbuild): ${Math.round(buildMs)} ms`);
    report('start', rows, { rounds: ROUNDS, buildMs: Math.round(buildMs), samples: { compiled: samples.get(COMPILED), tsx: samples.get(TSX) } });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
