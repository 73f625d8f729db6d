import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

/**
 * Chat catch-up and presence fan-out.
 * - conversations.last_read_id: the newest message the member had when they last opened the
 *   conversation, so a reconnecting client gets exactly its unread messages in one indexed query
 *   (messages_pair walks sender, recipient, id > last_read_id).
 * - conversations (peer_id, user_id): "who has me in their list", asked on every online/offline
 *   and visibility change to tell those members (kind 4).
 */
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema.alterTable('conversations').addColumn('last_read_id', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.createIndex('conversations_peer').on('conversations').columns(['peer_id', 'user_id']).execute();
}
