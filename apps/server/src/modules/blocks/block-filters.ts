import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { Database } from '../../db/schema.js';

/** A column holding a member id, in whatever query the filter joins (users.id, c.peer_id, trends.user_id…). */
export type MemberColumn = 'users.id' | 'c.peer_id' | 'trends.user_id' | 'mails.sender_id' | 'conversations.user_id' | 'conversations.peer_id' | 'l.liker_id' | 'l.target_id';

/**
 * The one filter every list, feed and fan-out uses to leave out members on either side of a block
 * with the viewer (docs/product-rules.md, "Blocking").
 *
 * It is `column NOT IN (the viewer's blocked ids UNION ALL the ids that blocked the viewer)`: the
 * subquery is uncorrelated, so both SQLite and PostgreSQL read it once (two short ranges of
 * blocks_pair and blocks_blocked) and probe it per row in memory (SQLite an ephemeral index,
 * PostgreSQL a hashed subplan). A correlated NOT EXISTS would cost two index probes per row and
 * turn the member lists' index-only counts into 100k-probe walks. The columns are NOT NULL, so
 * NOT IN has no null surprise.
 */
export function notBlockedWith<DB extends Database, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>, viewerId: number, column: MemberColumn): Expression<SqlBool> {
  return (eb as unknown as ExpressionBuilder<Database, 'users'>)(column as 'users.id', 'not in', membersBlockedWith(eb, viewerId));
}

/** The same members the other way round: `column IN (…)`, for counting the few a list leaves out. */
export function blockedWith<DB extends Database, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>, viewerId: number, column: MemberColumn): Expression<SqlBool> {
  return (eb as unknown as ExpressionBuilder<Database, 'users'>)(column as 'users.id', 'in', membersBlockedWith(eb, viewerId));
}

/** Ids on either side of a block with the viewer (a member blocked both ways comes twice). */
function membersBlockedWith<DB extends Database, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>, viewerId: number) {
  const b = eb as unknown as ExpressionBuilder<Database, 'users'>;
  const mine = b.selectFrom('blocks as blk_out').select('blk_out.blocked_id as member_id').where('blk_out.blocker_id', '=', viewerId);
  const theirs = b.selectFrom('blocks as blk_in').select('blk_in.blocker_id as member_id').where('blk_in.blocked_id', '=', viewerId);
  return mine.unionAll(theirs);
}
