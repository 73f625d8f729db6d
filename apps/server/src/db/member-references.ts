import { sql, type Kysely } from 'kysely';
import type { DialectName } from './dialect.js';

/** A column that points at users.id, and what its foreign key does when the member goes. */
export interface MemberReference {
  table: string;
  column: string;
  /** 'cascade', 'set null', 'no action', … in lower case. */
  onDelete: string;
}

/**
 * Every column of every table that references users.id, read from the database's own catalogue
 * (not from a list in the code), so account export and the deletion tests see a table added later
 * without anyone remembering to name it. Ordered by table and column.
 */
export async function memberReferences(db: Kysely<any>, dialect: DialectName): Promise<MemberReference[]> {
  if (dialect === 'sqlite') {
    const { rows } = await sql<{ table: string; column: string; on_delete: string }>`
      select m.name as "table", p."from" as "column", p.on_delete as on_delete
        from sqlite_master m join pragma_foreign_key_list(m.name) p
       where m.type = 'table' and p."table" = 'users'
       order by m.name, p."from"`.execute(db);
    return rows.map((r) => ({ table: r.table, column: r.column, onDelete: r.on_delete.toLowerCase() }));
  }
  const { rows } = await sql<{ table: string; column: string; on_delete: string }>`
    select c.conrelid::regclass::text as "table", a.attname as "column",
           case c.confdeltype when 'c' then 'cascade' when 'n' then 'set null' when 'd' then 'set default' when 'r' then 'restrict' else 'no action' end as on_delete
      from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
      join pg_namespace ns on ns.oid = c.connamespace
     where c.contype = 'f' and c.confrelid = 'users'::regclass and ns.nspname = current_schema()
     order by 1, 2`.execute(db);
  return rows.map((r) => ({ table: r.table.replace(/^"|"$/g, ''), column: r.column, onDelete: r.on_delete }));
}

/** The tables of the current database or schema (migration bookkeeping left out). */
export async function tableNames(db: Kysely<any>, dialect: DialectName): Promise<string[]> {
  const { rows } =
    dialect === 'sqlite'
      ? await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`.execute(db)
      : await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`.execute(db);
  return rows.map((r) => r.name).filter((name) => !name.startsWith('kysely_migration'));
}

/** The primary key columns of `table`, in key order (an export pages by them). */
export async function primaryKeyOf(db: Kysely<any>, dialect: DialectName, table: string): Promise<string[]> {
  const { rows } =
    dialect === 'sqlite'
      ? await sql<{ name: string }>`select name from pragma_table_info(${table}) where pk > 0 order by pk`.execute(db)
      : await sql<{ name: string }>`
          select a.attname as name from pg_index i
            join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any (i.indkey)
           where i.indrelid = ${table}::regclass and i.indisprimary
           order by array_position(i.indkey::int2[], a.attnum)`.execute(db);
  return rows.map((r) => r.name);
}
