import { randomBytes } from 'node:crypto';
import type { StaffEnrolConfirmBody, StaffLoginBody, StaffSessionWire, StaffTicketWire, StaffVerifyBody, StaffWire, TotpEnrolmentWire } from '@kindred/protocol';
import { generateSecret, generateURI, verify } from 'otplib';
import type { Db, Tx } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import type { Staff } from '../../domain/staff.js';
import { fail } from '../../errors.js';
import type { PasswordHasher } from '../../infra/passwords.js';
import type { SecretBox } from '../../infra/secret-box.js';
import { hashToken, newToken } from '../../infra/tokens.js';
import { AuthThrottle } from '../auth/auth-throttle.js';
import type { UsersRepository } from '../users/users.repository.js';
import type { AuditRepository } from './audit.repository.js';
import type { StaffAuthRepository } from './staff-auth.repository.js';

/** How long step 2 may follow step 1, and how many codes one ticket may try. */
export const STAFF_TICKET_MS = 5 * 60_000;
export const STAFF_TICKET_ATTEMPTS = 6;
export const RECOVERY_CODE_COUNT = 10;
/** Codes of the step before and after the current one pass too (clock drift of a phone). */
const TOTP_TOLERANCE_SECONDS = 30;
const TOUCH_EVERY_MS = 30_000;
const RECOVERY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

export interface AdminAuthOptions {
  /** ADMIN_SESSION_TTL_MINUTES and ADMIN_SESSION_MAX_HOURS, in ms. */
  sessionIdleMs: number;
  sessionMaxMs: number;
  /** The issuer an authenticator app shows beside the code. */
  issuer: string;
}

export interface ClientInfo {
  address: string;
  userAgent: string;
}

/** A recovery code as shown: ten characters in two groups (the protocol accepts it with or without the dash). */
function newRecoveryCode(): string {
  const chars = Array.from(randomBytes(10), (b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}
const recoveryHash = (code: string) => hashToken(`recovery:${code.replace(/-/g, '').toLowerCase()}`);

/**
 * Staff sign-in with a second factor, and console sessions. Step 1 (account + password, under the
 * member sign-in's per-account back-off) gives a ticket; step 2 turns a ticket and a TOTP code (or a
 * recovery code) into a console session. An account without a confirmed factor enrols first with
 * its ticket. Console sessions live in admin_sessions: member sessions never open a staff call.
 */
export class AdminAuthService {
  private dummyHash?: Promise<string>;

  constructor(
    private readonly db: Db,
    private readonly users: UsersRepository,
    private readonly staffAuth: StaffAuthRepository,
    private readonly audit: AuditRepository,
    private readonly hasher: PasswordHasher,
    private readonly throttle: AuthThrottle,
    private readonly box: SecretBox,
    private readonly options: AdminAuthOptions,
    private readonly now: () => number = Date.now,
  ) {}

  async login({ account, password }: StaffLoginBody): Promise<StaffTicketWire> {
    const user = await this.users.findByAccount(account);
    const throttleKey = AuthThrottle.loginKey(user?.id, account);
    await this.throttle.beginLogin(throttleKey);
    // Hash at the real cost whatever the account, so the time tells nobody who is staff.
    const matches = await this.hasher.verify(password, user?.password_hash || (await (this.dummyHash ??= this.hasher.hash(newToken()))));
    if (!user || !matches || user.role !== 'admin') throw fail('login_failed');
    await this.throttle.clearLogin(throttleKey);
    const factor = await this.staffAuth.findFactor(user.id);
    const ticket = newToken();
    const now = this.now();
    await this.staffAuth.insertTicket(user.id, hashToken(ticket), now, now + STAFF_TICKET_MS);
    return { ticket, next: factor?.confirmed ? 'totp' : 'enrol', expires_in: STAFF_TICKET_MS / 1000 };
  }

  /** A new secret for an account without a confirmed one (asking again replaces it). */
  async enrolStart({ ticket }: { ticket: string }): Promise<TotpEnrolmentWire> {
    const user = await this.ticketHolder(ticket);
    if ((await this.staffAuth.findFactor(user.id))?.confirmed) throw fail('staff_already_enrolled');
    const secret = generateSecret();
    await this.staffAuth.putPendingFactor(user.id, this.box.seal(secret), this.now());
    return { secret, otpauth_uri: generateURI({ issuer: this.options.issuer, label: user.username, secret }) };
  }

  /** The first code from the new secret confirms it; the recovery codes are answered this once. */
  async enrolConfirm({ ticket, code }: StaffEnrolConfirmBody, client: ClientInfo): Promise<StaffSessionWire> {
    const user = await this.ticketHolder(ticket);
    const factor = await this.staffAuth.findFactor(user.id);
    if (!factor) throw fail('staff_enrolment_required');
    if (factor.confirmed) throw fail('staff_already_enrolled');
    return this.secondFactor(user, client, async (trx) => {
      const step = await this.totpStep(factor.secret_enc, factor.last_step, code);
      if (step === undefined || !(await this.staffAuth.acceptStep(user.id, step, this.now(), trx))) return undefined;
      const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      await this.staffAuth.replaceRecoveryCodes(user.id, codes.map(recoveryHash), this.now(), trx);
      return { action: 'staff.enrol', recoveryCodes: codes };
    }, ticket);
  }

  /** Step 2: a TOTP code not used before (a later step than the last accepted) or an unused recovery code. */
  async verify({ ticket, code, recovery_code }: StaffVerifyBody, client: ClientInfo): Promise<StaffSessionWire> {
    const user = await this.ticketHolder(ticket);
    const factor = await this.staffAuth.findFactor(user.id);
    if (!factor?.confirmed) throw fail('staff_enrolment_required');
    return this.secondFactor(user, client, async (trx) => {
      if (recovery_code !== undefined) {
        if (!(await this.staffAuth.useRecoveryCode(user.id, recoveryHash(recovery_code), this.now(), trx))) return undefined;
        return { action: 'staff.sign_in', method: 'recovery_code' };
      }
      const step = await this.totpStep(factor.secret_enc, factor.last_step, code!);
      if (step === undefined || !(await this.staffAuth.acceptStep(user.id, step, this.now(), trx))) return undefined;
      return { action: 'staff.sign_in', method: 'totp' };
    }, ticket);
  }

  /** A new set of recovery codes, after a current TOTP code (the old set stops working). */
  async regenerateRecoveryCodes(staff: Staff, code: string): Promise<string[]> {
    const factor = await this.staffAuth.findFactor(staff.id);
    if (!factor?.confirmed) throw fail('staff_enrolment_required');
    const secondKey = `staff-2fa:${staff.id}`;
    await this.throttle.beginLogin(secondKey);
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    const done = await inTransaction(this.db, async ({ trx }) => {
      const step = await this.totpStep(factor.secret_enc, factor.last_step, code);
      if (step === undefined || !(await this.staffAuth.acceptStep(staff.id, step, this.now(), trx))) return false;
      await this.staffAuth.replaceRecoveryCodes(staff.id, codes.map(recoveryHash), this.now(), trx);
      await this.audit.record(staff, { action: 'staff.recovery_codes', objectType: 'staff', objectId: staff.id, after: { count: codes.length } }, trx);
      return true;
    });
    if (!done) throw fail('staff_code_invalid');
    await this.throttle.clearLogin(secondKey);
    return codes;
  }

  /** The staff member of a live console session (idle and absolute expiry), or null. */
  async authenticate(token: string | undefined, address: string): Promise<Staff | null> {
    if (!token || token.length > 200) return null;
    const now = this.now();
    const found = await this.staffAuth.findLiveSession(hashToken(token), now, this.options.sessionIdleMs);
    if (!found) return null;
    if (now - found.session.last_seen_at > TOUCH_EVERY_MS) await this.staffAuth.touchSession(found.session.id, now);
    const { user, session } = found;
    return { id: user.id, username: user.username, email: user.email, avatar: user.avatar, sessionId: session.id, expiresAt: session.expires_at, address };
  }

  async logout(staff: Staff): Promise<void> {
    await inTransaction(this.db, async ({ trx }) => {
      await this.staffAuth.deleteSession(staff.sessionId, trx);
      await this.audit.record(staff, { action: 'staff.sign_out', objectType: 'staff', objectId: staff.id }, trx);
    });
  }

  async me(staff: Staff): Promise<StaffWire> {
    return {
      id: staff.id,
      username: staff.username,
      email: staff.email,
      avatar: staff.avatar,
      recovery_codes_left: await this.staffAuth.countRecoveryCodesLeft(staff.id),
      session_expires_time: Math.floor(staff.expiresAt / 1000),
    };
  }

  /** Old console sessions and tickets go (the member session sweep's counterpart). */
  sweep(): Promise<void> {
    return this.staffAuth.deleteExpired(this.now(), this.options.sessionIdleMs);
  }

  private async ticketHolder(ticket: string): Promise<UserRow> {
    const user = await this.staffAuth.useTicket(hashToken(ticket), this.now(), STAFF_TICKET_ATTEMPTS);
    if (!user) throw fail('staff_ticket_invalid');
    return user;
  }

  /** The time step a code belongs to, if it is right for the secret and later than `lastStep`. */
  private async totpStep(secretEnc: string, lastStep: number, code: string): Promise<number | undefined> {
    const secret = this.box.open(secretEnc);
    if (!secret) return undefined;
    const result = await verify({ secret, token: code, epoch: Math.floor(this.now() / 1000), epochTolerance: TOTP_TOLERANCE_SECONDS, afterTimeStep: lastStep });
    return result.valid && 'timeStep' in result ? result.timeStep : undefined;
  }

  /**
   * The end of step 2 (or of enrolment): `check` proves the factor inside the transaction that opens
   * the session, ends the ticket and writes the audit row, so a code is spent exactly when a session
   * came of it. Wrong codes count against the account (the sign-in back-off, keyed apart from passwords).
   */
  private async secondFactor(
    user: UserRow,
    client: ClientInfo,
    check: (trx: Tx) => Promise<{ action: 'staff.enrol' | 'staff.sign_in'; method?: string; recoveryCodes?: string[] } | undefined>,
    ticket: string,
  ): Promise<StaffSessionWire> {
    const secondKey = `staff-2fa:${user.id}`;
    await this.throttle.beginLogin(secondKey);
    const token = newToken();
    const now = this.now();
    const actor = { id: user.id, username: user.username, address: client.address };
    const outcome = await inTransaction(this.db, async ({ trx }) => {
      const passed = await check(trx);
      if (!passed) return undefined;
      const sessionId = await this.staffAuth.insertSession(
        { user_id: user.id, token_hash: hashToken(token), address: client.address.slice(0, 64), user_agent: client.userAgent.slice(0, 300), created_at: now, last_seen_at: now, expires_at: now + this.options.sessionMaxMs },
        trx,
      );
      await this.staffAuth.deleteTicket(hashToken(ticket), trx);
      await this.audit.record(actor, { action: passed.action, objectType: 'staff', objectId: user.id, after: { session_id: sessionId, ...(passed.method ? { method: passed.method } : {}) } }, trx);
      return passed;
    });
    if (!outcome) throw fail('staff_code_invalid');
    await this.throttle.clearLogin(secondKey);
    const staff: Staff = { id: user.id, username: user.username, email: user.email, avatar: user.avatar, sessionId: 0, expiresAt: now + this.options.sessionMaxMs, address: client.address };
    return { token, staff: await this.me(staff), ...(outcome.recoveryCodes ? { recovery_codes: outcome.recoveryCodes } : {}) };
  }
}
