import type { ReportBody, ReportListBody } from '@kindred/protocol';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/dialect.js';
import type { Member } from '../../domain/member.js';
import { fail } from '../../errors.js';
import type { UploadedFile } from '../../http/uploaded-file.js';
import type { UsersRepository } from '../users/users.repository.js';
import type { UploadsService } from '../uploads/uploads.service.js';
import type { ReportsRepository, ReportWithMember } from './reports.repository.js';

const DAY_MS = 86_400_000;
export const REPORT_PAGE_SIZE = 20;

export interface ReportsOptions {
  /** REPORT_DAILY_LIMIT: reports one member may file in any 24 hours. */
  dailyLimit: number;
}

export interface ReportsPage {
  rows: ReportWithMember[];
  lastPage: number;
}

/**
 * Members reporting members (docs/product-rules.md, "Reports"). Rules, in the order checked:
 * the reported member exists and is not the reporter; at most one open report per reporter and
 * reported member (also a unique index, so a race cannot store two); at most `dailyLimit` reports
 * in 24 hours. Only then is the picture read through the upload pipeline (decoded, re-encoded,
 * stripped of metadata), so a refused report stores nothing. Staff decide the outcome (status,
 * result, handled_by, handled_at are theirs: modules/admin).
 */
export class ReportsService {
  constructor(
    private readonly reports: ReportsRepository,
    private readonly users: UsersRepository,
    private readonly uploads: Pick<UploadsService, 'uploadReportImage' | 'discard'>,
    private readonly options: ReportsOptions,
    private readonly now: () => number = Date.now,
  ) {}

  async submit(member: Member, body: ReportBody, file: UploadedFile | undefined): Promise<ReportWithMember> {
    if (body.userid === member.id) throw fail('cannot_report_self');
    const reported = await this.users.findById(body.userid);
    if (!reported) throw fail('user_not_found');
    if (await this.reports.hasOpen(member.id, reported.id)) throw fail('report_already_open');
    const now = this.now();
    if ((await this.reports.countSince(member.id, now - DAY_MS)) >= this.options.dailyLimit) throw fail('report_daily_limit');

    // A file input left empty arrives as a nameless part of no bytes: no picture, not a bad one.
    const img = file && (file.buffer.length > 0 || file.filename !== '') ? await this.uploads.uploadReportImage(member, file) : '';
    try {
      const row = await this.reports.insert({
        reporter_id: member.id,
        reported_id: reported.id,
        type: body.type ?? 0,
        content: body.content ?? '',
        email: body.email ?? '',
        img,
        status: 'open',
        result: '',
        created_at: now,
      });
      return { ...row, member_username: reported.username, member_avatar: reported.avatar };
    } catch (error) {
      if (img) await this.uploads.discard(img);
      if (isUniqueViolation(error)) throw fail('report_already_open');
      throw error;
    }
  }

  /** type 1: the reports the member filed; type 2: the reports against the member. */
  async list(member: Member, { type, page }: ReportListBody): Promise<ReportsPage> {
    const range = { offset: (page - 1) * REPORT_PAGE_SIZE, limit: REPORT_PAGE_SIZE };
    const [rows, total] =
      type === 1
        ? await Promise.all([this.reports.listBy(member.id, range), this.reports.count('reporter_id', member.id)])
        : await Promise.all([this.reports.listAgainst(member.id, range), this.reports.count('reported_id', member.id)]);
    return { rows, lastPage: Math.max(1, Math.ceil(total / REPORT_PAGE_SIZE)) };
  }
}
