import { sql, type Kysely } from 'kysely';
import { bigint, type DialectName } from '../dialect.js';

/**
 * Invisible mode must not show in any list (hardening, finding 8): members who cannot see through
 * it (everyone but women, docs/product-rules.md §4) had lists ordered by last_active_at, so an invisible
 * member jumped to the top the moment she was active.
 *
 * shown_active_at is the activity such viewers may know of: it follows last_active_at while the
 * member is visible (is_yin 1) and stands still while she is invisible (UsersRepository keeps it).
 * Their lists filter ("online": shown_active_at recent and visible) and order by it, so each of
 * 0003/0005's activity indexes gets a twin on shown_active_at, with the same shape; the
 * last_active_at ones stay for female viewers, who see invisible members as they are.
 */
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  const index = (name: string, columns: string[]) => db.schema.createIndex(name).on('users').columns(columns).execute();

  await db.schema.alterTable('users').addColumn('shown_active_at', bigint, (c) => c.notNull().defaultTo(0)).execute();
  // Everyone's activity so far counts as shown: nothing is known of when an invisible member was
  // last visible, and freezing her at her last activity reveals no more than the lists did until now.
  await sql`update users set shown_active_at = last_active_at`.execute(db);

  await index('users_members_shown', ['status', 'role', 'shown_active_at', 'id', 'is_yin', 'is_auth', 'vip', 'vip1_until', 'vip2_until']);
  await index('users_members_invisible_shown', ['status', 'role', 'is_yin', 'shown_active_at', 'id']);
  await index('users_members_auth_shown', ['status', 'role', 'is_auth', 'shown_active_at', 'id']);
  await index('users_members_sex_shown', ['status', 'role', 'sex', 'shown_active_at']);
}
