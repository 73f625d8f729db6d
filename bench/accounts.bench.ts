import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { load, type LoadOptions, type LoadResult } from './lib/load.js';
import { serverEntry, startNode } from './lib/proc.js';
import { report, type Row } from './lib/report.js';

/**
 * BENCH_SERVER_NODE_ARGS: node options for our server only (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`);
 * BENCH_SERVER_ENTRY=<path>: another copy of the server's main.ts (before/after a change, as in members.bench.ts).
 */
const serverNodeArgs = (): string[] => (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);

/** Each side is measured in four segments of this length (8 s in all). */
const SEGMENT_S = 2;

/**
 * Loads a side in 1 s steps until two in a row agree within 5 % (at least 3 s, at most 15 s).
 * Our server runs far more code than the bare one, and V8 optimizes it on a background thread
 * that shares the two cores with the load: a fixed 2 s warm-up left our first measured segment
 * partly unoptimized (on a busy machine it took 8-9 s to reach a steady rate). Both sides get
 * the same treatment; the bare one is steady after the first steps.
 */
async function warmUntilSteady(o: LoadOptions): Promise<void> {
  let previous = 0;
  for (let step = 0; step < 15; step++) {
    const { rps } = await load({ ...o, seconds: 1 });
    if (step >= 2 && Math.abs(rps - previous) <= 0.05 * Math.max(rps, previous)) return;
    previous = rps;
  }
}

function combine(runs: LoadResult[]): { rps: number; p99: number } {
  for (const r of runs) if (r.errors || r.non2xx) throw new Error(`failed requests: ${JSON.stringify(r)}`);
  const rps = Math.round(runs.reduce((s, r) => s + r.requests, 0) / runs.reduce((s, r) => s + r.seconds, 0));
  return { rps, p99: Math.round((runs.reduce((s, r) => s + r.p99, 0) / runs.length) * 10) / 10 };
}

/**
 * `userinfo` (token check + the member's record) through the whole server, beside a bare node:http
 * server running the same queries on the same database, in the same run.
 */
async function runOn(label: string, env: Record<string, string>): Promise<Row[]> {
  const ours = await startNode(serverEntry(process.env.BENCH_SERVER_ENTRY), { ...env, SEED_DEMO: 'true', AUTH_RATE_LIMIT: '100000' }, '/healthz', serverNodeArgs());
  const bare = await startNode('bench/baselines/bare-accounts.ts', env);
  try {
    const login = await fetch(`${ours.url}/member/index/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'account=alice&password=kindred123',
    }).then((r) => r.json() as Promise<{ data: { token: string } }>);
    const headers = { authorization: `Bearer ${login.data.token}` };
    const call = { path: '/member/index/userinfo', headers };
    await warmUntilSteady({ url: ours.url, ...call });
    await warmUntilSteady({ url: bare.url, ...call });
    // Alternating segments (ours, bare, bare, ours, twice): a drift in the shared machine's load
    // falls on both sides alike.
    const runs = { ours: [] as LoadResult[], bare: [] as LoadResult[] };
    for (const side of ['ours', 'bare', 'bare', 'ours', 'ours', 'bare', 'bare', 'ours'] as const) {
      runs[side].push(await load({ url: (side === 'ours' ? ours : bare).url, ...call, seconds: SEGMENT_S }));
    }
    const a = combine(runs.ours);
    const b = combine(runs.bare);
    return [
      { case: `userinfo req/s (${label})`, ours: String(a.rps), baseline: String(b.rps), ratio: a.rps / b.rps, budget: '≥ 0.8×' },
      { case: `userinfo p99 ms (${label})`, ours: String(a.p99), baseline: String(b.p99), ratio: b.p99 / Math.max(a.p99, 1) },
      { case: `server RSS MB after load (${label})`, ours: String(ours.rssMb()), baseline: String(bare.rssMb()), ratio: bare.rssMb() / ours.rssMb() },
    ];
  } finally {
    await ours.stop();
    await bare.stop();
  }
}

export async function accountsBench(): Promise<void> {
  const loadAvg = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');
  const loadAverageAtStart = loadAvg();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kindred-bench-'));
  const rows = await runOn('SQLite', { DATA_DIR: dataDir });
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (pgUrl) {
    const schema = `bench_${Date.now()}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    try {
      const url = `${pgUrl}${pgUrl.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
      rows.push(...(await runOn('PostgreSQL', { DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'kindred-bench-')), DATABASE_URL: url })));
    } finally {
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    }
  }
  // Another entry's figures are not the latest of this tree: kept beside them (accounts.tmp), not over them.
  report('accounts', rows, { loadAverageAtStart, loadAverageAtEnd: loadAvg() }, { partial: Boolean(process.env.BENCH_SERVER_ENTRY) });
  fs.rmSync(dataDir, { recursive: true, force: true });
}
