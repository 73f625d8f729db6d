import { sql, type Kysely } from 'kysely';

/**
 * SQLite cannot alter a column's NOT NULL or its foreign key in place; the documented way is to
 * rebuild the table (https://www.sqlite.org/lang_altertable.html#otheralter, "the 12 steps"): with
 * foreign keys off, create the new table, copy the rows, drop the old one, rename, recreate its
 * indexes, then check every foreign key before the transaction commits. Foreign keys must be off
 * while the old table is dropped, or its implicit DELETE would cascade into every table that
 * references it. The pragma has no effect inside a transaction, so the migration runner calls
 * `withoutForeignKeys` around the step's transaction (migrations/index.ts, `rebuildsTables`).
 */
export async function withoutForeignKeys<T>(db: Kysely<any>, work: (db: Kysely<any>) => Promise<T>): Promise<T> {
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    return await work(db);
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

/**
 * Rebuilds `table` from its own CREATE statement as `rewrite` changes it (the columns and their
 * order must stay), keeping the rows, the indexes and the AUTOINCREMENT counter. Run it inside
 * the step's transaction, with foreign keys off; afterwards `assertForeignKeys` proves nothing broke.
 */
export async function rebuildSqliteTable(trx: Kysely<any>, table: string, rewrite: (createSql: string) => string): Promise<void> {
  const { rows } = await sql<{ type: string; sql: string | null }>`select type, sql from sqlite_master where tbl_name = ${table}`.execute(trx);
  const create = rows.find((r) => r.type === 'table')?.sql;
  if (!create) throw new Error(`rebuildSqliteTable: no table ${table}`);
  const changed = rewrite(create);
  if (changed === create) throw new Error(`rebuildSqliteTable: the rewrite of ${table} changed nothing`);
  const temp = `${table}__rebuild`;
  const head = new RegExp(`^CREATE TABLE "${table}"`);
  if (!head.test(changed)) throw new Error(`rebuildSqliteTable: unexpected CREATE statement of ${table}`);
  const { rows: seq } = await sql<{ seq: number }>`select seq from sqlite_sequence where name = ${table}`.execute(trx).catch(() => ({ rows: [] as { seq: number }[] }));

  await sql.raw(changed.replace(head, `CREATE TABLE "${temp}"`)).execute(trx);
  await sql`insert into ${sql.table(temp)} select * from ${sql.table(table)}`.execute(trx);
  await sql`drop table ${sql.table(table)}`.execute(trx);
  await sql`alter table ${sql.table(temp)} rename to ${sql.table(table)}`.execute(trx);
  for (const other of rows) if (other.type !== 'table' && other.sql) await sql.raw(other.sql).execute(trx);
  // Ids of deleted rows past the highest kept one must never come back (AUTOINCREMENT's promise).
  if (seq[0]) await sql`update sqlite_sequence set seq = max(seq, ${seq[0].seq}) where name = ${table}`.execute(trx);
}

/** Fails the step (and rolls it back) if any row of any table points at a row that is not there. */
export async function assertForeignKeys(trx: Kysely<any>): Promise<void> {
  const { rows } = await sql<{ table: string; parent: string }>`pragma foreign_key_check`.execute(trx);
  if (rows.length > 0) throw new Error(`foreign key check failed: ${rows.slice(0, 5).map((r) => `${r.table} -> ${r.parent}`).join(', ')}`);
}

/**
 * A column definition as Kysely wrote it (`"user_id" integer not null references "users" ("id")
 * on delete cascade`), made nullable and set to NULL when the referenced row goes.
 */
export function nullableSetNull(createSql: string, column: string): string {
  const pattern = new RegExp(`("${column}" [a-z]+) not null (references "[a-z_]+" \\("id"\\)) on delete cascade`);
  if (!pattern.test(createSql)) throw new Error(`nullableSetNull: column ${column} is not a NOT NULL cascading reference`);
  return createSql.replace(pattern, '$1 $2 on delete set null');
}
