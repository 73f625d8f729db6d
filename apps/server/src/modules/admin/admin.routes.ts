import { pendingUsers, userApprove, type PendingUserWire } from '@kindred/protocol';
import type { UserRow } from '../../db/schema.js';
import { ok } from '../../http/envelope.js';
import type { Router } from '../../http/router.js';
import type { AdminService } from './admin.service.js';

const presentPending = (u: UserRow): PendingUserWire => ({
  id: u.id,
  username: u.username,
  email: u.email,
  sex: u.sex,
  birthday: u.birthday,
  country: u.country,
  create_time: Math.floor(u.created_at / 1000),
});

/** The administrator's calls. The console under /admin comes later; these already enforce the role. */
export function adminRoutes(router: Router, admin: AdminService) {
  router.handle(pendingUsers, async () => ok((await admin.listPending()).map(presentPending)));

  router.handle(userApprove, async ({ body }) => {
    await admin.approve(body.id);
    return ok(null, 'Approved');
  });
}
