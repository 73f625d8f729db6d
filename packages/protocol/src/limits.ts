/** Business constants of docs/product-rules.md §9, in one place for both sides. */
export const LIMITS = {
  minAge: 18,
  usernameMax: 12,
  usernameMin: 2,
  invitationUsernameMin: 2,
  invitationUsernameMax: 8,
  passwordMin: 6,
  passwordMax: 18,
  signatureMax: 30,
  mailMax: 50,
  giftMessageMax: 50,
  emailMax: 254,
  countryMax: 64,
  avatarMaxBytes: 10240 * 1024,
  avatarMinSide: 300,
  avatarSide: 300,
  uploadMaxBytes: 10240 * 1024,
  /** Decoding limit: a 20000x20000 "image bomb" is refused before it is decoded. */
  imageMaxPixels: 40_000_000,
  unreadBadgeCap: 99,
  noticeDropdownSize: 5,
  resetLinkTtlMs: 60 * 60 * 1000,
  /** Members per page of every member list (the spec keeps page sizes out of sight). */
  memberPageSize: 20,
  trendPageSize: 20,
  photoPageSize: 20,
  trendContentMax: 500,
  /** Members on the desktop home's rotating wall. */
  memberWallSize: 30,
  /** Background photos a profile answers (newest first). */
  backphotosShown: 10,
} as const;

export const TIMINGS = {
  pingMs: 30_000,
  upgradeRedirectMs: 1_500,
  searchDebounceMs: 500,
  pullRefreshCloseMs: 500,
  spinnerMs: 5_000,
  submitGuardMobileMs: 10_000,
  submitGuardDesktopMs: 3_000,
  presetSelectMs: 1_000,
  bannerMs: 3_000,
  hoverCardMs: 500,
} as const;

export const SUPPORT_ACCOUNT_ID = 2;

export const Sex = { female: 0, male: 1 } as const;
export type Sex = (typeof Sex)[keyof typeof Sex];

/**
 * users.status: 1 active, 2 pending approval (spec), 3 disabled by an administrator (a refused
 * sign-up), 4 suspended or banned by staff (users.banned_at tells which): no sign-in, in no list.
 */
export const UserStatus = { active: 1, pending: 2, disabled: 3, suspended: 4 } as const;
export type UserStatus = (typeof UserStatus)[keyof typeof UserStatus];

/** Newsfeed item types (docs/product-rules.md §3; 3 is the "edited profile" event the translations name). */
export const TrendType = { joined: 0, post: 1, avatarChanged: 2, profileEdited: 3 } as const;
export type TrendType = (typeof TrendType)[keyof typeof TrendType];

export const LANGUAGES = ['en', 'zh-CN', 'zh-TW'] as const;
export type Language = (typeof LANGUAGES)[number];
