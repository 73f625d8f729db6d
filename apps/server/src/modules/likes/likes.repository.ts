import type { Db, DbOrTx } from '../../db/database.js';

/** Rows of likes (follows): one per liker and target, kept unique by likes_pair. */
export class LikesRepository {
  constructor(private readonly db: Db) {}

  /** Inserts the like; a concurrent duplicate surfaces as a unique violation for the caller to judge. */
  async insert(likerId: number, targetId: number, now: number, trx: DbOrTx = this.db): Promise<void> {
    await trx.insertInto('likes').values({ liker_id: likerId, target_id: targetId, created_at: now }).execute();
  }

  /** Answers whether a like was there to remove. */
  async delete(likerId: number, targetId: number, trx: DbOrTx = this.db): Promise<boolean> {
    const result = await trx.deleteFrom('likes').where('liker_id', '=', likerId).where('target_id', '=', targetId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async exists(likerId: number, targetId: number, trx: DbOrTx = this.db): Promise<boolean> {
    const row = await trx.selectFrom('likes').select('id').where('liker_id', '=', likerId).where('target_id', '=', targetId).executeTakeFirst();
    return Boolean(row);
  }

  /** How many members like this one: a range of likes_target, never the table. */
  async countLikers(targetId: number, trx: DbOrTx = this.db): Promise<number> {
    const row = await trx
      .selectFrom('likes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('target_id', '=', targetId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
