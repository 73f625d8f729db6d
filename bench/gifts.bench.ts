import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { load, warm } from './lib/load.js';
import { serverEntry, startNode } from './lib/proc.js';
import { report, type Row } from './lib/report.js';

/**
 * Gift sends per second on one contended balance: the demo member alice, given a balance no run
 * exhausts, sends the same gift to bob over 20 connections at once, so every send queues for the
 * same users row. Our server does the whole send (token, gift, recipient, the gift message and both
 * conversation sides, the debit and ledger row, the send row, the notice, one transaction, then the
 * live announcements); bench/baselines/bare-gift-debit.ts does only the conditional debit and its
 * ledger row in a transaction on the same database.
 */
const HUGE_BALANCE = 1e13;

interface Target {
  label: string;
  env: Record<string, string>;
  /** Runs SQL on the target's database (to give alice her balance and read the figures back). */
  sql<T = Record<string, unknown>>(text: string, values?: unknown[]): Promise<T[]>;
}

async function runOn(target: Target): Promise<Row[]> {
  const ours = await startNode(serverEntry(), { ...target.env, SEED_DEMO: 'true', AUTH_RATE_LIMIT: '100000', CHAT_RATE_LIMIT: '100000000' });
  let bare: Awaited<ReturnType<typeof startNode>> | undefined;
  try {
    const login = await fetch(`${ours.url}/member/index/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'account=alice&password=kindred123',
    }).then((r) => r.json() as Promise<{ data: { token: string; id: number } }>);
    const [gift] = await target.sql<{ id: number; price: number }>('select id, price from gifts order by price, id limit 1');
    const [mark] = await target.sql<{ id: number }>('select coalesce(max(id), 0) as id from ledger');
    await target.sql('update users set credits = $1 where id = $2', [HUGE_BALANCE, login.data.id]);
    bare = await startNode('bench/baselines/bare-gift-debit.ts', { ...target.env, GIVER_ID: String(login.data.id), PRICE: String(gift!.price) });

    const send = { path: '/member/gift/gift_giving', headers: { authorization: `Bearer ${login.data.token}` }, body: `username=bob&number=1&message=bench&giftid=${gift!.id}` };
    await warm({ url: ours.url, ...send });
    await warm({ url: bare.url, ...send });
    const before = await target.sql<{ n: number }>("select count(*) as n from ledger where user_id = $1 and reason = 'gift'", [login.data.id]);
    const a = await load({ url: ours.url, ...send });
    const b = await load({ url: bare.url, ...send });
    if (a.errors || b.errors) throw new Error(`failed requests: ours ${JSON.stringify(a)} bare ${JSON.stringify(b)}`);

    // Every answered send left its ledger row (ours and bare write to the same ledger): nothing lost, nothing twice.
    const [after] = await target.sql<{ n: number }>("select count(*) as n from ledger where user_id = $1 and reason = 'gift'", [login.data.id]);
    // One statement, one snapshot: sends still in flight when the load stopped commit balance and ledger row together.
    const [state] = await target.sql<{ credits: number; s: number }>(
      'select credits, (select coalesce(sum(delta), 0) from ledger where user_id = $1 and id > $2) as s from users where id = $1',
      [login.data.id, mark!.id],
    );
    const [balance, sum] = [state!, state!];
    if (Number(balance!.credits) !== HUGE_BALANCE + Number(sum!.s)) throw new Error(`the ledger does not explain the balance: ${balance!.credits} vs ${HUGE_BALANCE} + ${sum!.s}`);
    const measured = Number(after!.n) - Number(before[0]!.n);
    const answered = a.requests + b.requests - a.non2xx - b.non2xx;
    if (measured < answered) throw new Error(`answered ${answered} sends but only ${measured} ledger rows were written`);

    return [
      {
        case: `gift sends/s on one balance (${target.label})`,
        ours: `${a.rps}/s, p50 ${a.p50} ms, p99 ${a.p99} ms${a.non2xx ? `, ${a.non2xx} not 2xx (${a.non2xxStatuses})` : ''}`,
        baseline: `${b.rps}/s, p50 ${b.p50} ms, p99 ${b.p99} ms${b.non2xx ? `, ${b.non2xx} not 2xx (${b.non2xxStatuses})` : ''}`,
        ratio: a.rps / b.rps,
      },
    ];
  } finally {
    await ours.stop();
    await bare?.stop();
  }
}

function sqliteTarget(dataDir: string): Target {
  return {
    label: 'SQLite',
    env: { DATA_DIR: dataDir },
    async sql<T>(text: string, values: unknown[] = []) {
      const db = new SQLite(path.join(dataDir, 'kindred.sqlite'));
      try {
        // $n placeholders (the PostgreSQL spelling) become one ? per occurrence, in order.
        const args = [...text.matchAll(/\$(\d+)/g)].map((m) => values[Number(m[1]) - 1]);
        const statement = db.prepare(text.replace(/\$\d+/g, '?'));
        return (statement.reader ? statement.all(...args) : (statement.run(...args), [])) as T[];
      } finally {
        db.close();
      }
    },
  };
}

export async function giftsBench(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kindred-bench-'));
  const rows = await runOn(sqliteTarget(dataDir));
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (pgUrl) {
    const schema = `bench_${Date.now()}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    const url = `${pgUrl}${pgUrl.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      rows.push(
        ...(await runOn({
          label: 'PostgreSQL',
          env: { DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'kindred-bench-')), DATABASE_URL: url },
          sql: async <T>(text: string, values: unknown[] = []) => (await client.query(text, values)).rows as T[],
        })),
      );
    } finally {
      await client.end();
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    }
  }
  report('gifts', rows);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
