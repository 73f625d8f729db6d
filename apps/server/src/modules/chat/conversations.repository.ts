import { UserStatus } from '@kindred/protocol';
import { sql } from 'kysely';
import type { Db, DbOrTx } from '../../db/database.js';
import { rowsQuery } from '../../db/fixed-query.js';
import type { ConversationRow } from '../../db/schema.js';
import { notBlockedWith } from '../blocks/block-filters.js';

/** A conversation as the chat list shows it: the member's side, the peer and the last message. */
export interface ContactRow {
  id: number;
  peer_id: number;
  unread: number;
  updated_at: number;
  username: string;
  avatar: string;
  sex: number;
  vip: number;
  vip1_until: number;
  vip2_until: number;
  is_yin: number;
  last_type: 'text' | 'img' | 'gift' | null;
  last_content: string | null;
  last_created_at: number | null;
}

/**
 * `column` moved forward to the upserted value, never back: on PostgreSQL two transactions writing
 * to one conversation may commit in another order than their message ids were given.
 */
const forwardToExcluded = (column: 'last_message_id' | 'last_read_id') =>
  sql<number>`case when ${sql.ref(`conversations.${column}`)} is null or ${sql.ref(`conversations.${column}`)} < ${sql.ref(`excluded.${column}`)} then ${sql.ref(`excluded.${column}`)} else ${sql.ref(`conversations.${column}`)} end`;

type SettledSide = { user_id: number; peer_id: number; received: number; last_message_id: number; last_sent_id: number };

// A chat batch's two statements on the sides, compiled once per number of sides (fixed-query.ts).
const touchSides = rowsQuery(['user_id', 'peer_id'], (db, sides: readonly { user_id: number; peer_id: number }[], now: number) =>
  db
    .insertInto('conversations')
    .values(sides.map((s) => ({ user_id: s.user_id, peer_id: s.peer_id, unread: 0, last_message_id: null, cleared_before_id: 0, hidden: 0, updated_at: now })))
    .onConflict((oc) => oc.columns(['user_id', 'peer_id']).doUpdateSet({ hidden: 0, updated_at: now }))
    .returning(['user_id', 'peer_id', 'last_message_id']),
);

const settleSides = rowsQuery(['user_id', 'peer_id', 'received', 'last_message_id', 'last_sent_id'], (db, sides: readonly SettledSide[], now: number) =>
  db
    .insertInto('conversations')
    .values(
      sides.map((s) => ({
        user_id: s.user_id,
        peer_id: s.peer_id,
        unread: s.received,
        last_message_id: s.last_message_id,
        last_read_id: s.last_sent_id,
        cleared_before_id: 0,
        hidden: 0,
        updated_at: now,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['user_id', 'peer_id']).doUpdateSet({
        unread: sql<number>`conversations.unread + excluded.unread`,
        last_message_id: forwardToExcluded('last_message_id'),
        last_read_id: forwardToExcluded('last_read_id'),
        // What touchMany sets, for batches that skip it (message-writer.ts).
        hidden: 0,
        updated_at: now,
      }),
    ),
);

/**
 * One row per side of a conversation (user_id's view of peer_id): unread count, read mark, what
 * the member deleted (cleared_before_id) and whether it is hidden from the list.
 */
/** A chat list entry's columns: the conversation (c), its peer (u) and its last message (m). */
export const CONTACT_COLUMNS = [
  'c.id',
  'c.peer_id',
  'c.unread',
  'c.updated_at',
  'u.username',
  'u.avatar',
  'u.sex',
  'u.vip',
  'u.vip1_until',
  'u.vip2_until',
  'u.is_yin',
  'm.type as last_type',
  'm.content as last_content',
  'm.created_at as last_created_at',
] as const;

export class ConversationsRepository {
  constructor(private readonly db: Db) {}

  find(userId: number, peerId: number, trx: DbOrTx = this.db): Promise<ConversationRow | undefined> {
    return trx.selectFrom('conversations').selectAll().where('user_id', '=', userId).where('peer_id', '=', peerId).executeTakeFirst();
  }

  private contactQuery(userId: number, trx: DbOrTx) {
    return trx
      .selectFrom('conversations as c')
      .innerJoin('users as u', 'u.id', 'c.peer_id')
      .leftJoin('messages as m', 'm.id', 'c.last_message_id')
      .select(CONTACT_COLUMNS)
      .where('c.user_id', '=', userId)
      // A block hides the conversation from both chat lists until it is lifted (history is kept).
      .where((eb) => notBlockedWith(eb, userId, 'c.peer_id'));
  }

  /** The member's chat list, most recent first (what they deleted is left out until a new message). */
  listContacts(userId: number, limit: number, trx: DbOrTx = this.db): Promise<ContactRow[]> {
    // A suspended or banned peer (status 4) leaves the list while it lasts (modules/admin); history is kept.
    return this.contactQuery(userId, trx).where('c.hidden', '=', 0).where('u.status', '!=', UserStatus.suspended).orderBy('c.updated_at', 'desc').orderBy('c.id', 'desc').limit(limit).execute();
  }

  findContact(userId: number, peerId: number, trx: DbOrTx = this.db): Promise<ContactRow | undefined> {
    return this.contactQuery(userId, trx).where('c.peer_id', '=', peerId).executeTakeFirst();
  }

  /**
   * Message write (message-writer.ts), step 1: every conversation side a batch of messages touches (senders' and
   * recipients'), created or shown again, in one statement. The sides must come sorted by
   * (user_id, peer_id): PostgreSQL locks them in that order, so two batches never wait for each
   * other in a cycle. Answers each side's last_message_id as it was before the batch (null: nobody
   * had written in it yet), which decides whether a sender is starting the conversation.
   */
  async touchMany(sides: readonly { user_id: number; peer_id: number }[], now: number, trx: DbOrTx): Promise<{ user_id: number; peer_id: number; last_message_id: number | null }[]> {
    if (!sides.length) return [];
    return touchSides(trx, sides, now);
  }

  /**
   * Message write, step 2, once the messages are stored: per side, the messages it received added to
   * its unread count, its newest message, and the read mark moved to the newest message its member
   * sent (0: sent nothing in this batch, the mark stays). The sides exist since step 1 (same order),
   * or are created here (a batch whose senders no rule can refuse skips step 1), shown again as step
   * 1 would.
   */
  async settleMany(
    sides: readonly SettledSide[],
    now: number,
    trx: DbOrTx,
  ): Promise<void> {
    if (!sides.length) return;
    await settleSides(trx, sides, now);
  }

  /** Unread to 0 and the read mark to the last message; answers whether there was anything unread. */
  async markRead(userId: number, peerId: number, trx: DbOrTx = this.db): Promise<boolean> {
    const result = await trx
      .updateTable('conversations')
      .set({ unread: 0, last_read_id: sql<number>`coalesce(last_message_id, 0)` })
      .where('user_id', '=', userId)
      .where('peer_id', '=', peerId)
      .where('unread', '>', 0)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Deletes the conversation for this side only: hidden, read, and its history cleared up to now. */
  async hide(userId: number, peerId: number, trx: DbOrTx = this.db): Promise<boolean> {
    const result = await trx
      .updateTable('conversations')
      .set({
        hidden: 1,
        unread: 0,
        cleared_before_id: sql<number>`coalesce(last_message_id, 0)`,
        last_read_id: sql<number>`coalesce(last_message_id, 0)`,
      })
      .where('user_id', '=', userId)
      .where('peer_id', '=', peerId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** The badge: unread over the sides the chat list shows (not hidden, no block, the peer not suspended). */
  async totalUnread(userId: number, trx: DbOrTx = this.db): Promise<number> {
    const row = await trx
      .selectFrom('conversations')
      .innerJoin('users as u', 'u.id', 'conversations.peer_id')
      .select((eb) => eb.fn.sum<number>('conversations.unread').as('n'))
      .where('conversations.user_id', '=', userId)
      .where('conversations.hidden', '=', 0)
      .where('u.status', '!=', UserStatus.suspended)
      .where((eb) => notBlockedWith(eb, userId, 'conversations.peer_id'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /**
   * Members who have `userId` in their chat list: they hear of its online and visibility changes.
   * Never a member on either side of a block with it: neither learns the other's online state.
   * The live connection reads these in batches (CatchUpRepository.watchers); this one-member form
   * is the reference the batched query is tested against.
   */
  async watchersOf(userId: number, trx: DbOrTx = this.db): Promise<number[]> {
    const rows = await trx
      .selectFrom('conversations')
      .select('user_id')
      .where('peer_id', '=', userId)
      .where('hidden', '=', 0)
      .where((eb) => notBlockedWith(eb, userId, 'conversations.user_id'))
      .execute();
    return rows.map((r) => r.user_id);
  }
}
