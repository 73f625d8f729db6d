import { reportList, reportSubmit } from '@kindred/protocol';
import { ok } from '../../http/envelope.js';
import type { Router } from '../../http/router.js';
import { presentMyReport, presentReportAgainstMe } from './reports.presenter.js';
import type { ReportsService } from './reports.service.js';

export function reportsRoutes(router: Router, reports: ReportsService, uploadLimit: { max: number; timeWindow: string }) {
  /** The picture comes in `img` (the spec's name) or `file`; the spec's success text. */
  router.handle(
    reportSubmit,
    async ({ body, files, member }) => ok(presentMyReport(await reports.submit(member, body, files.img ?? files.file)), 'report submitted, result notified by the administrator'),
    { rateLimit: uploadLimit },
  );

  router.handle(reportList, async ({ body, member }) => {
    const { rows, lastPage } = await reports.list(member, body);
    const present = body.type === 1 ? presentMyReport : presentReportAgainstMe;
    return ok({ data: rows.map(present), page: body.page, last_page: lastPage });
  });
}
