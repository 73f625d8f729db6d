import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';
import { assertForeignKeys, nullableSetNull, rebuildSqliteTable } from '../sqlite-rebuild.js';

/** Columns that keep their rows when the member they name deletes the account (SET NULL). */
const KEPT_WITHOUT_THE_PERSON = { ledger: ['user_id'], orders: ['user_id', 'gainer_id'] } as const;

/**
 * Reports, and account deletion (docs/product-rules.md, "Reports" and "Deleting an account").
 * - reports_open_pair: one open report per reporter and reported member, held by the database
 *   itself (a partial unique index), so two reports sent at once cannot both be stored.
 * - reports_reporter_day (reporter_id, created_at): the per-day cap counts one index range.
 * - ledger.user_id, orders.user_id and orders.gainer_id become nullable with ON DELETE SET NULL:
 *   the amounts stay (bookkeeping) when the member goes, without the person. SQLite rebuilds
 *   the two tables (sqlite-rebuild.ts); PostgreSQL alters them in place.
 */
export const rebuildsTables = true;

export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await db.schema
    .createIndex('reports_open_pair')
    .on('reports')
    .columns(['reporter_id', 'reported_id'])
    .unique()
    .where(sql.ref('status'), '=', 'open')
    .execute();
  await db.schema.createIndex('reports_reporter_day').on('reports').columns(['reporter_id', 'created_at']).execute();

  for (const [table, columns] of Object.entries(KEPT_WITHOUT_THE_PERSON)) {
    if (dialect === 'sqlite') {
      await rebuildSqliteTable(db, table, (create) => columns.reduce((s, column) => nullableSetNull(s, column), create));
      continue;
    }
    for (const column of columns) {
      const { rows } = await sql<{ name: string }>`
        select c.conname as name from pg_constraint c
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
        where c.contype = 'f' and c.conrelid = ${table}::regclass and c.confrelid = 'users'::regclass and a.attname = ${column}`.execute(db);
      for (const { name } of rows) await db.schema.alterTable(table).dropConstraint(name).execute();
      await db.schema.alterTable(table).alterColumn(column, (c) => c.dropNotNull()).execute();
      await db.schema
        .alterTable(table)
        .addForeignKeyConstraint(`${table}_${column}_fkey`, [column], 'users', ['id'], (c) => c.onDelete('set null'))
        .execute();
    }
  }
  if (dialect === 'sqlite') await assertForeignKeys(db);
}
