import { ADMIN_PAGE_SIZE, type AdminReportDetailWire, type AdminReportListBody, type AdminReportPageWire, type AdminReportWire, type ReportActBody } from '@kindred/protocol';
import type { Db } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import type { Staff } from '../../domain/staff.js';
import { fail } from '../../errors.js';
import type { NoticesService } from '../notices/notices.service.js';
import type { UsersRepository } from '../users/users.repository.js';
import { presentParty } from './admin-members.presenter.js';
import type { AdminReportsRepository, MessageRow, ReportRow } from './admin-reports.repository.js';
import type { AuditRepository } from './audit.repository.js';
import type { MemberDiscipline } from './member-discipline.js';

const MESSAGES_SHOWN = 50;
const EARLIER_SHOWN = 20;
const seconds = (ms: number | null) => Math.floor(Number(ms ?? 0) / 1000);

function presentReport(r: ReportRow, users: Map<number, UserRow>): AdminReportWire {
  const handler = r.handled_by != null ? users.get(r.handled_by) : undefined;
  return {
    id: r.id,
    type: r.type,
    content: r.content,
    img: r.img,
    email: r.email,
    status: r.status,
    result: r.result,
    reporter: presentParty(users.get(r.reporter_id), r.reporter_id),
    reported: presentParty(users.get(r.reported_id), r.reported_id),
    handled_by: r.handled_by != null ? { id: r.handled_by, username: handler?.username ?? '' } : null,
    create_time: seconds(r.created_at),
    handled_time: seconds(r.handled_at),
  };
}

const presentMessage = (m: MessageRow) => ({ id: m.id, sender_id: m.sender_id, type: m.type, content: m.content, img: m.img, create_time: seconds(m.created_at) });

/**
 * The reports queue. Acting on a report handles it (status, result, who, when), tells the reporter
 * (a report notice, live on every node once committed), and warns, suspends or bans the reported
 * member (MemberDiscipline) — with one audit row, all in one transaction.
 */
export class AdminReportsService {
  constructor(
    private readonly db: Db,
    private readonly reports: AdminReportsRepository,
    private readonly users: UsersRepository,
    private readonly discipline: MemberDiscipline,
    private readonly notices: Pick<NoticesService, 'create'>,
    private readonly audit: AuditRepository,
    private readonly now: () => number = Date.now,
  ) {}

  async list({ page, ...filters }: AdminReportListBody): Promise<AdminReportPageWire> {
    const { rows, total } = await this.reports.list(filters, (page - 1) * ADMIN_PAGE_SIZE, ADMIN_PAGE_SIZE);
    const users = await this.usersOf(rows);
    return { items: rows.map((r) => presentReport(r, users)), page, page_size: ADMIN_PAGE_SIZE, total };
  }

  async detail(id: number): Promise<AdminReportDetailWire> {
    const report = await this.reports.find(id);
    if (!report) throw fail('not_found');
    const [messages, earlier] = await Promise.all([
      this.reports.messagesBetween(report.reporter_id, report.reported_id, MESSAGES_SHOWN),
      this.reports.earlierAbout(report.reported_id, report.id, EARLIER_SHOWN),
    ]);
    const users = await this.usersOf([report, ...earlier]);
    return { report: presentReport(report, users), messages: messages.map(presentMessage), earlier_reports: earlier.map((r) => presentReport(r, users)) };
  }

  /** Only an open report can be acted on; a handled or unknown one is not_found. */
  async act(staff: Staff, { id, action, days, result }: ReportActBody): Promise<AdminReportWire> {
    const handled = await inTransaction(this.db, async (unit) => {
      const now = this.now();
      const report = await this.reports.handle(id, { status: action === 'dismiss' ? 'dismissed' : 'resolved', result, handled_by: staff.id, handled_at: now }, unit.trx);
      if (!report) throw fail('not_found');
      const reported = await this.users.findById(report.reported_id, unit.trx);
      let consequence: Record<string, unknown> = {};
      if (reported && action === 'warn') await this.discipline.warn(unit, reported, result);
      if (reported && action === 'suspend') consequence = { suspended_until: Number((await this.discipline.suspend(unit, reported, days!, result)).suspended_until) };
      if (reported && action === 'ban') consequence = { banned_at: Number((await this.discipline.ban(unit, reported, result)).banned_at) };
      await this.notices.create(report.reporter_id, 'report', { content: `Your report about ${reported?.username ?? 'a member'} was handled`, result }, unit);
      await this.audit.record(
        staff,
        { action: `report.${action}`, objectType: 'report', objectId: report.id, before: { status: 'open' }, after: { status: report.status, result, reported_id: report.reported_id, ...(days ? { days } : {}), ...consequence } },
        unit.trx,
      );
      return report;
    });
    return presentReport(handled, await this.usersOf([handled]));
  }

  private async usersOf(reports: readonly ReportRow[]): Promise<Map<number, UserRow>> {
    const ids = reports.flatMap((r) => [r.reporter_id, r.reported_id, ...(r.handled_by != null ? [r.handled_by] : [])]);
    return new Map((await this.reports.usersByIds(ids)).map((u) => [u.id, u]));
  }
}
