import pg from 'pg';
import { sleep } from './socket-fleet.js';

/** What the socket bench (bench/socket.bench.ts) does to a PostgreSQL target's database between its phases. */

/**
 * Each round starts from vacuumed and analyzed tables. A round's ~300,000 messages update the
 * pairs' 200 conversation rows as often, and a machine may run PostgreSQL with autovacuum off (this
 * one's conf.d/90-ci.conf does): the next round's connects then paid for every dead row version —
 * the catch-up's statements on `conversations` (summaries, watchers) took 20–180 ms each in
 * PostgreSQL's statement log, and 10,000 connects took 2.8, 6.7 and 13.8 s in three rounds of the
 * same code (SQLite: 2.5–3.2 s); replayed with 300,000 updates of 200 rows, 8.2 s against 3.4 s
 * before them and 3.5 s once analyzed (2026-11-28). Ours and the relay alike.
 */
export async function vacuumAnalyze(url: string): Promise<void> {
  await withClient(url, async (client) => {
    const { rows } = await client.query<{ name: string }>('select tablename as name from pg_tables where schemaname = current_schema()');
    for (const { name } of rows) await client.query(`vacuum (analyze) ${client.escapeIdentifier(name)}`);
  });
}

/**
 * PostgreSQL writes a checkpoint every 5 minutes (checkpoint_timeout) or after enough WAL: while
 * one runs, the first change to each page writes the whole page to the WAL again, and it ends in
 * an fsync of every file it wrote. Where it falls decides part of a round's p99 (2026-11-28 01:27,
 * a checkpoint running: the relay that only INSERTs had a 323 ms p99 beside our 331 ms). Forced
 * just before the latency phases, of ours and of the relay alike, the next timed one is minutes
 * away. Needs a superuser (or pg_checkpoint); refused, the phase runs as before and says so.
 * BENCH_SOCKET_CHECKPOINT=0 leaves the checkpoints to PostgreSQL.
 */
export async function checkpoint(url: string): Promise<void> {
  await withClient(url, async (client) => {
    try {
      await client.query('checkpoint');
    } catch (error) {
      console.log(`  checkpoint before the latency phase refused (${(error as Error).message}): a running checkpoint may land in it`);
    }
  });
  await sleep(1_000);
}

/** A connection of its own for one piece of upkeep (VACUUM cannot run inside the bench's transactions or pool). */
async function withClient(url: string, work: (client: pg.Client) => Promise<void>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}
