import { describe, expect, it } from 'vitest';
import { ERRORS, LIMITS, OK, SUPPORT_ACCOUNT_ID, TIMINGS, UserStatus } from '../src/index.js';

describe('business constants (docs/product-rules.md §9)', () => {
  it('keeps the limits the spec names', () => {
    expect(LIMITS).toMatchObject({
      minAge: 18,
      usernameMax: 12,
      passwordMax: 18,
      signatureMax: 30,
      mailMax: 50,
      giftMessageMax: 50,
      invitationUsernameMin: 2,
      invitationUsernameMax: 8,
      avatarMaxBytes: 10240 * 1024,
      avatarMinSide: 300,
      avatarSide: 300,
      unreadBadgeCap: 99,
      noticeDropdownSize: 5,
    });
    expect(SUPPORT_ACCOUNT_ID).toBe(2);
    expect(OK).toBe(200);
    expect(UserStatus.pending).toBe(2);
  });

  it('keeps the timings the spec names', () => {
    expect(TIMINGS).toMatchObject({ pingMs: 30_000, upgradeRedirectMs: 1_500, searchDebounceMs: 500, bannerMs: 3_000, hoverCardMs: 500, submitGuardMobileMs: 10_000, submitGuardDesktopMs: 3_000 });
  });

  it('refuses password-reset links older than one hour (docs/architecture.md §8)', () => {
    expect(LIMITS.resetLinkTtlMs).toBe(3_600_000);
  });
});

describe('error statuses (docs/product-rules.md §7, §8; docs/architecture.md §3)', () => {
  it("answer each call's failures with the spec's own codes", () => {
    expect(ERRORS.login_failed.status).toBe(-1);
    expect(ERRORS.account_disabled.status).toBe(-2);
    expect(ERRORS.pending_approval.status).toBe(-3);
    expect(ERRORS.username_taken.status).toBe(-1);
    expect(ERRORS.email_taken.status).toBe(-2);
    expect(ERRORS.email_format.status).toBe(-1);
    expect(ERRORS.old_password_wrong.status).toBe(0);
    expect(ERRORS.profile_email_taken.status).toBe(-1);
  });

  it('travel on the HTTP code docs/architecture.md §3 gives them: 400 bad input, 401 no token, 403 no permission, 429 too many', () => {
    expect(ERRORS.validation).toEqual({ status: 400, http: 400 });
    expect(ERRORS.unauthorized).toEqual({ status: 401, http: 401 });
    expect(ERRORS.no_permission).toEqual({ status: 403, http: 403 });
    expect(ERRORS.rate_limited).toEqual({ status: 429, http: 429 });
    expect(ERRORS.not_found).toEqual({ status: 404, http: 404 });
  });

  it('never use 200, the success status', () => {
    for (const [id, { status }] of Object.entries(ERRORS)) expect(status, id).not.toBe(OK);
  });
});
