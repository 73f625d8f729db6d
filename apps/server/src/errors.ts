import { ERROR_MESSAGES, ERRORS, type ErrorId, type FieldErrors } from '@kindred/protocol';

/**
 * A failure the member caused or may see. One handler (http/error-handler.ts) turns it into the
 * envelope; status, HTTP code and the default message come from the protocol's tables.
 */
export class DomainError extends Error {
  readonly status: number;
  readonly http: number;
  constructor(
    readonly id: ErrorId,
    message: string = ERROR_MESSAGES[id],
    readonly data: unknown = null,
  ) {
    super(message);
    this.status = ERRORS[id].status;
    this.http = ERRORS[id].http;
  }
}

/**
 * Any failure of the protocol's table, with its message: `throw fail('username_taken')`. A new
 * failure id needs no factory here; the named ones below add data or a more precise message.
 */
export const fail = (id: ErrorId, data: unknown = null) => new DomainError(id, ERROR_MESSAGES[id], data);

/** Refused for lack of a permission: http/router.ts (a permission that depends on the body) and the /metrics check raise it. */
export const noPermission = () => fail('no_permission');

/** Free members see the first page of members only; the client goes to the upgrade page. */
export const upgradeForMoreMembers = () => fail('need_upgrade', { redirect: 'upgrade' });

/** Per-account and per-address back-off (auth-throttle.ts): 429 with the seconds to wait. */
export const tooManyAttempts = (retryAfterSeconds: number) =>
  new DomainError('rate_limited', 'Too many attempts, please wait a moment', { retry_after: Math.max(1, Math.ceil(retryAfterSeconds)) });

export const validationFailed = (fields: FieldErrors) =>
  new DomainError('validation', `${ERROR_MESSAGES.validation}: ${Object.keys(fields).join(', ')}`, { fields });

export const translateUnavailable = (from: string, to: string) =>
  new DomainError('translate_unavailable', `No translation service is available for ${from} to ${to}`, { from, to });

/**
 * Sign-in of a member staff suspended: until when, in the message (UTC) and in data.until
 * (seconds) for the client to show in the member's own time and language.
 */
export const accountSuspended = (untilMs: number) =>
  new DomainError('account_suspended', `This account is suspended until ${new Date(untilMs).toISOString().slice(0, 16).replace('T', ' ')} UTC`, { until: Math.floor(untilMs / 1000) });

export const accountBanned = () => fail('account_banned');

