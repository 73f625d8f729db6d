import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

/**
 * Indexes behind the member lists, likes lists and search, sized for 100k members and 1M likes:
 * every list walks an index in the order it answers, so a page costs the same at any size.
 * Member lists always filter status = 1 and role = 'member', hence those two lead.
 */
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  const index = (name: string, table: string, columns: string[]) => db.schema.createIndex(name).on(table).columns(columns).execute();

  // userlist / onlinelist default order (last active first); supersedes 0001's users_status_active,
  // which is dropped so each activity touch updates one index fewer.
  await index('users_members_active', 'users', ['status', 'role', 'last_active_at', 'id']);
  await db.schema.dropIndex('users_status_active').execute();
  // "latest" (newest registration first).
  await index('users_members_latest', 'users', ['status', 'role', 'id']);
  // Opposite-sex lists: new_opposite_sex (newest first) and the recommend pools (last active first).
  await index('users_members_sex_latest', 'users', ['status', 'role', 'sex', 'id']);
  await index('users_members_sex_active', 'users', ['status', 'role', 'sex', 'last_active_at']);
  // Username prefix search as a range on the lower-cased key, in username order.
  await index('users_members_username', 'users', ['status', 'role', 'username_key']);

  // "My likes" and "liked me", most recent like first (likes_pair and likes_target answer the
  // membership and mutual checks).
  await index('likes_liker_recent', 'likes', ['liker_id', 'id']);
  await index('likes_target_recent', 'likes', ['target_id', 'id']);
}
