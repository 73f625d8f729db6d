import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { directSqlite, openDatabase } from '../apps/server/src/db/database.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { report } from './lib/report.js';
import { seedChatMembers } from './lib/seed-chat.js';
import { median } from './lib/spread.js';

/**
 * What a chat commit writes on SQLite: one transaction INSERTs 128 messages among 50 pairs (as the
 * group commit does at saturation, `chat/message-writer.ts`) and commits, and the bench counts the
 * WAL frames (pages) it wrote and times the INSERT and the COMMIT. A commit costs about its pages:
 * SQLite writes each one to the WAL (two `pwrite`s a page) while it holds the event loop.
 * Targets, each on a fresh file with the server's pragmas (`db/database.ts`), after 2,000 unmeasured
 * commits (256,000 messages, so the indexes have depth) and checkpointed:
 * - ours: the migrated schema (the messages' table and its indexes as the server has them);
 * - before 0014: the same with `messages_pair` (sender, recipient, id) back beside `messages_pair_rev`;
 * - bare: a `messages` table with the same columns and its primary key only.
 * BENCH_COMMIT_ROUNDS (3) alternating rounds; each figure is the median of the rounds. About 1 minute.
 */
const ROUNDS = Math.max(1, Number(process.env.BENCH_COMMIT_ROUNDS ?? 3) || 1);
const BATCH = 128;
const PAIRS = 50;
const WARM = 2_000;
const MEASURED = 400;

type Variant = 'ours' | 'before 0014' | 'bare';
interface Figures {
  frames: number;
  insertMs: number;
  commitMs: number;
}

async function measure(variant: Variant): Promise<Figures> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kindred-bench-commit-'));
  const handle = openDatabase({ kind: 'sqlite', file: path.join(dir, 'kindred.sqlite') });
  try {
    await migrateToLatest(handle);
    const ids = (await seedChatMembers(handle, PAIRS * 2)).map((m) => m.id);
    if (variant === 'before 0014') await sql`create index messages_pair on messages (sender_id, reciver_id, id)`.execute(handle.db);
    const sqlite = directSqlite(handle.db)!.sqlite;
    const table = variant === 'bare' ? 'bare_messages' : 'messages';
    if (variant === 'bare') {
      sqlite.exec(`create table bare_messages (id integer primary key autoincrement, sender_id integer not null, reciver_id integer not null,
        type varchar(8) not null, content text not null, img varchar(300) not null, client_id varchar(64) not null, created_at bigint not null)`);
    }
    // Checkpoints are forced between phases instead, so every measured commit writes only its own pages.
    sqlite.pragma('wal_autocheckpoint = 0');
    const insert = sqlite.prepare(
      `insert into ${table} (sender_id, reciver_id, type, content, img, client_id, created_at) values ${Array(BATCH).fill('(?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
    );
    let n = 0;
    const batch = () => {
      const values: unknown[] = [];
      for (let i = 0; i < BATCH; i++, n++) {
        const pair = (n * 7 + i) % PAIRS;
        const [sender, recipient] = n % 2 ? [ids[2 * pair]!, ids[2 * pair + 1]!] : [ids[2 * pair + 1]!, ids[2 * pair]!];
        // Client ids as the web app makes them (chat-store.ts newClientId): time, random, sequence.
        values.push(sender, recipient, 'text', `message ${n}`, '', `${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 8)}.${n}`, Date.now());
      }
      return values;
    };
    for (let i = 0; i < WARM; i++) {
      sqlite.exec('begin');
      insert.run(batch());
      sqlite.exec('commit');
      if (i % 200 === 199) sqlite.pragma('wal_checkpoint(TRUNCATE)');
    }
    sqlite.pragma('wal_checkpoint(TRUNCATE)');
    let insertMs = 0;
    let commitMs = 0;
    for (let i = 0; i < MEASURED; i++) {
      const values = batch();
      sqlite.exec('begin');
      let t = performance.now();
      insert.run(values);
      insertMs += performance.now() - t;
      t = performance.now();
      sqlite.exec('commit');
      commitMs += performance.now() - t;
    }
    const [wal] = sqlite.pragma('wal_checkpoint(PASSIVE)') as { log: number }[];
    return { frames: wal!.log / MEASURED, insertMs: insertMs / MEASURED, commitMs: commitMs / MEASURED };
  } finally {
    await handle.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function chatCommitBench(): Promise<void> {
  const variants: Variant[] = ['ours', 'before 0014', 'bare'];
  const rounds = new Map<Variant, Figures[]>(variants.map((v) => [v, []]));
  for (let r = 0; r < ROUNDS; r++) {
    for (const variant of variants) {
      const figures = await measure(variant);
      rounds.get(variant)!.push(figures);
      console.log(`  ${variant} [round ${r + 1}/${ROUNDS}]: ${figures.frames.toFixed(1)} WAL frames, INSERT ${figures.insertMs.toFixed(2)} ms, COMMIT ${figures.commitMs.toFixed(2)} ms per ${BATCH} messages`);
    }
  }
  const med = (v: Variant, key: keyof Figures) => Math.round(median(rounds.get(v)!.map((f) => f[key])) * 100) / 100;
  const show = (v: Variant) => `${med(v, 'frames')} frames, ${med(v, 'insertMs')} + ${med(v, 'commitMs')} ms`;
  const ms = (v: Variant) => med(v, 'insertMs') + med(v, 'commitMs');
  report('chat-commit', [
    { case: `WAL frames and INSERT + COMMIT ms per commit of ${BATCH} messages, SQLite, median of ${ROUNDS} rounds (ours)`, ours: show('ours'), baseline: show('bare'), ratio: ms('bare') / ms('ours'), budget: '— (cost: above 1 is cheaper than bare)' },
    { case: `the same with messages_pair, before migration 0014`, ours: show('before 0014'), baseline: show('bare'), ratio: ms('bare') / ms('before 0014'), budget: '—' },
  ], { rounds: Object.fromEntries(rounds) });
}
