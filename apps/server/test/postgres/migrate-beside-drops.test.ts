import { Kysely, type PostgresDialect } from 'kysely';
import pg from 'pg';
import { describe, expect, it, onTestFinished } from 'vitest';
import { CurrentSchemaPostgresDialect } from '../../src/db/current-schema-introspector.js';
import { createTestDatabase } from '../helpers/test-app.js';

// PostgreSQL only (vitest.config.ts). Test files run in parallel, each in its own schema, and drop
// it when done: a migration's introspection must not trip over a schema dropped at that moment.
// (With Kysely's own PostgresDialect the same 300 reads fail with `schema "churn_…" does not exist`.)
const base = process.env.TEST_DATABASE_URL!;

/** Creates and drops throwaway schemas with a table in a loop until stopped. */
function churnSchemas() {
  let stop = false;
  const client = new pg.Client({ connectionString: base });
  const done = (async () => {
    await client.connect();
    for (let i = 0; !stop && i < 5_000; i++) {
      const name = `churn_${process.pid}_${i}`;
      await client.query(`create schema ${name}; create table ${name}.t (id serial primary key, v text)`);
      await client.query(`drop schema ${name} cascade`);
    }
    await client.end();
  })();
  return async () => {
    stop = true;
    await done;
  };
}

async function introspectRepeatedly(dialectFor: (pool: pg.Pool) => PostgresDialect, rounds: number) {
  const testDb = await createTestDatabase();
  onTestFinished(() => testDb.drop());
  const pool = new pg.Pool({ connectionString: testDb.databaseUrl!, max: 1 });
  const db = new Kysely<any>({ dialect: dialectFor(pool) });
  onTestFinished(() => db.destroy());
  const errors: string[] = [];
  for (let i = 0; i < rounds; i++) {
    await db.introspection.getTables({ withInternalKyselyTables: true }).catch((e: Error) => errors.push(e.message));
  }
  return { errors, tables: await db.introspection.getTables({ withInternalKyselyTables: true }) };
}

describe('migrations beside schemas being dropped', () => {
  it('reads only the current schema, so dropping others never disturbs it', async () => {
    const stop = churnSchemas();
    const { errors, tables } = await introspectRepeatedly((pool) => new CurrentSchemaPostgresDialect({ pool }), 300).finally(stop);
    expect(errors).toEqual([]);
    expect(tables.map((t) => t.name).sort()).toEqual(['kysely_migration', 'kysely_migration_lock']);
    expect(tables[0]!.columns.map((c) => c.name)).toContain('name');
  });
});
