import { sql } from 'kysely';
import type { Db, DbOrTx } from '../../db/database.js';

/**
 * Membership periods (users.vip, vip1_until, vip2_until in ms). An extension runs from the later
 * of now and the current end, in one UPDATE, so two upgrades committed at once both count. An
 * end of 0 on a level the member holds means "no end date" (staff) and stays so.
 */
export class MembershipsRepository {
  constructor(private readonly db: Db) {}

  async extend(userId: number, level: 1 | 2, durationMs: number, now: number, trx: DbOrTx = this.db) {
    const column = level === 2 ? 'vip2_until' : 'vip1_until';
    const holdsForever = level === 2 ? sql`vip >= 2 and vip2_until = 0` : sql`vip = 1 and vip1_until = 0`;
    const until = sql.ref(column);
    return trx
      .updateTable('users')
      .set({
        [column]: sql<number>`case when ${holdsForever} then 0 when ${until} > ${now} then ${until} + ${durationMs} else ${now + durationMs} end`,
        vip: sql<number>`case when vip < ${level} then ${level} else vip end`,
        updated_at: now,
      })
      .where('id', '=', userId)
      .returning(['vip', 'vip1_until', 'vip2_until'])
      .executeTakeFirst();
  }
}
