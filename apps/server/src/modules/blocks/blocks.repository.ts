import type { Db, DbOrTx } from '../../db/database.js';
import { rowsQuery } from '../../db/fixed-query.js';
import type { UserRow } from '../../db/schema.js';

/** A blocked member as the blocker's list shows them. */
export type BlockedRow = Pick<UserRow, 'id' | 'username' | 'avatar' | 'sex'> & { blocked_at: number };

/** Which way a block between two members goes, if any. */
export type BlockDirection = 'none' | 'mine' | 'theirs';

/** The blocks between member pairs, either way: compiled once per number of pairs (fixed-query.ts). */
const blocksAmong = rowsQuery(['a', 'b'], (db, pairs: readonly { a: number; b: number }[]) =>
  db
    .selectFrom('blocks')
    .select(['blocker_id', 'blocked_id'])
    .where((eb) => eb.or(pairs.flatMap(({ a, b }) => [eb.and([eb('blocker_id', '=', a), eb('blocked_id', '=', b)]), eb.and([eb('blocker_id', '=', b), eb('blocked_id', '=', a)])]))),
);

/** Rows of blocks: one per blocker and blocked member, unique by blocks_pair. Kysely only. */
export class BlocksRepository {
  constructor(private readonly db: Db) {}

  /** A block already there stays as it was (its date too): blocking twice is one block. */
  async insert(blockerId: number, blockedId: number, now: number, trx: DbOrTx = this.db): Promise<void> {
    await trx
      .insertInto('blocks')
      .values({ blocker_id: blockerId, blocked_id: blockedId, created_at: now })
      .onConflict((oc) => oc.columns(['blocker_id', 'blocked_id']).doNothing())
      .execute();
  }

  async delete(blockerId: number, blockedId: number, trx: DbOrTx = this.db): Promise<boolean> {
    const result = await trx.deleteFrom('blocks').where('blocker_id', '=', blockerId).where('blocked_id', '=', blockedId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Likes (follows) between the two, both ways: a block ends them. */
  async deleteLikesBetween(a: number, b: number, trx: DbOrTx = this.db): Promise<void> {
    await trx
      .deleteFrom('likes')
      .where((eb) => eb.or([eb.and([eb('liker_id', '=', a), eb('target_id', '=', b)]), eb.and([eb('liker_id', '=', b), eb('target_id', '=', a)])]))
      .execute();
  }

  /** The blocks between any of these member pairs, either way, in one query (a chat batch's senders and peers). */
  among(pairs: readonly (readonly [number, number])[], trx: DbOrTx = this.db): Promise<{ blocker_id: number; blocked_id: number }[]> {
    if (!pairs.length) return Promise.resolve([]);
    return blocksAmong(trx, pairs.map(([a, b]) => ({ a, b })));
  }

  /** `mine`: `actorId` blocked `otherId`; `theirs`: the other way; one probe of blocks_pair per direction. */
  async direction(actorId: number, otherId: number, trx: DbOrTx = this.db): Promise<BlockDirection> {
    const rows = await trx
      .selectFrom('blocks')
      .select('blocker_id')
      .where((eb) =>
        eb.or([eb.and([eb('blocker_id', '=', actorId), eb('blocked_id', '=', otherId)]), eb.and([eb('blocker_id', '=', otherId), eb('blocked_id', '=', actorId)])]),
      )
      .execute();
    if (rows.some((r) => r.blocker_id === actorId)) return 'mine';
    return rows.length ? 'theirs' : 'none';
  }

  /** The members this one blocked, newest block first (blocks_pair range, then users by key). */
  list(blockerId: number, { offset, limit }: { offset: number; limit: number }, trx: DbOrTx = this.db): Promise<BlockedRow[]> {
    return trx
      .selectFrom('blocks')
      .innerJoin('users', 'users.id', 'blocks.blocked_id')
      .select(['users.id', 'users.username', 'users.avatar', 'users.sex', 'blocks.created_at as blocked_at'])
      .where('blocks.blocker_id', '=', blockerId)
      .orderBy('blocks.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
  }

  async count(blockerId: number, trx: DbOrTx = this.db): Promise<number> {
    const row = await trx
      .selectFrom('blocks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('blocker_id', '=', blockerId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
