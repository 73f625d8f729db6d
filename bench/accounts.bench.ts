import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { load, warm } from './lib/load.js';
import { startNode } from './lib/proc.js';
import { report, type Row } from './lib/report.js';

/**
 * `userinfo` (token check + the member's record) through the whole server, beside a bare node:http
 * server running the same queries on the same database, in the same run.
 */
async function runOn(label: string, env: Record<string, string>): Promise<Row[]> {
  const ours = await startNode('apps/server/src/main.ts', { ...env, SEED_DEMO: 'true', AUTH_RATE_LIMIT: '100000' });
  const bare = await startNode('bench/baselines/bare-accounts.ts', env);
  try {
    const login = await fetch(`${ours.url}/member/index/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'account=alice&password=kindred123',
    }).then((r) => r.json() as Promise<{ data: { token: string } }>);
    const headers = { authorization: `Bearer ${login.data.token}` };
    const call = { path: '/member/index/userinfo', headers };
    await warm({ url: ours.url, ...call });
    await warm({ url: bare.url, ...call });
    const a = await load({ url: ours.url, ...call });
    const b = await load({ url: bare.url, ...call });
    if (a.non2xx || b.non2xx || a.errors || b.errors) throw new Error(`failed requests: ours ${JSON.stringify(a)} bare ${JSON.stringify(b)}`);
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
  report('accounts', rows);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
