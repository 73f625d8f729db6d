import type { AdminReportListBody } from '@kindred/protocol';
import type { Selectable } from 'kysely';
import type { Db, DbOrTx } from '../../db/database.js';
import type { MessagesTable, ReportsTable, UserRow } from '../../db/schema.js';

export type ReportRow = Selectable<ReportsTable>;
export type MessageRow = Selectable<MessagesTable>;

/** What the reports queue reads, and the one change staff make to a report (handling it). */
export class AdminReportsRepository {
  constructor(private readonly db: Db) {}

  /** Open ones oldest first (a queue); handled and all newest first. */
  async list({ status, type, reported_id }: Omit<AdminReportListBody, 'page'>, offset: number, limit: number, trx: DbOrTx = this.db): Promise<{ rows: ReportRow[]; total: number }> {
    const filtered = trx
      .selectFrom('reports')
      .$if(status === 'open', (q) => q.where('status', '=', 'open'))
      .$if(status === 'handled', (q) => q.where('status', '!=', 'open'))
      .$if(type != null, (q) => q.where('type', '=', type!))
      .$if(reported_id != null, (q) => q.where('reported_id', '=', reported_id!));
    const [rows, count] = await Promise.all([
      filtered.selectAll().orderBy('id', status === 'open' ? 'asc' : 'desc').offset(offset).limit(limit).execute(),
      filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  find(id: number, trx: DbOrTx = this.db): Promise<ReportRow | undefined> {
    return trx.selectFrom('reports').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Other reports about the same member, newest first. */
  earlierAbout(reportedId: number, exceptId: number, limit: number, trx: DbOrTx = this.db): Promise<ReportRow[]> {
    return trx.selectFrom('reports').selectAll().where('reported_id', '=', reportedId).where('id', '!=', exceptId).orderBy('id', 'desc').limit(limit).execute();
  }

  /** The last `limit` messages between two members, oldest first (each direction walks messages_pair_rev). */
  async messagesBetween(a: number, b: number, limit: number, trx: DbOrTx = this.db): Promise<MessageRow[]> {
    const rows = await trx
      .selectFrom('messages')
      .selectAll()
      .where((eb) => eb.or([eb.and([eb('sender_id', '=', a), eb('reciver_id', '=', b)]), eb.and([eb('sender_id', '=', b), eb('reciver_id', '=', a)])]))
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.reverse();
  }

  usersByIds(ids: readonly number[], trx: DbOrTx = this.db): Promise<UserRow[]> {
    const unique = [...new Set(ids)];
    if (!unique.length) return Promise.resolve([]);
    return trx.selectFrom('users').selectAll().where('id', 'in', unique).execute();
  }

  /** Handles an open report; answers the handled row, or undefined if it was not open (any more). */
  handle(id: number, change: Pick<ReportRow, 'status' | 'result' | 'handled_by' | 'handled_at'>, trx: DbOrTx = this.db): Promise<ReportRow | undefined> {
    return trx.updateTable('reports').set(change).where('id', '=', id).where('status', '=', 'open').returningAll().executeTakeFirst();
  }
}
