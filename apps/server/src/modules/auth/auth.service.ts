import { LIMITS, UserStatus, isEmail, TrendType, type ForgetBody, type LoginBody, type RegisterBody, type ResetPasswordBody, type Terminal } from '@kindred/protocol';
import type { Db } from '../../db/database.js';
import { inTransaction } from '../../db/transaction.js';
import { isUniqueViolation } from '../../db/dialect.js';
import { unlessStorageFails } from '../../db/storage-failure.js';
import type { UserRow } from '../../db/schema.js';
import { accountBanned, accountSuspended, fail } from '../../errors.js';
import { resetPasswordMail } from '../../infra/mail-templates.js';
import type { Mailer } from '../../infra/mailer.js';
import type { PasswordHasher } from '../../infra/passwords.js';
import { hashToken, newToken } from '../../infra/tokens.js';
import { BatchLoader, CONNECT_FULL_AT, CONNECT_GATHER_MS } from '../../realtime/batch-loader.js';
import type { SessionRevocation } from '../../realtime/session-revocation.js';
import { type TrendsRepository } from '../trends/trends.repository.js';
import { newUserRow } from '../users/new-user-row.js';
import type { UsersRepository } from '../users/users.repository.js';
import { AuthThrottle } from './auth-throttle.js';
import { ACTIVITY_STAMP_EVERY_MS, toMember, type Member } from '../../domain/member.js';
import type { PasswordResetsRepository } from './password-resets.repository.js';
import type { SignupGuard } from '../antispam/antispam.service.js';
import type { SessionsRepository } from './sessions.repository.js';

export interface AuthOptions {
  registrationApproval: boolean;
  sessionTtlMs: number;
  publicUrl: string;
}

export interface ClientMeta {
  terminal: Terminal;
  userAgent: string;
}

export interface SignedIn {
  user: UserRow;
  token: string;
}

/**
 * Stamps gather this long and share one transaction (one commit, i.e. one fsync): after a restart
 * every member's sockets reconnect at once with sessions last seen over a minute ago.
 */
const STAMP_GATHER_MS = 5;

export class AuthService {
  private dummyHash?: Promise<string>;
  /** Activity stamps by `sessionId:userId`, written together (the session's last_seen_at, the member's last activity). */
  private readonly stamps = new BatchLoader<string, true>(
    async (keys) => {
      const pairs = keys.map((key) => key.split(':').map(Number) as [number, number]);
      const now = this.now();
      await inTransaction(this.db, async ({ trx }) => {
        await this.sessions.touch(pairs.map(([sessionId]) => sessionId), now, trx);
        await this.users.touchActive([...new Set(pairs.map(([, userId]) => userId))], now, trx);
      });
      return new Map();
    },
    true,
    { gatherMs: STAMP_GATHER_MS },
  );

  constructor(
    private readonly db: Db,
    private readonly users: UsersRepository,
    private readonly sessions: SessionsRepository,
    /** Ending sessions deletes them and closes their sockets on every node (services.sessionRevocation). */
    private readonly sessionEnds: Pick<SessionRevocation, 'endSessions'>,
    private readonly resets: PasswordResetsRepository,
    private readonly trends: TrendsRepository,
    private readonly hasher: PasswordHasher,
    private readonly mailer: Mailer,
    private readonly options: AuthOptions,
    private readonly log: { error(obj: unknown, msg: string): void },
    /** Per-account and per-address limits on sign-in, recovery and reset (auth-throttle.ts). */
    private readonly throttle: AuthThrottle,
    /** Sign-up anti-spam: the proof-of-work on register and forget, disposable addresses on register. */
    private readonly signup: SignupGuard,
    private readonly now: () => number = Date.now,
  ) {}

  async login({ account, password }: LoginBody, meta: ClientMeta): Promise<SignedIn> {
    const user = await this.users.findByAccount(account);
    // Per account, from any address; an unknown account is limited alike so a 429 tells nothing.
    const throttleKey = AuthThrottle.loginKey(user?.id, account);
    await this.throttle.beginLogin(throttleKey);
    // Hash even for unknown (or password-less staff) accounts, at the real cost, so the answer time
    // does not tell which accounts exist.
    const matches = await this.hasher.verify(password, user?.password_hash || (await (this.dummyHash ??= this.hasher.hash(newToken()))));
    if (!user || !matches) throw fail('login_failed');
    await this.throttle.clearLogin(throttleKey);
    if (user.status === UserStatus.disabled) throw fail('account_disabled');
    const now = this.now();
    // Suspended or banned by staff (modules/admin): refused with the date; a suspension that ran out
    // ends here if the minute sweep has not ended it yet.
    if (user.status === UserStatus.suspended) {
      if (Number(user.banned_at) > 0) throw accountBanned();
      if (Number(user.suspended_until) > now) throw accountSuspended(Number(user.suspended_until));
      await this.users.update(user.id, { status: UserStatus.active, suspended_until: 0, updated_at: now });
    }
    // Bookkeeping, not the sign-in: on a full disk the member gets in whenever the session can be stored.
    const updated = (await unlessStorageFails('last sign-in time', () => this.users.update(user.id, { last_login_at: now, last_active_at: now }), this.log)) ?? { ...user, status: UserStatus.active };
    return { user: updated, token: await this.openSession(user.id, meta) };
  }

  async register(body: RegisterBody, meta: ClientMeta): Promise<SignedIn> {
    // The solution is spent before anything is looked up: one solved challenge, one attempt.
    await this.signup.verify(body.altcha);
    this.signup.checkEmail(body.email);
    const inviter = body.code ? await this.users.findByInvitationCode(body.code) : undefined;
    if (body.code && !inviter) throw fail('invalid_invitation');
    if (await this.users.findByUsername(body.username)) throw fail('username_taken');
    if (await this.users.findByEmail(body.email)) throw fail('email_taken');

    const now = this.now();
    const passwordHash = await this.hasher.hash(body.password);
    let user: UserRow;
    try {
      user = await inTransaction(this.db, async ({ trx }) => {
        const row = newUserRow(
          { username: body.username, email: body.email, passwordHash, sex: body.sex, birthday: body.birthday, country: body.country, now },
          { invited_by: inviter?.id ?? null, laid: body.laid ?? '', status: this.options.registrationApproval ? UserStatus.pending : UserStatus.active },
        );
        const created = await this.users.insert(row, trx);
        await this.trends.insert({ user_id: created.id, type: TrendType.joined, created_at: now }, trx);
        return created;
      });
    } catch (error) {
      // Two sign-ups racing for one name: the unique index decides, the member gets the same answer.
      if (!isUniqueViolation(error)) throw error;
      if (await this.users.findByUsername(body.username)) throw fail('username_taken');
      throw fail('email_taken');
    }
    return { user, token: await this.openSession(user.id, meta) };
  }

  /** docs/architecture.md §8: a one-time link, valid an hour, and the same answer whether or not the address is known. */
  async forget({ email, altcha }: ForgetBody, terminal: Terminal): Promise<void> {
    await this.signup.verify(altcha);
    if (!isEmail(email)) throw fail('email_format');
    // Per address as typed, before looking it up: known and unknown addresses run out alike.
    await this.throttle.recoveryMail(email);
    const user = await this.users.findByEmail(email);
    if (!user || user.status === UserStatus.disabled) return;
    const token = newToken();
    const now = this.now();
    await this.resets.insert({ user_id: user.id, token_hash: hashToken(token), created_at: now, expires_at: now + LIMITS.resetLinkTtlMs });
    const link = `${this.options.publicUrl}/${terminal}/reset-password?token=${encodeURIComponent(token)}`;
    // Not awaited: waiting for SMTP would make known addresses answer slower than unknown ones.
    void this.mailer.send(resetPasswordMail(user.email, user.username, user.lang, link)).catch((err) => this.log.error({ err }, 'reset mail failed'));
  }

  async resetPassword({ token, password }: ResetPasswordBody): Promise<void> {
    const now = this.now();
    await this.throttle.resetLink(hashToken(token));
    const reset = await this.resets.findUsable(hashToken(token), now);
    if (!reset) throw fail('reset_link_invalid');
    await this.throttle.resetAccount(reset.user_id);
    const passwordHash = await this.hasher.hash(password);
    await inTransaction(this.db, async (unit) => {
      const { trx } = unit;
      if (!(await this.resets.consume(reset.id, now, trx))) throw fail('reset_link_invalid');
      await this.users.update(reset.user_id, { password_hash: passwordHash, updated_at: now }, trx);
      await this.resets.invalidateForUser(reset.user_id, now, trx);
      await this.sessionEnds.endSessions({ userId: reset.user_id }, unit);
    });
    // The mailbox is proven: a sign-in back-off that strangers caused no longer holds the member out.
    await this.throttle.clearLogin(AuthThrottle.loginKey(reset.user_id, ''));
  }

  async changePassword(member: Member, oldPassword: string, newPassword: string): Promise<void> {
    const user = await this.users.findById(member.id);
    // Under the sign-in back-off: a stolen session must not become a way to guess the password.
    const throttleKey = AuthThrottle.loginKey(member.id, member.username);
    await this.throttle.beginLogin(throttleKey);
    if (!user || !(await this.hasher.verify(oldPassword, user.password_hash))) throw fail('old_password_wrong');
    await this.throttle.clearLogin(throttleKey);
    const passwordHash = await this.hasher.hash(newPassword);
    await inTransaction(this.db, async (unit) => {
      await this.users.update(member.id, { password_hash: passwordHash, updated_at: this.now() }, unit.trx);
      await this.sessionEnds.endSessions({ userId: member.id, allExcept: member.sessionId }, unit);
    });
  }

  async authenticate(token: string | undefined): Promise<Member | null> {
    if (!token || token.length > 200) return null;
    return this.admitSession(await this.sessions.findLive(hashToken(token), this.now()));
  }

  /** What a session found by its token allows, whichever way it was read; its activity stamped once a minute. */
  private async admitSession(found: { sessionId: number; lastSeenAt: number; user: UserRow } | undefined): Promise<Member | null> {
    const now = this.now();
    // Disabled, suspended and banned accounts have no live session (their sessions were ended; this is the backstop).
    if (!found || found.user.status === UserStatus.disabled || found.user.status === UserStatus.suspended) return null;
    if (now - found.lastSeenAt > ACTIVITY_STAMP_EVERY_MS) {
      // Bookkeeping: a signed-in member's reads must not fail because the disk is full.
      const stamped = await unlessStorageFails('activity stamp', () => this.stamps.load(`${found.sessionId}:${found.user.id}`), this.log);
      // The member says what was written (a copy: the row may be shared), so a socket connecting
      // with this session does not stamp the member a second time (RealtimeGateway.goOnline).
      if (stamped) return toMember({ ...found.user, last_active_at: now }, found.sessionId, now);
    }
    return toMember(found.user, found.sessionId, now);
  }

  /**
   * authenticate, for the live connection: the sessions and members of the sockets that connect (or
   * ping) within a few milliseconds (CONNECT_GATHER_MS) are read in one statement (SessionsRepository.findLiveMany),
   * not two each. The same rules and answers: a token asked for while its batch runs waits for the
   * next one, so what it reads was committed after it was asked for.
   */
  async authenticateBatched(token: string | undefined): Promise<Member | null> {
    if (!token || token.length > 200) return null;
    return this.admitSession(await this.liveSessions.load(hashToken(token)));
  }

  private readonly liveSessions = new BatchLoader<string, { sessionId: number; lastSeenAt: number; user: UserRow } | undefined>(
    (hashes) => this.sessions.findLiveMany(hashes, this.now()),
    undefined,
    { gatherMs: CONNECT_GATHER_MS, fullAt: CONNECT_FULL_AT },
  );

  async logout(member: Member): Promise<void> {
    await this.sessionEnds.endSessions({ userId: member.id, sessionIds: [member.sessionId] });
  }

  private async openSession(userId: number, meta: ClientMeta): Promise<string> {
    const token = newToken();
    const now = this.now();
    await this.sessions.insert({
      user_id: userId,
      token_hash: hashToken(token),
      terminal: meta.terminal,
      user_agent: meta.userAgent.slice(0, 300),
      created_at: now,
      last_seen_at: now,
      expires_at: now + this.options.sessionTtlMs,
    });
    return token;
  }
}
