import type { Db, DbOrTx } from '../../db/database.js';

export class PasswordResetsRepository {
  constructor(private readonly db: Db) {}

  async insert(row: { user_id: number; token_hash: string; created_at: number; expires_at: number }, trx: DbOrTx = this.db): Promise<void> {
    await trx.insertInto('password_resets').values({ ...row, used_at: null }).execute();
  }

  findUsable(tokenHash: string, now: number, trx: DbOrTx = this.db) {
    return trx
      .selectFrom('password_resets')
      .select(['id', 'user_id'])
      .where('token_hash', '=', tokenHash)
      .where('expires_at', '>', now)
      .where('used_at', 'is', null)
      .executeTakeFirst();
  }

  /** Marks a link used unless a concurrent request already did: a link works exactly once. */
  async consume(id: number, now: number, trx: DbOrTx = this.db): Promise<boolean> {
    const result = await trx
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async invalidateForUser(userId: number, now: number, trx: DbOrTx = this.db): Promise<void> {
    await trx.updateTable('password_resets').set({ used_at: now }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
  }
}
