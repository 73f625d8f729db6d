import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CompiledQuery, Kysely, SqliteDialect, type Driver, type LogEvent, type Transaction } from 'kysely';
import { CurrentSchemaPostgresDialect } from './current-schema-introspector.js';
import pg from 'pg';
import type { Config } from '../config.js';
import type { DialectName } from './dialect.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;
/** Repositories take an optional transaction; either kind of handle runs the same queries. */
export type DbOrTx = Db | Tx;

export interface DatabaseHandle {
  db: Db;
  dialect: DialectName;
  destroy(): Promise<void>;
  /** Tells `listener` of every failed query (the metrics count them); answers how to stop. */
  onQueryError?(listener: (error: unknown) => void): () => void;
}

/**
 * Kysely's log hook, feeding the handle's query-error listeners. A log function is also called for
 * every successful query; that costs a call and an event object, and is skipped at once.
 */
function queryErrors() {
  const listeners = new Set<(error: unknown) => void>();
  return {
    log: (event: LogEvent) => {
      if (event.level === 'error') for (const listener of listeners) listener(event.error);
    },
    /** For queries run past Kysely (directSqlite): they are counted as Kysely's failures are. */
    report: (error: unknown) => {
      for (const listener of listeners) listener(error);
    },
    onQueryError(listener: (error: unknown) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

// int8 and count(*) arrive as strings from pg; our ids, times and amounts all fit in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

export function openDatabase(database: Config['database'], options: { poolSize?: number } = {}): DatabaseHandle {
  if (database.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: database.url, max: options.poolSize ?? 10 });
    const errors = queryErrors();
    const db = new Kysely<Database>({ dialect: new CurrentSchemaPostgresDialect({ pool: withNamedStatements(pool) }), log: errors.log });
    reporters.set(db, errors.report);
    return { db, dialect: 'postgres', destroy: () => db.destroy(), onQueryError: errors.onQueryError };
  }
  createPrivately(database.file);
  const sqlite = new SQLite(database.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  // FULL: the WAL is synced at every commit, so a write the server acknowledged (a chat message,
  // a payment) survives a power cut. NORMAL syncs at checkpoints only: faster commits, and the last
  // ones may be lost (README, Security). Both keep the database consistent.
  sqlite.pragma(`synchronous = ${database.synchronous === 'normal' ? 'NORMAL' : 'FULL'}`);
  sqlite.pragma('busy_timeout = 5000');
  // A statement that writes many rows inside a transaction (a chat batch's INSERT, its sides'
  // upsert) keeps a statement journal, to undo just that statement if it fails. With the default
  // temp_store SQLite creates, writes and deletes a temporary file for it each time: 14 % of the
  // server's CPU at half the chat's saturation (`perf`, socket bench, 2026-11-28). In memory it
  // costs a copy of the pages the statement touches.
  sqlite.pragma('temp_store = MEMORY');
  const errors = queryErrors();
  const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: withStatementCache(sqlite) }), log: errors.log });
  direct.set(db, { sqlite, reportError: errors.report });
  reporters.set(db, errors.report);
  return { db, dialect: 'sqlite', destroy: () => db.destroy(), onQueryError: errors.onQueryError };
}

/**
 * Every SQLite transaction begins IMMEDIATE: it takes the write lock at BEGIN, waiting for it under
 * busy_timeout. Two connections write to the file (this one and the chat's writer thread,
 * chat/message-writer-thread.ts); a DEFERRED transaction that read before its first write would
 * fail at that write, at once and without waiting (SQLITE_BUSY_SNAPSHOT), whenever the other
 * connection committed in between. A statement outside a transaction never meets that: SQLite
 * retries it on a fresh snapshot.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  override createDriver(): Driver {
    const driver = super.createDriver();
    driver.beginTransaction = async (connection) => void (await connection.executeQuery(CompiledQuery.raw('begin immediate')));
    return driver;
  }
}

/** The SQLite connection behind a handle's Kysely instance, for fixed-query.ts. */
export interface DirectSqlite {
  sqlite: SQLite.Database;
  reportError(error: unknown): void;
}

const direct = new WeakMap<DbOrTx, DirectSqlite>();

/**
 * The better-sqlite3 connection of a handle opened here, when running a statement on it now is
 * what Kysely would do: SQLite runs queries synchronously on its one connection, and Kysely only
 * wraps that in promises and a lock (its mutex) that a query outside a transaction takes and gives
 * back with nothing in between. While a transaction is open on the connection the lock is held
 * across awaits and a statement run here would join that transaction: then there is no direct way
 * (undefined), and the caller goes through Kysely, which waits for the lock. The server streams no
 * query (Kysely's stream() would hold the lock while iterating, and the connection would be busy).
 */
export function directSqlite(db: DbOrTx): DirectSqlite | undefined {
  const found = db.isTransaction ? undefined : direct.get(db);
  return found && !found.sqlite.inTransaction ? found : undefined;
}

/** The SQLite connection behind a handle, for its settings (not for statements: see directSqlite). */
export function sqliteConnection(db: Db): SQLite.Database | undefined {
  return direct.get(db)?.sqlite;
}

/** How each handle's failed queries reach its listeners. */
const reporters = new WeakMap<Db, (error: unknown) => void>();

/**
 * Counts a failed query run on other connections to the same database (the chat's writer thread)
 * with this handle's own failures: the metrics see one database.
 */
export function reportQueryError(db: Db, error: unknown): void {
  reporters.get(db)?.(error);
}

/**
 * Members' data is for this server only: the data folder, when we create it, is 0700, and the
 * database file 0600 (created empty before SQLite opens it, or tightened if it exists). SQLite
 * creates -wal and -shm with the database file's mode; existing ones are tightened too.
 */
function createPrivately(file: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  for (const suffix of ['', '-wal', '-shm']) {
    try {
      fs.chmodSync(file + suffix, 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}

/**
 * Kysely asks better-sqlite3 to prepare every query anew; compiling SQL costs more than running our
 * small indexed queries. Prepared statements are reused per SQL text (bounded, first prepared out).
 */
function withStatementCache(sqlite: SQLite.Database, max = 500): SQLite.Database {
  const cache = new Map<string, SQLite.Statement>();
  const prepareNew = sqlite.prepare.bind(sqlite);
  // An own property in front of the prototype's: a Proxy would stand in every call Kysely makes.
  // Oldest prepared out first: a hit does not reorder the map (that costs more than it saves here).
  sqlite.prepare = ((source: string): SQLite.Statement => {
    let stmt = cache.get(source);
    if (!stmt) {
      stmt = prepareNew(source);
      if (cache.size >= max) cache.delete(cache.keys().next().value!);
      cache.set(source, stmt);
    }
    return stmt;
  }) as typeof sqlite.prepare;
  return sqlite;
}

/** Statements whose plans are worth keeping (not BEGIN/COMMIT, not the migrations' DDL). */
const PLANNABLE = /^\s*(select|insert|update|delete|with)\b/i;

/**
 * Kysely sends every query unnamed, so PostgreSQL parses and plans it on every call. Naming each
 * SQL text makes each connection prepare it once and reuse it (with a generic plan once PostgreSQL
 * finds it as good). Names are never reused for another text: a text evicted from the bounded
 * list (least recently used out) comes back under a new name; the old one stays prepared only on
 * the connections that used it, until they close.
 */
export function withNamedStatements(pool: pg.Pool, max = 2_000): pg.Pool {
  const names = new Map<string, string>();
  let sequence = 0;
  const nameOf = (text: string): string => {
    let name = names.get(text);
    if (name) {
      names.delete(text);
    } else {
      name = `k${(++sequence).toString(36)}`;
      if (names.size >= max) names.delete(names.keys().next().value!);
    }
    names.set(text, name);
    return name;
  };
  const named = new WeakSet<pg.PoolClient>();
  const connect = async (): Promise<pg.PoolClient> => {
    const client = await pool.connect();
    if (!named.has(client)) {
      named.add(client);
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      client.query = ((text: unknown, values?: unknown, ...rest: unknown[]) =>
        typeof text === 'string' && Array.isArray(values) && PLANNABLE.test(text) ? query({ name: nameOf(text), text, values }, ...rest) : query(text, values, ...rest)) as typeof client.query;
    }
    return client;
  };
  return new Proxy(pool, {
    get(target, prop, receiver) {
      if (prop === 'connect') return connect;
      const value = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

