import { UserStatus } from '@kindred/protocol';
import type { UserRow } from '../../db/schema.js';
import type { UnitOfWork } from '../../db/transaction.js';
import { fail } from '../../errors.js';
import type { SessionRevocation } from '../../realtime/session-revocation.js';
import type { NoticesService } from '../notices/notices.service.js';
import type { UsersRepository } from '../users/users.repository.js';

const day = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace('T', ' ') + ' UTC';

/**
 * What a warning, a suspension or a ban does to a member, for the reports queue and the members
 * screen alike, inside the caller's transaction (its audit row beside it):
 * - suspended or banned: status 4 (every list filters on status 1, so they vanish from lists,
 *   search, chat lists and presence), every session ended and every socket closed with 4401 on
 *   every node once the change commits (SessionRevocation through the hub), sign-in refused with
 *   the date (AuthService);
 * - warned or suspended: told by a notice (kind 11 live once committed; read after a suspension).
 * Staff accounts are never disciplined here.
 */
export class MemberDiscipline {
  constructor(
    private readonly users: UsersRepository,
    private readonly sessions: Pick<SessionRevocation, 'endSessions'>,
    private readonly notices: Pick<NoticesService, 'create'>,
    private readonly now: () => number = Date.now,
  ) {}

  async warn(unit: UnitOfWork, user: UserRow, reason: string): Promise<void> {
    this.assertMember(user);
    await this.notices.create(user.id, 'report', { content: 'A warning from the administrator', result: reason }, unit);
  }

  async suspend(unit: UnitOfWork, user: UserRow, days: number, reason: string): Promise<UserRow> {
    this.assertMember(user);
    const now = this.now();
    const until = now + days * 86_400_000;
    const updated = await this.users.update(user.id, { status: UserStatus.suspended, suspended_until: until, updated_at: now }, unit.trx);
    await this.sessions.endSessions({ userId: user.id }, unit);
    await this.notices.create(user.id, 'report', { content: `Your account is suspended until ${day(until)}`, result: reason }, unit);
    return updated;
  }

  async ban(unit: UnitOfWork, user: UserRow, reason: string): Promise<UserRow> {
    this.assertMember(user);
    const now = this.now();
    const updated = await this.users.update(user.id, { status: UserStatus.suspended, banned_at: now, ban_reason: reason.slice(0, 500), updated_at: now }, unit.trx);
    await this.sessions.endSessions({ userId: user.id }, unit);
    return updated;
  }

  /** Lifts a suspension and a ban; a member neither suspended nor banned is left as is. */
  async lift(unit: UnitOfWork, user: UserRow): Promise<UserRow> {
    if (user.status !== UserStatus.suspended) return user;
    return this.users.update(user.id, { status: UserStatus.active, suspended_until: 0, banned_at: 0, ban_reason: '', updated_at: this.now() }, unit.trx);
  }

  private assertMember(user: UserRow): void {
    if (user.role !== 'member') throw fail('staff_target_refused');
  }
}
