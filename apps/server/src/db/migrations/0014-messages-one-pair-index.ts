import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

/**
 * One pair index on messages instead of two. messages_pair (sender, recipient, id) and
 * messages_pair_rev (recipient, sender, id) answer the same questions: every query of a pair names
 * both members (a conversation's page names each direction; the catch-ups and the unread lists
 * join on both columns), and either index walks that pair's ids. messages_pair_rev stays: it also
 * serves the recipient's foreign key (a member's deletion cascades to the messages they received),
 * as messages_client (sender, client_id) serves the sender's. Each stored message dirtied a leaf of
 * each index: a chat commit writes those pages to SQLite's WAL (two writes a page) or PostgreSQL's,
 * so one index less is a third of the messages' index pages (bench/JOURNAL.md, 2026-11-28).
 */
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema.dropIndex('messages_pair').execute();
}
