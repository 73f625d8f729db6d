import { adminReportAct, adminReportDetail, adminReportList } from '@kindred/protocol';
import { ok } from '../../http/envelope.js';
import type { Router } from '../../http/router.js';
import type { AdminReportsService } from './admin-reports.service.js';

export function adminReportsRoutes(router: Router, reports: AdminReportsService) {
  router.handle(adminReportList, async ({ body }) => ok(await reports.list(body)));
  router.handle(adminReportDetail, async ({ body }) => ok(await reports.detail(body.id)));
  router.handle(adminReportAct, async ({ body, member: staff }) => ok(await reports.act(staff, body)));
}
