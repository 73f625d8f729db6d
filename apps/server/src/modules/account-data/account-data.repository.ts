import type { Kysely } from 'kysely';
import type { Db, DbOrTx } from '../../db/database.js';

type Row = Record<string, unknown>;

/** Rows of any table by the columns that name a member: the export walks the catalogue's list. */
export class AccountDataRepository {
  constructor(private readonly db: Db) {}

  /**
   * One page of `table`'s rows where any of `columns` is the member. Tables keyed by `id` page by
   * it (`after`: the last id); others by offset in key order (`after`: rows already read).
   */
  pageOf(table: string, columns: readonly string[], key: readonly string[], memberId: number, after: number, limit: number): Promise<Row[]> {
    const db = this.db as unknown as Kysely<any>;
    const byId = key.length === 1 && key[0] === 'id';
    let query = db
      .selectFrom(table)
      .selectAll()
      .where((eb) => eb.or(columns.map((column) => eb(column, '=', memberId))));
    query = byId ? query.where('id', '>', after).orderBy('id') : key.reduce((q, column) => q.orderBy(column), query).offset(after);
    return query.limit(limit).execute();
  }

  /**
   * Gift notices the member's gifts left in other members' lists: they name the giver in their
   * payload (givername), which no foreign key knows of. Answers their ids.
   */
  async giftNoticesFrom(memberId: number, username: string, trx: DbOrTx = this.db): Promise<number[]> {
    const rows = await trx
      .selectFrom('notices')
      .select(['id', 'payload'])
      .where('type', '=', 'gift')
      .where('user_id', 'in', (eb) => eb.selectFrom('gift_sends').select('recipient_id').where('sender_id', '=', memberId))
      .execute();
    return rows.filter((row) => giverOf(row.payload) === username).map((row) => row.id);
  }

  async deleteNotices(ids: readonly number[], trx: DbOrTx = this.db): Promise<void> {
    if (ids.length > 0) await trx.deleteFrom('notices').where('id', 'in', [...ids]).execute();
  }

  /** The member's row; every table's foreign key does the rest (CASCADE, or SET NULL for the ledger and orders). */
  async deleteUser(memberId: number, trx: DbOrTx = this.db): Promise<boolean> {
    const result = await trx.deleteFrom('users').where('id', '=', memberId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}

function giverOf(payload: string): string | undefined {
  try {
    return (JSON.parse(payload) as { gift?: { givername?: string } }).gift?.givername;
  } catch {
    return undefined;
  }
}
