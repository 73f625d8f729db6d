import type { Db } from '../../db/database.js';

export class UsedChallengesRepository {
  constructor(private readonly db: Db) {}

  /** Records a solution's challenge as used; false when it already was (on any node: the primary key decides). */
  async markUsed(signature: string, expiresAt: number, trx: Db = this.db): Promise<boolean> {
    const result = await trx
      .insertInto('used_challenges')
      .values({ signature, expires_at: expiresAt })
      .onConflict((oc) => oc.column('signature').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  /** Rows whose challenge expired: a replay of one is refused by its expiry now. */
  async sweep(now: number, trx: Db = this.db): Promise<number> {
    const result = await trx.deleteFrom('used_challenges').where('expires_at', '<', now).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
