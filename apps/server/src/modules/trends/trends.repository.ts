import type { Db, DbOrTx } from '../../db/database.js';

/** Trend types of spec section 3 (3 is the "edited profile" event the translations name). */
export const TrendType = { joined: 0, post: 1, avatarChanged: 2, profileEdited: 3 } as const;
export type TrendType = (typeof TrendType)[keyof typeof TrendType];

export class TrendsRepository {
  constructor(private readonly db: Db) {}

  async insert(row: { user_id: number; type: TrendType; content?: string; img?: string; created_at: number }, trx: DbOrTx = this.db): Promise<number> {
    const inserted = await trx
      .insertInto('trends')
      .values({ content: '', img: '', ...row })
      .returning('id')
      .executeTakeFirstOrThrow();
    return inserted.id;
  }

  async countByUser(userId: number, trx: DbOrTx = this.db): Promise<number> {
    const row = await trx
      .selectFrom('trends')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
