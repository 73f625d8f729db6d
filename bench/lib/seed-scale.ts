import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../apps/server/src/db/database.js';
import { resetIdSequence } from '../../apps/server/src/db/dialect.js';
import { migrateToLatest } from '../../apps/server/src/db/migrate.js';
import { seeded } from '../../apps/server/src/db/seed/random.js';
import { hashToken, newToken } from '../../apps/server/src/infra/tokens.js';
import {
  DAY,
  FIRST_ID,
  FULL_SCALE,
  LIKE_COLUMNS,
  likePairs,
  memberRow,
  TREND_COLUMNS,
  trendRow,
  USER_COLUMNS,
  YEAR,
  type Column,
  type Row,
  type ScaleOptions,
} from './scale-data.js';

export { FULL_SCALE, type ScaleOptions };

/**
 * A community at scale for the discovery benchmarks: 100k members, 1M likes and 200k trends, written
 * straight into a migrated database with batched inserts (SQLite: one prepared statement, 100k rows a
 * transaction; PostgreSQL: INSERT ... SELECT FROM unnest(one array per column), ~400k values a
 * statement). The secondary indexes of the big tables are dropped first and rebuilt after the load
 * (a sorted build beats a million random index inserts); constraint indexes (keys, unique pairs) stay.
 *
 * The data is deterministic (seeded PRNG). Two members are the bench's viewers: a gold man and a gold
 * woman, each with likes both ways and some mutual ones. Times are relative to the seeding instant;
 * a reused SQLite copy is moved forward in time (`advance`) so "online" keeps its meaning.
 */

/** Bump when the generated data changes: cached SQLite copies of another version are not reused. */
export const SEED_VERSION = 1;

export interface ScaleInfo {
  version: number;
  scale: ScaleOptions;
  /** The instant the data's times are relative to. */
  seededAt: number;
  viewers: { man: number; woman: number };
  /** Members with status 1 and role member (what a list may show), for sanity checks. */
  listed: number;
  seconds: { total: number; users: number; likes: number; trends: number; indexes: number };
}

/** Bulk writes into one dialect: `insert` writes rows `row(0)` … `row(count - 1)` in large batches. */
interface Writer {
  insert(table: string, columns: Column[], count: number, row: (i: number) => Row): Promise<void>;
  /** Drops the table's secondary (non-constraint) indexes and answers how to rebuild them. */
  dropSecondaryIndexes(table: string): Promise<string[]>;
  exec(statement: string): Promise<void>;
  close(): Promise<void>;
}

function sqliteWriter(file: string): Writer {
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -262144');
  db.pragma('temp_store = MEMORY');
  return {
    async insert(table, columns, count, row) {
      const names = columns.map((c) => c.name);
      const stmt = db.prepare(`insert into ${table} (${names.join(', ')}) values (${names.map(() => '?').join(', ')})`);
      const many = db.transaction((from: number, to: number) => {
        for (let i = from; i < to; i++) stmt.run(row(i));
      });
      for (let from = 0; from < count; from += 100_000) many(from, Math.min(count, from + 100_000));
    },
    async dropSecondaryIndexes(table) {
      const rows = db.prepare(`select name, sql from sqlite_master where type = 'index' and tbl_name = ? and sql is not null`).all(table) as { name: string; sql: string }[];
      for (const r of rows) db.exec(`drop index ${r.name}`);
      return rows.map((r) => r.sql);
    },
    async exec(statement) {
      db.exec(statement);
    },
    async close() {
      db.close();
    },
  };
}

function postgresWriter(url: string): Writer {
  const client = new pg.Client({ connectionString: url });
  const ready = client.connect().then(() => client.query('set synchronous_commit = off'));
  return {
    async insert(table, columns, count, row) {
      await ready;
      const batch = Math.max(1000, Math.floor(400_000 / columns.length));
      const text = `insert into ${table} (${columns.map((c) => c.name).join(', ')}) select * from unnest(${columns.map((c, j) => `$${j + 1}::${c.pgType}[]`).join(', ')})`;
      for (let from = 0; from < count; from += batch) {
        const to = Math.min(count, from + batch);
        const arrays: (string | number)[][] = columns.map(() => new Array(to - from));
        for (let i = from; i < to; i++) {
          const r = row(i);
          for (let j = 0; j < columns.length; j++) arrays[j]![i - from] = r[j]!;
        }
        await client.query(text, arrays);
      }
    },
    async dropSecondaryIndexes(table) {
      await ready;
      const { rows } = await client.query<{ indexname: string; indexdef: string }>(
        `select indexname, indexdef from pg_indexes where schemaname = current_schema() and tablename = $1
           and indexname not in (select conname from pg_constraint where conrelid = $1::regclass)`,
        [table],
      );
      for (const r of rows) await client.query(`drop index ${r.indexname}`);
      return rows.map((r) => r.indexdef);
    },
    async exec(statement) {
      await ready;
      await client.query(statement);
    },
    async close() {
      await client.end();
    },
  };
}

const STATUS = USER_COLUMNS.findIndex((c) => c.name === 'status');
const since = (t: number) => Math.round((performance.now() - t) / 100) / 10;

/** Migrates an empty database and fills it (about 10 s on SQLite, 20–40 s on PostgreSQL, 2 cores). */
export async function seedScale(
  target: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string },
  opts: ScaleOptions = FULL_SCALE,
  log: (line: string) => void = () => {},
): Promise<ScaleInfo> {
  const t0 = performance.now();
  const handle = openDatabase(target);
  await migrateToLatest(handle);
  const existing = await handle.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  if (Number(existing.n) > 2) throw new Error('seedScale needs an empty database');
  if (target.kind === 'sqlite') await handle.destroy();

  const now = Date.now();
  const rnd = seeded(20_261_122 + SEED_VERSION);
  const viewers = { man: FIRST_ID, woman: FIRST_ID + 1 };
  const w = target.kind === 'sqlite' ? sqliteWriter(target.file) : postgresWriter(target.url);
  const seconds = { total: 0, users: 0, likes: 0, trends: 0, indexes: 0 };
  let listed = 0;
  try {
    const rebuild: string[] = [];
    for (const table of ['users', 'likes', 'trends']) rebuild.push(...(await w.dropSecondaryIndexes(table)));

    let t = performance.now();
    await w.insert('users', USER_COLUMNS, opts.members, (i) => {
      const row = memberRow(i, rnd, now, opts.members);
      if (row[STATUS] === 1) listed++;
      return row;
    });
    seconds.users = since(t);
    log(`  ${opts.members} members in ${seconds.users} s`);

    t = performance.now();
    const { liker, target: liked } = likePairs(rnd, opts, [viewers.man, viewers.woman]);
    const likeSpan = 2 * YEAR;
    await w.insert('likes', LIKE_COLUMNS, opts.likes, (i) => [liker[i]!, liked[i]!, now - likeSpan + Math.floor((i / opts.likes) * likeSpan)]);
    seconds.likes = since(t);
    log(`  ${opts.likes} likes in ${seconds.likes} s`);

    t = performance.now();
    await w.insert('trends', TREND_COLUMNS, opts.trends, (i) => trendRow(i, rnd, now, opts));
    seconds.trends = since(t);
    log(`  ${opts.trends} trends in ${seconds.trends} s`);

    t = performance.now();
    for (const statement of rebuild) await w.exec(statement);
    // PostgreSQL: statistics for the planner and the visibility map for index-only scans, as autovacuum
    // would leave a live database.
    await w.exec(target.kind === 'postgres' ? 'vacuum analyze' : 'pragma wal_checkpoint(TRUNCATE)');
    seconds.indexes = since(t);
    log(`  ${rebuild.length} indexes rebuilt${target.kind === 'postgres' ? ', vacuumed and analyzed' : ''} in ${seconds.indexes} s`);
  } finally {
    await w.close();
  }
  if (target.kind === 'postgres') {
    for (const table of ['users', 'likes', 'trends']) await resetIdSequence(handle.db, 'postgres', table);
    await handle.destroy();
  }
  seconds.total = since(t0);
  return { version: SEED_VERSION, scale: opts, seededAt: now, viewers, listed, seconds };
}

/**
 * A seeded SQLite database in `dir` (as DATA_DIR/kindred.sqlite): a copy of the cached one in the
 * system temp folder when it exists for this seed version and scale (migrated forward and moved to
 * the present), else freshly seeded and then cached.
 */
export async function seededSqlite(dir: string, opts: ScaleOptions = FULL_SCALE, log: (line: string) => void = () => {}): Promise<ScaleInfo> {
  const cacheDir = path.join(os.tmpdir(), 'kindred-bench-cache');
  const base = path.join(cacheDir, `members-v${SEED_VERSION}-${opts.members}-${opts.likes}-${opts.trends}`);
  const file = path.join(dir, 'kindred.sqlite');
  fs.mkdirSync(dir, { recursive: true });
  if (process.env.BENCH_RESEED !== '1' && fs.existsSync(`${base}.sqlite`) && fs.existsSync(`${base}.json`)) {
    const info = JSON.parse(fs.readFileSync(`${base}.json`, 'utf8')) as ScaleInfo;
    fs.copyFileSync(`${base}.sqlite`, file);
    try {
      const handle = openDatabase({ kind: 'sqlite', file });
      const applied = await migrateToLatest(handle);
      await advance(handle, Date.now() - info.seededAt);
      await handle.destroy();
      log(`  reused ${base}.sqlite${applied.length ? ` (migrated: ${applied.join(', ')})` : ''}`);
      return { ...info, seededAt: Date.now() };
    } catch (error) {
      log(`  cached copy unusable (${(error as Error).message}); seeding afresh`);
      for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
    }
  }
  const info = await seedScale({ kind: 'sqlite', file }, opts, log);
  fs.mkdirSync(cacheDir, { recursive: true });
  fs.copyFileSync(file, `${base}.sqlite`);
  fs.writeFileSync(`${base}.json`, JSON.stringify(info, null, 2));
  return info;
}

/** Moves every time that decides a list (activity, membership expiries) forward by `ms`. */
async function advance({ db }: DatabaseHandle, ms: number): Promise<void> {
  const shift = (column: 'vip1_until' | 'vip2_until') => sql<number>`case when ${sql.ref(column)} = 0 then 0 else ${sql.ref(column)} + ${ms} end`;
  await db
    .updateTable('users')
    .set((eb) => ({
      last_active_at: eb('last_active_at', '+', ms),
      shown_active_at: eb('shown_active_at', '+', ms),
      vip1_until: shift('vip1_until'),
      vip2_until: shift('vip2_until'),
    }))
    .where('id', '>', 2)
    .execute();
}

/** A live session for `userId` (as a sign-in would leave it): answers the bearer token. */
export async function openBenchSession({ db }: DatabaseHandle, userId: number): Promise<string> {
  const token = newToken();
  const now = Date.now();
  await db
    .insertInto('sessions')
    .values({ user_id: userId, token_hash: hashToken(token), terminal: 'w', user_agent: 'bench', created_at: now, last_seen_at: now, expires_at: now + DAY })
    .execute();
  return token;
}
