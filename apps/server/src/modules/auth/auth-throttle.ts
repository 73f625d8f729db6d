import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { tooManyAttempts } from '../../errors.js';

const HOUR = 3600;
const DAY = 86_400;

/** Login back-off: the first wait, its ceiling, and how long failures and waits are remembered. */
export const LOGIN_BACKOFF = { firstSeconds: 60, maxSeconds: 15 * 60, failureWindowSeconds: HOUR, memorySeconds: DAY } as const;
/** Reset-link submissions per link and per account per hour (the links are 256-bit: this is belt and braces). */
export const RESET_ATTEMPTS_PER_HOUR = 5;

/** The wait that the n-th back-off attempt (1-based) opens: 1 minute, doubling, at most 15 minutes. */
export function backoffSeconds(n: number): number {
  return Math.min(LOGIN_BACKOFF.firstSeconds * 2 ** Math.max(0, n - 1), LOGIN_BACKOFF.maxSeconds);
}

export interface AuthThrottleOptions {
  /** Counters live in Redis when there is one, so every node counts an account together. */
  redis?: Redis;
  /** Key prefix in Redis (REDIS_PREFIX), so installations sharing one Redis never count together. */
  prefix: string;
  /** Failed sign-ins per account before the back-off starts (LOGIN_FAILURE_LIMIT). */
  loginFailures: number;
  /** Recovery mails per e-mail address per hour (RECOVERY_MAIL_LIMIT). */
  recoveryMailsPerHour: number;
}

/**
 * Limits per account and per address, beside the per-client-address limits of security.ts (finding
 * 5 of issue 9: 10 addresses guessing one account were all evaluated). Built on rate-limiter-flexible,
 * whose counters are atomic in Redis and in memory alike.
 *
 * Sign-in: every attempt on an account counts before the password is checked, so a burst of parallel
 * guesses cannot slip through between check and count. The first LOGIN_FAILURE_LIMIT attempts in an
 * hour are free; after that (and for a day after the first wait) the account takes one attempt per
 * waiting period, which doubles from 1 to 15 minutes; any other attempt in the period answers 429
 * without the password being checked. A correct password, or a completed password reset, clears it.
 * Accounts are keyed by id (a username and an e-mail address of one account count together);
 * unknown accounts by what was typed, so both answer alike and the limit tells nothing.
 */
export class AuthThrottle {
  private readonly attempts: RateLimiterAbstract;
  private readonly waits: RateLimiterAbstract;
  private readonly gate: RateLimiterAbstract;
  private readonly recovery: RateLimiterAbstract;
  private readonly resetLinks: RateLimiterAbstract;
  private readonly resetAccounts: RateLimiterAbstract;

  constructor(private readonly options: AuthThrottleOptions) {
    const limiter = (name: string, points: number, duration: number): RateLimiterAbstract => {
      const settings = { keyPrefix: `${options.prefix}auth:${name}`, points, duration };
      // If Redis fails, this node keeps counting on its own rather than letting guesses through.
      return options.redis
        ? new RateLimiterRedis({ ...settings, storeClient: options.redis, insuranceLimiter: new RateLimiterMemory(settings) })
        : new RateLimiterMemory(settings);
    };
    this.attempts = limiter('login-attempts', options.loginFailures, LOGIN_BACKOFF.failureWindowSeconds);
    this.waits = limiter('login-waits', Number.MAX_SAFE_INTEGER, LOGIN_BACKOFF.memorySeconds);
    // One attempt per waiting period; each period's length is given when it opens (customDuration).
    this.gate = limiter('login-gate', 1, LOGIN_BACKOFF.maxSeconds);
    this.recovery = limiter('recovery', options.recoveryMailsPerHour, HOUR);
    this.resetLinks = limiter('reset-link', RESET_ATTEMPTS_PER_HOUR, HOUR);
    this.resetAccounts = limiter('reset-account', RESET_ATTEMPTS_PER_HOUR, HOUR);
  }

  /** The counter key of a sign-in: the account's id when it exists, else what was typed. */
  static loginKey(userId: number | undefined, account: string): string {
    return userId ? `u:${userId}` : `a:${account.trim().toLowerCase()}`;
  }

  /** Before a password is checked for `key`: counts the attempt, or refuses it (429) while the account waits. */
  async beginLogin(key: string): Promise<void> {
    const counted = await this.attempts.penalty(key);
    const waited = (await this.waits.get(key))?.consumedPoints ?? 0;
    if (counted.consumedPoints <= this.options.loginFailures && waited === 0) return;
    await refuseOver(this.gate.consume(key, 1, { customDuration: backoffSeconds(waited + 1) }));
    await this.waits.penalty(key);
  }

  /** The password was right (or the member proved the mailbox with a reset link): forget the failures. */
  async clearLogin(key: string): Promise<void> {
    await Promise.all([this.attempts.delete(key), this.waits.delete(key), this.gate.delete(key)]);
  }

  /** One recovery mail to `address` (as typed, lower-cased): counted whether or not it is a member's. */
  async recoveryMail(address: string): Promise<void> {
    await refuseOver(this.recovery.consume(address.trim().toLowerCase()));
  }

  /** A reset-link submission: per link (its hash) before it is looked up. */
  async resetLink(tokenHash: string): Promise<void> {
    await refuseOver(this.resetLinks.consume(tokenHash));
  }

  /** A reset-link submission that reached an account: per account. */
  async resetAccount(userId: number): Promise<void> {
    await refuseOver(this.resetAccounts.consume(String(userId)));
  }
}

/** A limiter's refusal becomes the 429 envelope with the seconds to wait; store errors stay errors. */
async function refuseOver(consuming: Promise<RateLimiterRes>): Promise<void> {
  try {
    await consuming;
  } catch (error) {
    if (error instanceof RateLimiterRes) throw tooManyAttempts(error.msBeforeNext / 1000);
    throw error;
  }
}
