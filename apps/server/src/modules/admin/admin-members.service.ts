import {
  ADMIN_PAGE_SIZE,
  UserStatus,
  type AdminMemberDetailWire,
  type AdminMemberPageWire,
  type AdminMemberWire,
  type AdminSessionWire,
  type ApprovalsDecideBody,
  type BulkResultWire,
  type LedgerPageWire,
  type MemberBanBody,
  type MemberCreditsBody,
  type MemberEndSessionsBody,
  type MemberMembershipBody,
  type MemberSearchBody,
  type MemberSuspendBody,
  type MemberUnbanBody,
  type MemberVerifyBody,
} from '@kindred/protocol';
import type { Db } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';
import { inTransaction, type UnitOfWork } from '../../db/transaction.js';
import type { Staff } from '../../domain/staff.js';
import { fail } from '../../errors.js';
import type { SessionRevocation } from '../../realtime/session-revocation.js';
import type { MembershipsRepository } from '../billing/memberships.repository.js';
import { MEMBERSHIP_MONTH_MS } from '../billing/settlement.service.js';
import type { CreditsRepository } from '../credits/credits.repository.js';
import type { UsersRepository } from '../users/users.repository.js';
import type { AdminMembersRepository } from './admin-members.repository.js';
import { presentAdminMember, presentAdminMemberDetail, presentLedger, presentSession, standingOf } from './admin-members.presenter.js';
import type { AuditRepository } from './audit.repository.js';
import type { MemberDiscipline } from './member-discipline.js';

const offsetOf = (page: number) => (page - 1) * ADMIN_PAGE_SIZE;

/** The fields of a member an audit row shows before and after a change. */
const snapshot = (u: UserRow) => ({
  status: u.status,
  standing: standingOf(u),
  suspended_until: Number(u.suspended_until),
  banned_at: Number(u.banned_at),
  ban_reason: u.ban_reason,
  is_auth: u.is_auth,
  credits: Number(u.credits),
  vip: u.vip,
  vip1_until: Number(u.vip1_until),
  vip2_until: Number(u.vip2_until),
});

/**
 * The members screen and pending approvals. Every change runs in one transaction with its audit
 * row (one per member changed); sessions end and sockets close once it committed.
 */
export class AdminMembersService {
  constructor(
    private readonly db: Db,
    private readonly users: UsersRepository,
    private readonly members: AdminMembersRepository,
    private readonly credits: CreditsRepository,
    private readonly memberships: MembershipsRepository,
    private readonly discipline: MemberDiscipline,
    private readonly sessions: Pick<SessionRevocation, 'endSessions'>,
    private readonly audit: AuditRepository,
    private readonly now: () => number = Date.now,
  ) {}

  async search({ page, ...filters }: MemberSearchBody): Promise<AdminMemberPageWire> {
    const { rows, total } = await this.members.search(filters, offsetOf(page), ADMIN_PAGE_SIZE);
    const now = this.now();
    return { items: rows.map((u) => presentAdminMember(u, now)), page, page_size: ADMIN_PAGE_SIZE, total };
  }

  async detail(id: number): Promise<AdminMemberDetailWire> {
    const user = await this.found(id);
    return presentAdminMemberDetail(user, await this.members.counts(id), this.now());
  }

  async sessionsOf(id: number): Promise<AdminSessionWire[]> {
    await this.found(id);
    return (await this.members.sessions(id)).map(presentSession);
  }

  async ledger(id: number, page: number): Promise<LedgerPageWire> {
    await this.found(id);
    const { rows, total } = await this.members.ledger(id, offsetOf(page), ADMIN_PAGE_SIZE);
    return { items: rows.map(presentLedger), page, page_size: ADMIN_PAGE_SIZE, total };
  }

  suspend(staff: Staff, { id, days, reason }: MemberSuspendBody): Promise<AdminMemberWire> {
    return this.change(staff, id, 'member.suspend', (unit, user) => this.discipline.suspend(unit, user, days, reason), { reason, days });
  }

  ban(staff: Staff, { id, reason }: MemberBanBody): Promise<AdminMemberWire> {
    return this.change(staff, id, 'member.ban', (unit, user) => this.discipline.ban(unit, user, reason), { reason });
  }

  unban(staff: Staff, { id, reason }: MemberUnbanBody): Promise<AdminMemberWire> {
    return this.change(staff, id, 'member.unban', (unit, user) => this.discipline.lift(unit, user), { reason });
  }

  verify(staff: Staff, { id, verified }: MemberVerifyBody): Promise<AdminMemberWire> {
    return this.change(staff, id, verified ? 'member.verify' : 'member.unverify', (unit, user) => this.users.update(user.id, { is_auth: verified, updated_at: this.now() }, unit.trx));
  }

  /** Through the ledger (CreditsRepository): reason admin_grant / admin_deduct, the staff reason in the audit row. */
  credit(staff: Staff, { id, direction, amount, reason }: MemberCreditsBody): Promise<AdminMemberWire> {
    const action = direction === 'grant' ? 'member.credits_grant' : 'member.credits_deduct';
    return this.change(
      staff,
      id,
      action,
      async (unit, user) => {
        const ref = { type: 'staff', id: staff.id };
        if (direction === 'grant') await this.credits.credit(user.id, amount, 'admin_grant', ref, unit.trx);
        else if ((await this.credits.charge(user.id, amount, 'admin_deduct', ref, unit.trx)) === null) throw fail('insufficient_credits');
        return (await this.users.findById(user.id, unit.trx))!;
      },
      { amount, reason },
    );
  }

  /** Adds months to the level's period, from its current end or from now (billing's rule). */
  extendMembership(staff: Staff, { id, vip, months, reason }: MemberMembershipBody): Promise<AdminMemberWire> {
    return this.change(
      staff,
      id,
      'member.membership_extend',
      async (unit, user) => {
        await this.memberships.extend(user.id, vip === 2 ? 2 : 1, months * MEMBERSHIP_MONTH_MS, this.now(), unit.trx);
        return (await this.users.findById(user.id, unit.trx))!;
      },
      { vip, months, reason },
    );
  }

  async endSessions(staff: Staff, { id, session_ids }: MemberEndSessionsBody): Promise<number> {
    await this.found(id);
    return inTransaction(this.db, async (unit) => {
      const scope = session_ids ? { userId: id, sessionIds: session_ids } : { userId: id };
      const ended = await this.sessions.endSessions(scope, unit);
      await this.audit.record(staff, { action: 'member.end_sessions', objectType: 'member', objectId: id, after: { ended, session_ids: session_ids ?? 'all' } }, unit.trx);
      return ended;
    });
  }

  pending(limit = 100): Promise<UserRow[]> {
    return this.users.listByStatus(UserStatus.pending, limit);
  }

  /** One pending account approved; anything else is "not found" (the call kept from before the console). */
  async approve(staff: Staff, id: number): Promise<void> {
    const { done } = await this.decide(staff, { ids: [id], decision: 'approve' });
    if (!done.length) throw fail('not_found');
  }

  /** Approve (active) or refuse (disabled) pending accounts; the others are skipped. One audit row per account. */
  decide(staff: Staff, { ids, decision }: ApprovalsDecideBody): Promise<BulkResultWire> {
    const to = decision === 'approve' ? UserStatus.active : UserStatus.disabled;
    return inTransaction(this.db, async (unit) => {
      const done: number[] = [];
      for (const user of await this.members.pendingAmong(ids, unit.trx)) {
        if (!(await this.users.transitionStatus(user.id, UserStatus.pending, to, this.now(), unit.trx))) continue;
        // A refused account's sessions (it could sign in to see the approval screen) end too.
        if (to === UserStatus.disabled) await this.sessions.endSessions({ userId: user.id }, unit);
        const action = decision === 'approve' ? 'member.approve' : 'member.refuse';
        await this.audit.record(staff, { action, objectType: 'member', objectId: user.id, before: { status: UserStatus.pending }, after: { status: to } }, unit.trx);
        done.push(user.id);
      }
      return { done, skipped: ids.filter((id) => !done.includes(id)) };
    });
  }

  /** Suspensions past their end are lifted (every node runs this; it is idempotent). */
  liftEndedSuspensions(): Promise<number> {
    return this.members.liftEndedSuspensions(this.now());
  }

  private async found(id: number): Promise<UserRow> {
    const user = await this.users.findById(id);
    if (!user) throw fail('not_found');
    return user;
  }

  /** One member changed and its audit row, in one transaction. */
  private async change(
    staff: Staff,
    id: number,
    action: 'member.suspend' | 'member.ban' | 'member.unban' | 'member.verify' | 'member.unverify' | 'member.credits_grant' | 'member.credits_deduct' | 'member.membership_extend',
    work: (unit: UnitOfWork, user: UserRow) => Promise<UserRow>,
    extra: Record<string, unknown> = {},
  ): Promise<AdminMemberWire> {
    const updated = await inTransaction(this.db, async (unit) => {
      const user = await this.users.findById(id, unit.trx);
      if (!user) throw fail('not_found');
      const after = await work(unit, user);
      await this.audit.record(staff, { action, objectType: 'member', objectId: id, before: snapshot(user), after: { ...snapshot(after), ...extra } }, unit.trx);
      return after;
    });
    return presentAdminMember(updated, this.now());
  }
}
