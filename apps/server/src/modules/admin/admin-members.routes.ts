import {
  adminMemberBan,
  adminMemberCredits,
  adminMemberDetail,
  adminMemberEndSessions,
  adminMemberLedger,
  adminMemberMembership,
  adminMemberSearch,
  adminMemberSessions,
  adminMemberSuspend,
  adminMemberUnban,
  adminMemberVerify,
  approvalsDecide,
  pendingUsers,
  userApprove,
  type PendingUserWire,
} from '@kindred/protocol';
import type { UserRow } from '../../db/schema.js';
import { ok } from '../../http/envelope.js';
import type { Router } from '../../http/router.js';
import type { AdminMembersService } from './admin-members.service.js';

const presentPending = (u: UserRow): PendingUserWire => ({
  id: u.id,
  username: u.username,
  email: u.email,
  sex: u.sex,
  birthday: u.birthday,
  country: u.country,
  create_time: Math.floor(u.created_at / 1000),
});

/** Members and pending approvals in the console (staff calls: a console session only). */
export function adminMembersRoutes(router: Router, members: AdminMembersService) {
  router.handle(pendingUsers, async () => ok((await members.pending()).map(presentPending)));
  router.handle(userApprove, async ({ body, member: staff }) => {
    await members.approve(staff, body.id);
    return ok(null, 'Approved');
  });
  router.handle(approvalsDecide, async ({ body, member: staff }) => ok(await members.decide(staff, body)));

  router.handle(adminMemberSearch, async ({ body }) => ok(await members.search(body)));
  router.handle(adminMemberDetail, async ({ body }) => ok(await members.detail(body.id)));
  router.handle(adminMemberSessions, async ({ body }) => ok(await members.sessionsOf(body.id)));
  router.handle(adminMemberLedger, async ({ body }) => ok(await members.ledger(body.id, body.page)));
  router.handle(adminMemberSuspend, async ({ body, member: staff }) => ok(await members.suspend(staff, body)));
  router.handle(adminMemberBan, async ({ body, member: staff }) => ok(await members.ban(staff, body)));
  router.handle(adminMemberUnban, async ({ body, member: staff }) => ok(await members.unban(staff, body)));
  router.handle(adminMemberVerify, async ({ body, member: staff }) => ok(await members.verify(staff, body)));
  router.handle(adminMemberCredits, async ({ body, member: staff }) => ok(await members.credit(staff, body)));
  router.handle(adminMemberMembership, async ({ body, member: staff }) => ok(await members.extendMembership(staff, body)));
  router.handle(adminMemberEndSessions, async ({ body, member: staff }) => ok({ ended: await members.endSessions(staff, body) }));
}
