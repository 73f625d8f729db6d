import {
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
} from 'kysely';
import type { DialectName } from '../../apps/server/src/db/dialect.js';
import type { Database } from '../../apps/server/src/db/schema.js';

export interface Captured {
  sql: string;
  parameters: unknown[];
}

/**
 * A Kysely that runs nothing: each query is compiled by the real dialect's compiler and recorded;
 * every query answers one row `{ n: 0 }` (enough for counts and executeTakeFirstOrThrow). Lets the
 * bench read the exact SQL text and parameters the server's repositories send to the database.
 */
export function capturingDb(dialect: DialectName): { db: Kysely<Database>; take(): Captured[] } {
  let log: Captured[] = [];
  const connection: DatabaseConnection = {
    async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
      log.push({ sql: query.sql, parameters: [...query.parameters] });
      return { rows: [{ n: 0 } as R] };
    },
    streamQuery() {
      throw new Error('capturingDb does not stream');
    },
  };
  const driver: Driver = {
    async init() {},
    async acquireConnection() {
      return connection;
    },
    async beginTransaction() {},
    async commitTransaction() {},
    async rollbackTransaction() {},
    async releaseConnection() {},
    async destroy() {},
  };
  const d: Dialect =
    dialect === 'postgres'
      ? {
          createAdapter: () => new PostgresAdapter(),
          createDriver: () => driver,
          createIntrospector: (db) => new PostgresIntrospector(db),
          createQueryCompiler: () => new PostgresQueryCompiler(),
        }
      : {
          createAdapter: () => new SqliteAdapter(),
          createDriver: () => driver,
          createIntrospector: (db) => new SqliteIntrospector(db),
          createQueryCompiler: () => new SqliteQueryCompiler(),
        };
  return {
    db: new Kysely<Database>({ dialect: d }),
    take() {
      const out = log;
      log = [];
      return out;
    },
  };
}
