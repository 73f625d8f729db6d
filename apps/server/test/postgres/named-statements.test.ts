import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it, onTestFinished } from 'vitest';
import { withNamedStatements } from '../../src/db/database.js';
import { buildUser } from '../helpers/factories.js';
import { createTestDatabase, useSharedApp } from '../helpers/test-app.js';

// PostgreSQL only: the server-sqlite project excludes this folder (vitest.config.ts).
const app = useSharedApp();

describe('named statements on PostgreSQL', () => {
  it('prepares each SQL text once per PostgreSQL connection, under a name', async () => {
    const ctx = app();
    const { user } = await buildUser(ctx);
    const text = 'select "id" from "users" where "id" = $1';

    const prepared = await ctx.db.transaction().execute(async (trx) => {
      for (let i = 0; i < 3; i++) await trx.selectFrom('users').select('id').where('id', '=', user.id).execute();
      return sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`.execute(trx);
    });

    expect(prepared.rows.filter((r) => r.statement === text)).toEqual([{ name: expect.stringMatching(/^k/), statement: text }]);
  });

  it('gives a text evicted from the bounded list a new name, never another text’s', async () => {
    const testDb = await createTestDatabase();
    onTestFinished(() => testDb.drop());
    const url = testDb.databaseUrl!;
    const pool = withNamedStatements(new pg.Pool({ connectionString: url, max: 1 }), 2);
    onTestFinished(() => pool.end());
    const client = await pool.connect();
    try {
      const texts = ['select 1 + $1::int as n', 'select 2 + $1::int as n', 'select 3 + $1::int as n'];
      for (const round of [1, 2]) {
        for (const [i, text] of texts.entries()) expect((await client.query(text, [round])).rows).toEqual([{ n: i + 1 + round }]);
      }
      const names = await client.query('select name, statement from pg_prepared_statements order by name', []);
      const ours = names.rows.filter((r: { statement: string }) => texts.includes(r.statement));
      // Three texts, each evicted once along the way: more names than texts, each name one text.
      expect(new Set(ours.map((r: { statement: string }) => r.statement))).toEqual(new Set(texts));
      expect(ours.length).toBeGreaterThan(texts.length);
    } finally {
      client.release();
    }
  });
});
