import type { CompiledQuery, Compilable } from 'kysely';
import SQLite from 'better-sqlite3';
import { directSqlite, type DbOrTx } from './database.js';

/** Stands for an argument (by position or by name) while the query is compiled. */
class Slot {
  constructor(readonly key: number | string) {}
}

interface Compiled<R> {
  query: CompiledQuery<R>;
  /** Per compiled parameter: the argument it takes, or undefined for a constant the query holds itself. */
  sources: (number | string | undefined)[];
  /** The prepared SQLite statement, once the query ran past Kysely (runCompiled). */
  statement?: DirectStatement<R>;
}

interface DirectStatement<R> {
  statement: SQLite.Statement;
  /** Rows come as arrays (raw mode) and this makes each the row object; absent for statements that write. */
  toRow?: (values: unknown[]) => R;
}

/**
 * The query's own statement (raw mode is a statement's setting: the handle's cached one is shared
 * with Kysely). better-sqlite3 builds a row object one property at a time, and past ~18 columns V8
 * keeps such an object as a hash table (dictionary mode): a member's 31-column row cost twice as
 * much to read, and every later `user.x` was a hash lookup. A reader answers arrays here, and each
 * becomes an object literal of the statement's columns (same keys, order and values; one shape).
 */
function prepareDirect<R>(sqlite: SQLite.Database, sql: string): DirectStatement<R> {
  const statement = SQLite.prototype.prepare.call(sqlite, sql);
  if (!statement.reader) return { statement };
  const names = statement.columns().map((column) => column.name);
  // A literal's `__proto__` key would set the prototype: such a query keeps object rows.
  if (names.includes('__proto__')) return { statement };
  statement.raw(true);
  const toRow = new Function('v', `return { ${names.map((name, i) => `${JSON.stringify(name)}: v[${i}]`).join(', ')} };`) as (values: unknown[]) => R;
  return { statement, toRow };
}

function compileWithSlots<R>(built: Compilable<R>, slots: Slot[]): Compiled<R> {
  const query = built.compile();
  const sources = query.parameters.map((p) => (p instanceof Slot ? p.key : undefined));
  const used = new Set(sources.filter((s) => s !== undefined));
  const missing = slots.filter((slot) => !used.has(slot.key));
  // A slot that is not a parameter was used to shape the query or computed with (`now - x`, a
  // string's prefix): the compiled query would be wrong for every other value.
  if (missing.length) throw new Error(`cached query: every argument must appear as a plain value in the query (not: ${missing.map((s) => String(s.key)).join(', ')})`);
  return { query, sources };
}

/**
 * Runs a compiled query with these parameters. On SQLite outside a transaction the prepared
 * statement runs at once (database.ts, directSqlite: what Kysely's driver would do, without its
 * promises and lock) and the rows come back as they are (the callers below are async, so a throw
 * still becomes their rejection); otherwise through Kysely.
 */
function runCompiled<R>(db: DbOrTx, compiled: Compiled<R>, parameters: unknown[]): R[] | Promise<R[]> {
  const direct = directSqlite(db);
  if (direct) {
    const { statement, toRow } = (compiled.statement ??= prepareDirect<R>(direct.sqlite, compiled.query.sql));
    if (toRow) {
      try {
        const rows = statement.all(parameters) as unknown[][];
        const out = new Array<R>(rows.length);
        for (let i = 0; i < rows.length; i++) out[i] = toRow(rows[i]!);
        return out;
      } catch (error) {
        direct.reportError(error);
        throw error;
      }
    }
  }
  return db.executeQuery<R>({ ...compiled.query, parameters }).then((result) => result.rows);
}

/**
 * Whose compiled queries a handle shares: its own; for a transaction (a new handle each time) those
 * of every transaction of the same Kysely — one dialect's compiler, known by its adapter — as long
 * as no plugin could change the SQL (the server uses none). undefined: compile every call. A chat
 * batch's statements run in a transaction, where building and compiling them was a fifth of the
 * writer thread's busy time at half the chat's saturation (2026-11-29 profile).
 */
function cacheOwner(db: DbOrTx): object | undefined {
  if (!db.isTransaction) return db;
  const executor = db.getExecutor();
  return executor.plugins.length === 0 ? executor.adapter : undefined;
}

const bind = (compiled: Compiled<unknown>, args: Record<string | number, unknown>) =>
  compiled.query.parameters.map((p, i) => {
    const source = compiled.sources[i];
    return source === undefined ? p : args[source];
  });

/**
 * A query whose shape never changes (no optional filters), built and compiled by Kysely once per
 * database handle and then run with each call's arguments. On the paths every request takes
 * (the session behind a token, a member by id) building and compiling cost more than SQLite
 * running the query. `build` must use each argument as a plain value (a comparison's right side, a
 * column value), never to choose the query's shape. Transactions share their compiled form (cacheOwner).
 */
export function fixedQuery<A extends unknown[], R>(build: (db: DbOrTx, ...args: A) => Compilable<R>) {
  const cache = new WeakMap<object, Compiled<R>>();
  return async (db: DbOrTx, ...args: A): Promise<R[]> => {
    const owner = cacheOwner(db);
    let compiled = owner && cache.get(owner);
    if (!compiled) {
      const slots = args.map((_, i) => new Slot(i));
      compiled = compileWithSlots(build(db, ...(slots as unknown as A)), slots);
      if (owner) cache.set(owner, compiled);
    }
    return runCompiled(db, compiled, bind(compiled as Compiled<unknown>, args as unknown as Record<number, unknown>));
  };
}

/** Shapes kept per handle and query; past this, further shapes compile on every call (a misuse would not grow memory). */
const MAX_SHAPES = 256;

/**
 * A query with optional parts (filters, an order) compiled once per shape and run with each
 * call's values: the list queries whose shape depends on the call's filters. `shape` holds what
 * chooses the query's form (a list type, which filters are on) and must be small: `key(shape)`
 * names the form. `values` are plain values only (comparisons' right sides, offset, limit): at
 * compile time each one that is not null or undefined is replaced by a stand-in, so `build` may
 * test a value's presence (`$if(values.before != null, …)`) but never compute with it, and every
 * value given must appear in the query (checked once per shape). Arrays belong in `shape` (an IN
 * list's length is part of the SQL).
 */
export function shapedQuery<S, V extends Record<string, unknown>, R>(key: (shape: S) => string, build: (db: DbOrTx, shape: S, values: V) => Compilable<R>) {
  const cache = new WeakMap<object, Map<string, Compiled<R>>>();
  return async (db: DbOrTx, shape: S, values: V): Promise<R[]> => {
    const present = Object.keys(values).filter((name) => values[name] != null);
    const shapeKey = `${key(shape)}|${present.join(',')}`;
    const owner = cacheOwner(db);
    let shapes = owner && cache.get(owner);
    let compiled = shapes?.get(shapeKey);
    if (!compiled) {
      const slots = present.map((name) => new Slot(name));
      const stand = { ...values, ...Object.fromEntries(slots.map((slot) => [slot.key, slot])) } as V;
      compiled = compileWithSlots(build(db, shape, stand), slots);
      if (owner) {
        if (!shapes) cache.set(owner, (shapes = new Map()));
        if (shapes.size < MAX_SHAPES) shapes.set(shapeKey, compiled);
      }
    }
    return runCompiled(db, compiled, bind(compiled as Compiled<unknown>, values));
  };
}

/**
 * A fixed query but for one IN list whose length changes from call to call (the members of sockets
 * connecting together), run with each call's list and `args`: building and compiling the
 * catch-up's statements for every batch of ~20 sockets cost more than SQLite running them. The
 * list is padded to the next power of two by repeating its last item (an IN list answers the same),
 * so a query has a dozen compiled forms and prepared statements, not one per batch size. `build`
 * uses the list only as an IN list and every argument as a plain value.
 */
export function listQuery<T, A extends unknown[], R>(build: (db: DbOrTx, list: readonly T[], ...args: A) => Compilable<R>) {
  const cache = new WeakMap<object, Map<number, Compiled<R>>>();
  return async (db: DbOrTx, list: readonly T[], ...args: A): Promise<R[]> => {
    const owner = cacheOwner(db);
    let lengths = owner && cache.get(owner);
    const padded = padToPowerOfTwo(list);
    let compiled = lengths?.get(padded.length);
    if (!compiled) {
      const items = padded.map((_, i) => new Slot(i));
      const rest = args.map((_, i) => new Slot(`a${i}`));
      compiled = compileWithSlots(build(db, items as unknown as T[], ...(rest as unknown as A)), [...items, ...rest]);
      if (owner) {
        if (!lengths) cache.set(owner, (lengths = new Map()));
        lengths.set(padded.length, compiled);
      }
    }
    const values: Record<string | number, unknown> = { ...padded };
    for (let i = 0; i < args.length; i++) values[`a${i}`] = args[i];
    return runCompiled(db, compiled, bind(compiled as Compiled<unknown>, values));
  };
}

/** Row counts kept per handle and statement (the chat's batches hold at most 128 messages, 256 sides). */
const MAX_ROW_COUNTS = 512;

/**
 * A statement over a list of rows whose length changes from call to call — a multi-row INSERT or
 * upsert, an OR of pairs — compiled once per number of rows and run with each call's rows and
 * `args`. `build` gets stand-ins for the rows (each of `fields` a plain value: a column's value, a
 * comparison's right side) and the args, and must use every one of them, the same way for any
 * count. A field left undefined in a row is written as null (a column's DEFAULT would need another
 * form of the statement).
 */
export function rowsQuery<T extends object, A extends unknown[], R>(fields: readonly (keyof T & string)[], build: (db: DbOrTx, rows: readonly T[], ...args: A) => Compilable<R>) {
  const cache = new WeakMap<object, Map<number, Compiled<R>>>();
  return async (db: DbOrTx, rows: readonly T[], ...args: A): Promise<R[]> => {
    const owner = cacheOwner(db);
    let counts = owner && cache.get(owner);
    let compiled = counts?.get(rows.length);
    if (!compiled) {
      const stands = rows.map((_, i) => Object.fromEntries(fields.map((field) => [field, new Slot(`${i}.${field}`)])) as T);
      const rest = args.map((_, i) => new Slot(`a${i}`));
      const slots = stands.flatMap((stand) => Object.values(stand) as Slot[]).concat(rest);
      compiled = compileWithSlots(build(db, stands, ...(rest as unknown as A)), slots);
      if (owner) {
        if (!counts) cache.set(owner, (counts = new Map()));
        if (counts.size < MAX_ROW_COUNTS) counts.set(rows.length, compiled);
      }
    }
    const values: Record<string, unknown> = {};
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i] as Record<string, unknown>;
      for (const field of fields) values[`${i}.${field}`] = row[field] ?? null;
    }
    for (let i = 0; i < args.length; i++) values[`a${i}`] = args[i];
    return runCompiled(db, compiled, bind(compiled as Compiled<unknown>, values));
  };
}

function padToPowerOfTwo<T>(list: readonly T[]): readonly T[] {
  if (list.length < 2) return list;
  const size = 2 ** Math.ceil(Math.log2(list.length));
  if (size === list.length) return list;
  const padded = list.slice();
  while (padded.length < size) padded.push(list[list.length - 1]!);
  return padded;
}
