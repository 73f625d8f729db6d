import { UserStatus } from '@kindred/protocol';
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { Db, DbOrTx } from '../../db/database.js';
import { listQuery } from '../../db/fixed-query.js';
import type { ConversationsTable, Database, MessageRow } from '../../db/schema.js';
import { CONTACT_COLUMNS, type ContactRow } from './conversations.repository.js';

/** Per member of a batch: the facts that tell which parts of the catch-up are worth a query. */
export interface CatchUpSummary {
  /** conversationsRepository.totalUnread: unread over the visible, unblocked sides whose peer is not suspended. */
  unread: number;
  /** Visible (not hidden) unblocked sides: without one the chat list is empty. */
  visibleSides: number;
  /** Unblocked sides with an unread count: without one there are no unread messages. */
  unreadSides: number;
}

/** Any query with the conversation side as `c`. */
type WithSide = Database & { c: ConversationsTable };

/**
 * No block between the side's member and its peer, either way. The same rows `notBlockedWith`
 * leaves (the member's blocked ids and the ids that blocked the member), asked per side: a batch
 * covers many members, so the viewer is a column here, not a value. Two probes of blocks_pair.
 */
function unblocked<DB extends WithSide, TB extends keyof DB>(builder: ExpressionBuilder<DB, TB>): Expression<SqlBool> {
  const eb = builder as unknown as ExpressionBuilder<WithSide, 'c'>;
  return eb.not(
    eb.exists(
      eb
        .selectFrom('blocks as blk')
        .select('blk.id')
        .where((b) =>
          b.or([
            b.and([b('blk.blocker_id', '=', b.ref('c.user_id')), b('blk.blocked_id', '=', b.ref('c.peer_id'))]),
            b.and([b('blk.blocker_id', '=', b.ref('c.peer_id')), b('blk.blocked_id', '=', b.ref('c.user_id'))]),
          ]),
        ),
    ),
  );
}

/** The batch statements, compiled once per batch size (db/fixed-query.ts, listQuery). */
const summariesOf = listQuery((db: DbOrTx, userIds: readonly number[]) =>
  db
    .selectFrom('conversations as c')
    .innerJoin('users as u', 'u.id', 'c.peer_id')
    .select((eb) => [
      'c.user_id',
      // The badge counts what the list shows: a suspended peer's side leaves both while it lasts.
      eb.fn.sum<number>(eb.case().when(eb.and([eb('c.hidden', '=', 0), eb('u.status', '!=', UserStatus.suspended)])).then(eb.ref('c.unread')).else(0).end()).as('unread'),
      eb.fn.sum<number>(eb.case().when('c.hidden', '=', 0).then(1).else(0).end()).as('visible_sides'),
      eb.fn.sum<number>(eb.case().when('c.unread', '>', 0).then(1).else(0).end()).as('unread_sides'),
    ])
    .where('c.user_id', 'in', userIds)
    .where(unblocked)
    .groupBy('c.user_id'),
);

const contactsOf = listQuery((db: DbOrTx, userIds: readonly number[], limit: number) => {
  const ranked = db
    .selectFrom('conversations as c')
    .innerJoin('users as u', 'u.id', 'c.peer_id')
    .leftJoin('messages as m', 'm.id', 'c.last_message_id')
    .select((eb) => [
      'c.user_id as owner_id',
      ...CONTACT_COLUMNS,
      eb.fn
        .agg<number>('row_number')
        .over((ob) => ob.partitionBy('c.user_id').orderBy('c.updated_at', 'desc').orderBy('c.id', 'desc'))
        .as('rank'),
    ])
    .where('c.user_id', 'in', userIds)
    .where('c.hidden', '=', 0)
    .where('u.status', '!=', UserStatus.suspended)
    .where(unblocked);
  return db.selectFrom(ranked.as('r')).selectAll('r').where('r.rank', '<=', limit).orderBy('r.owner_id').orderBy('r.rank');
});

const unreadOf = listQuery((db: DbOrTx, userIds: readonly number[], limit: number) => {
  const ranked = db
    .selectFrom('conversations as c')
    .innerJoin('messages as m', (join) => join.onRef('m.sender_id', '=', 'c.peer_id').onRef('m.reciver_id', '=', 'c.user_id'))
    .selectAll('m')
    .select((eb) => ['c.user_id as owner_id', eb.fn.agg<number>('row_number').over((ob) => ob.partitionBy('c.user_id').orderBy('m.id', 'desc')).as('rank')])
    .where('c.user_id', 'in', userIds)
    .where('c.unread', '>', 0)
    .whereRef('m.id', '>', 'c.last_read_id')
    .whereRef('m.id', '>', 'c.cleared_before_id')
    .where(unblocked);
  return db.selectFrom(ranked.as('r')).selectAll('r').where('r.rank', '<=', limit).orderBy('r.owner_id').orderBy('r.rank');
});

const watchersOf = listQuery((db: DbOrTx, userIds: readonly number[]) =>
  db.selectFrom('conversations as c').select(['c.peer_id', 'c.user_id']).where('c.peer_id', 'in', userIds).where('c.hidden', '=', 0).where(unblocked),
);

/**
 * The catch-up (kind 0) of many members in one statement per part, for sockets connecting
 * together (catch-up.loader.ts). Each part answers, per member, exactly what the one-member query
 * of ConversationsRepository / MessagesRepository answers (same filters, same order, same limit):
 * catch-up-batch.test.ts compares them row for row.
 */
export class CatchUpRepository {
  constructor(private readonly db: Db) {}

  /** Members without a row here have no conversation side at all: nothing to catch up. */
  async summaries(userIds: readonly number[]): Promise<Map<number, CatchUpSummary>> {
    if (!userIds.length) return new Map();
    const rows = await summariesOf(this.db, userIds);
    // PostgreSQL answers sums as strings (numeric/bigint).
    return new Map(rows.map((r) => [r.user_id, { unread: Number(r.unread ?? 0), visibleSides: Number(r.visible_sides ?? 0), unreadSides: Number(r.unread_sides ?? 0) }]));
  }

  /** ConversationsRepository.listContacts for each member: most recent first, at most `limit` each. */
  async contacts(userIds: readonly number[], limit: number): Promise<Map<number, ContactRow[]>> {
    const byMember = new Map<number, ContactRow[]>();
    if (!userIds.length) return byMember;
    const rows = await contactsOf(this.db, userIds, limit);
    for (const { owner_id, rank: _rank, ...row } of rows) push(byMember, owner_id, row);
    return byMember;
  }

  /** MessagesRepository.unreadFor for each member: newest first, at most `limit` each. */
  async unreadMessages(userIds: readonly number[], limit: number): Promise<Map<number, MessageRow[]>> {
    const byMember = new Map<number, MessageRow[]>();
    if (!userIds.length) return byMember;
    const rows = await unreadOf(this.db, userIds, limit);
    for (const { owner_id, rank: _rank, ...row } of rows) push(byMember, owner_id, row as MessageRow);
    return byMember;
  }

  /**
   * ConversationsRepository.watchersOf for each member (who hears of its online changes): those
   * with the member in their chat list, never a member on either side of a block with it.
   */
  async watchers(userIds: readonly number[]): Promise<Map<number, number[]>> {
    const byMember = new Map<number, number[]>();
    if (!userIds.length) return byMember;
    const rows = await watchersOf(this.db, userIds);
    for (const r of rows) push(byMember, r.peer_id, r.user_id);
    return byMember;
  }
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
