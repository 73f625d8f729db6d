import { adminAuditList, adminDashboard, adminPermissions, adminPermissionSet, adminSettings, adminSettingsSave } from '@kindred/protocol';
import { ok } from '../../http/envelope.js';
import type { Router } from '../../http/router.js';
import type { AdminDashboardService } from './admin-dashboard.service.js';
import type { AdminSettingsService } from './admin-settings.service.js';

/** Dashboard, permission matrix, free-chat quota and the audit log (read only: nothing edits it). */
export function adminSettingsRoutes(router: Router, settings: AdminSettingsService, dashboard: AdminDashboardService) {
  router.handle(adminDashboard, async ({ body }) => ok(await dashboard.read(body.days)));
  router.handle(adminPermissions, async () => ok(await settings.matrix()));
  router.handle(adminPermissionSet, async ({ body, member: staff }) => ok(await settings.setPermission(staff, body)));
  router.handle(adminSettings, async () => ok(await settings.read()));
  router.handle(adminSettingsSave, async ({ body, member: staff }) => ok(await settings.save(staff, body)));
  router.handle(adminAuditList, async ({ body }) => ok(await settings.auditLog(body)));
}
