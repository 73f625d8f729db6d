import type { Db, DbOrTx } from '../../db/database.js';
import type { ReportsTable } from '../../db/schema.js';
import type { Insertable, Selectable } from 'kysely';

export type ReportRow = Selectable<ReportsTable>;
export type NewReport = Insertable<ReportsTable>;

/** A report with the other member of the list it is shown in (the reported one, or the reporter). */
export type ReportWithMember = ReportRow & { member_username: string; member_avatar: string };

export interface ReportPage {
  offset: number;
  limit: number;
}

export class ReportsRepository {
  constructor(private readonly db: Db) {}

  insert(row: NewReport, trx: DbOrTx = this.db): Promise<ReportRow> {
    return trx.insertInto('reports').values(row).returningAll().executeTakeFirstOrThrow();
  }

  /** Reports `reporterId` filed after `since` (ms): one range of reports_reporter_day. */
  async countSince(reporterId: number, since: number, trx: DbOrTx = this.db): Promise<number> {
    const row = await trx
      .selectFrom('reports')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('reporter_id', '=', reporterId)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async hasOpen(reporterId: number, reportedId: number, trx: DbOrTx = this.db): Promise<boolean> {
    const row = await trx
      .selectFrom('reports')
      .select('id')
      .where('reporter_id', '=', reporterId)
      .where('reported_id', '=', reportedId)
      .where('status', '=', 'open')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Reports the member filed, newest first, with the reported member's name and avatar. */
  listBy(reporterId: number, { offset, limit }: ReportPage, trx: DbOrTx = this.db): Promise<ReportWithMember[]> {
    return trx
      .selectFrom('reports')
      .innerJoin('users', 'users.id', 'reports.reported_id')
      .selectAll('reports')
      .select(['users.username as member_username', 'users.avatar as member_avatar'])
      .where('reports.reporter_id', '=', reporterId)
      .orderBy('reports.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
  }

  /** Reports against the member, newest first, with the reporter's name (the presenter masks it). */
  listAgainst(reportedId: number, { offset, limit }: ReportPage, trx: DbOrTx = this.db): Promise<ReportWithMember[]> {
    return trx
      .selectFrom('reports')
      .innerJoin('users', 'users.id', 'reports.reporter_id')
      .selectAll('reports')
      .select(['users.username as member_username', 'users.avatar as member_avatar'])
      .where('reports.reported_id', '=', reportedId)
      .orderBy('reports.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
  }

  async count(column: 'reporter_id' | 'reported_id', userId: number, trx: DbOrTx = this.db): Promise<number> {
    const row = await trx
      .selectFrom('reports')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(column, '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
