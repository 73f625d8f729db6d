import type { CompiledQuery, Compilable } from 'kysely';
import type { DbOrTx } from './database.js';

/** Stands for the i-th argument while the query is compiled. */
class Slot {
  constructor(readonly index: number) {}
}

interface Compiled<R> {
  query: CompiledQuery<R>;
  /** Per compiled parameter: the argument it takes, or -1 for a constant the query holds itself. */
  sources: number[];
}

/**
 * A query whose shape never changes (no optional filters), built and compiled by Kysely once per
 * database handle and then run with each call's arguments. On the paths every request takes
 * (the session behind a token, a member by id) building and compiling cost more than SQLite
 * running the query. `build` must use each argument as a plain value (a comparison's right side, a
 * column value), never to choose the query's shape. Inside a transaction it compiles every call
 * (a transaction is a new handle each time), which is what Kysely does anyway.
 */
export function fixedQuery<A extends unknown[], R>(build: (db: DbOrTx, ...args: A) => Compilable<R>) {
  const cache = new WeakMap<DbOrTx, Compiled<R>>();
  const compile = (db: DbOrTx, arity: number): Compiled<R> => {
    const slots = Array.from({ length: arity }, (_, i) => new Slot(i));
    const query = build(db, ...(slots as unknown as A)).compile();
    const sources = query.parameters.map((p) => (p instanceof Slot ? p.index : -1));
    if (new Set(sources.filter((s) => s >= 0)).size !== arity) throw new Error('fixedQuery: every argument must appear as a value in the query');
    return { query, sources };
  };

  return async (db: DbOrTx, ...args: A): Promise<R[]> => {
    let compiled = db.isTransaction ? undefined : cache.get(db);
    if (!compiled) {
      compiled = compile(db, args.length);
      if (!db.isTransaction) cache.set(db, compiled);
    }
    const { query, sources } = compiled;
    const parameters = query.parameters.map((p, i) => (sources[i]! >= 0 ? args[sources[i]!] : p));
    const result = await db.executeQuery<R>({ ...query, parameters });
    return result.rows;
  };
}
