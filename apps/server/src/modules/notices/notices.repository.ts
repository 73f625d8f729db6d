import type { Db, DbOrTx } from '../../db/database.js';
import type { NoticeRow } from '../../db/schema.js';
import { inGivenOrder } from '../../db/returning-order.js';

export class NoticesRepository {
  constructor(private readonly db: Db) {}

  list(userId: number, { status, limit }: { status?: number; limit: number }, trx: DbOrTx = this.db): Promise<NoticeRow[]> {
    return trx
      .selectFrom('notices')
      .selectAll()
      .where('user_id', '=', userId)
      .$if(status != null, (q) => q.where('status', '=', status!))
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  async countUnread(userId: number, trx: DbOrTx = this.db): Promise<number> {
    const row = await trx
      .selectFrom('notices')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('status', '=', 0)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  insert(row: { user_id: number; type: NoticeRow['type']; payload: string; created_at: number }, trx: DbOrTx = this.db): Promise<NoticeRow> {
    return trx.insertInto('notices').values({ ...row, status: 0 }).returningAll().executeTakeFirstOrThrow();
  }

  /** Several notices in one statement; answers them in the order given. */
  async insertMany(rows: readonly { user_id: number; type: NoticeRow['type']; payload: string; created_at: number }[], trx: DbOrTx = this.db): Promise<NoticeRow[]> {
    if (!rows.length) return [];
    const stored = await trx.insertInto('notices').values(rows.map((row) => ({ ...row, status: 0 }))).returningAll().execute();
    return inGivenOrder(rows, stored, (r) => `${r.user_id}:${r.type}:${r.created_at}:${r.payload}`);
  }

  /** Only the owner's notice changes; answers whether one did. */
  async markRead(userId: number, id: number, trx: DbOrTx = this.db): Promise<boolean> {
    const result = await trx.updateTable('notices').set({ status: 1 }).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
