import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

/**
 * Member lists at scale (measured by bench/members.bench.ts on 100k members): every page of a list
 * also counts the list, and a filter on a column that no index held (is_yin, is_auth, the vip
 * columns) made that count read every member's row — 60-70 ms a page on SQLite, a sequential scan
 * on PostgreSQL.
 * - users_members_active carries the filter columns after its key: the page walk of every filtered
 *   list and the count of any filter read the index alone (same order, same prefix as before).
 * - "invisible" and "auth" are small subsets: their own index makes page and count a short range.
 * - users_members_username gets id in its key, so PostgreSQL answers a search's page and count from
 *   the index alone (SQLite indexes carry the rowid anyway).
 * Indexes are rebuilt under their 0003 names, so the repositories' comments stay true.
 */
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  const index = (name: string, columns: string[]) => db.schema.createIndex(name).on('users').columns(columns).execute();

  await db.schema.dropIndex('users_members_active').execute();
  await index('users_members_active', ['status', 'role', 'last_active_at', 'id', 'is_yin', 'is_auth', 'vip', 'vip1_until', 'vip2_until']);
  await index('users_members_invisible', ['status', 'role', 'is_yin', 'last_active_at', 'id']);
  await index('users_members_auth', ['status', 'role', 'is_auth', 'last_active_at', 'id']);
  await db.schema.dropIndex('users_members_username').execute();
  await index('users_members_username', ['status', 'role', 'username_key', 'id']);
}
