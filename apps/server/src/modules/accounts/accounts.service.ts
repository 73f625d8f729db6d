import { Sex, TrendType, type LanguageBody, type ProfileBody } from '@kindred/protocol';
import type { Db } from '../../db/database.js';
import { inTransaction, type UnitOfWork } from '../../db/transaction.js';
import type { UserRow } from '../../db/schema.js';
import { fail, validationFailed } from '../../errors.js';
import type { PasswordHasher } from '../../infra/passwords.js';
import { AuthThrottle } from '../auth/auth-throttle.js';
import type { Member } from '../../domain/member.js';
import type { PasswordResetsRepository } from '../auth/password-resets.repository.js';
import type { SessionScope } from '../auth/sessions.repository.js';
import { type TrendsRepository } from '../trends/trends.repository.js';
import { ownsImage } from '../uploads/ownership.js';
import type { UsersRepository } from '../users/users.repository.js';

export interface Account {
  user: UserRow;
  newfeedcount: number;
}

/** The live connection's side of a visibility change: kind 4 to her contacts and her other devices. */
export interface VisibilityAnnouncer {
  visibilityChanged(userId: number, isYin: number, origin?: string): Promise<void>;
}

/**
 * What changing the e-mail needs besides the row (issue 9, finding 7: a stolen session could
 * change the address and then reset the password through it): the current password, checked
 * under the sign-in back-off, and a way to end the member's other sessions.
 */
export interface EmailChangeGuard {
  hasher: PasswordHasher;
  throttle: AuthThrottle;
  resets: PasswordResetsRepository;
  /**
   * Ends these sessions and what they opened (services.sessionRevocation: their sockets close on
   * every node once `unit` committed).
   */
  endSessions(scope: SessionScope, unit: UnitOfWork): Promise<unknown>;
  /** Sign-up anti-spam: a disposable address is refused here as at registration. */
  checkEmail(email: string): void;
}

export class AccountsService {
  constructor(
    private readonly db: Db,
    private readonly users: UsersRepository,
    private readonly trends: TrendsRepository,
    private readonly visibility: VisibilityAnnouncer,
    private readonly emailChange: EmailChangeGuard,
    private readonly now: () => number = Date.now,
  ) {}

  async get(memberId: number): Promise<Account> {
    const user = await this.users.findById(memberId);
    if (!user) throw fail('not_found');
    return { user, newfeedcount: await this.trends.countByUser(memberId) };
  }

  /** The caller's own record: the row authentication loaded for this request is already current. */
  async own(member: Member): Promise<Account> {
    return { user: member.user, newfeedcount: await this.trends.countByUser(member.id) };
  }

  /**
   * Avatar, e-mail, sex and birthday; writes the "avatar changed" / "edited profile" events to the
   * feed. A new e-mail needs the current password, and ends the reset links sent to the old address
   * and every other session of the member.
   */
  async updateProfile(member: Member, body: ProfileBody): Promise<Account> {
    const current = member.user;
    // An avatar must be an image this member uploaded (or the one they already have).
    const avatar = body.avatar || body.avatar2 || current.avatar;
    if (avatar !== current.avatar && !ownsImage(member, avatar)) throw fail('avatar_not_owned');
    const emailChanged = body.email !== current.email;
    if (emailChanged) {
      this.emailChange.checkEmail(body.email);
      await this.confirmPassword(member, body.password);
      const other = await this.users.findByEmail(body.email);
      if (other && other.id !== member.id) throw fail('profile_email_taken');
    }
    const now = this.now();
    const avatarChanged = avatar !== current.avatar;
    const detailsChanged = emailChanged || body.sex !== current.sex || body.birthday !== current.birthday;
    await inTransaction(this.db, async (unit) => {
      const { trx } = unit;
      await this.users.update(member.id, { avatar, email: body.email, sex: body.sex, birthday: body.birthday, updated_at: now }, trx);
      if (emailChanged) {
        // Links mailed to the old address and sessions opened elsewhere end with it.
        await this.emailChange.resets.invalidateForUser(member.id, now, trx);
        await this.emailChange.endSessions({ userId: member.id, allExcept: member.sessionId }, unit);
      }
      if (avatarChanged) await this.trends.insert({ user_id: member.id, type: TrendType.avatarChanged, img: avatar, created_at: now }, trx);
      if (detailsChanged) await this.trends.insert({ user_id: member.id, type: TrendType.profileEdited, created_at: now }, trx);
    });
    return this.get(member.id);
  }

  /** The current password, under the sign-in back-off: a stolen session must not become a password oracle. */
  private async confirmPassword(member: Member, password: string | undefined): Promise<void> {
    if (!password) throw validationFailed({ password: 'your current password is required to change the e-mail' });
    const { hasher, throttle } = this.emailChange;
    const key = AuthThrottle.loginKey(member.id, member.username);
    await throttle.beginLogin(key);
    if (!(await hasher.verify(password, member.user.password_hash))) throw fail('password_wrong');
    await throttle.clearLogin(key);
  }

  async changeSignature(member: Member, signature: string): Promise<Account> {
    await this.users.update(member.id, { signature, updated_at: this.now() });
    return this.get(member.id);
  }

  /**
   * Invisible mode is for women only (docs/product-rules.md §4, §6). The one path for POST
   * /member/index/visibility and the socket's opt 9: stored, then announced live (`origin`: the
   * socket that asked, which gets its own answer).
   */
  async setVisibility(member: Member, isYin: number, origin?: string): Promise<Account> {
    if (member.sex !== Sex.female) throw fail('no_permission');
    const value = isYin ? 1 : 0;
    await this.users.update(member.id, { is_yin: value, updated_at: this.now() });
    await this.visibility.visibilityChanged(member.id, value, origin);
    return this.get(member.id);
  }

  async setLanguage(member: Member, { lang }: LanguageBody): Promise<Account> {
    await this.users.update(member.id, { lang, updated_at: this.now() });
    return this.get(member.id);
  }
}
