import { z } from 'zod';
import { Authority } from '../permissions.js';
import { flag, int } from './scalars.js';

/**
 * What the administrator console (/admin) receives. Times are seconds since the epoch (as the spec's
 * expiries), days are UTC 'YYYY-MM-DD', money is integer cents (USD) and credits integer hundredths
 * (100 = 1.00 credit), unlike the member wire's `amount`, because staff edit exact values.
 */

/** A signed-in staff account (an administrator) as /admin/api/auth/me answers it. */
export const StaffWire = z.object({
  id: int(),
  username: z.string(),
  email: z.string(),
  avatar: z.string(),
  /** Recovery codes not used yet (a new set replaces them all). */
  recovery_codes_left: int(),
  /** When this console session ends at the latest (idle ends it sooner). */
  session_expires_time: int(),
});
export type StaffWire = z.infer<typeof StaffWire>;

/**
 * Sign-in step 1: a ticket for step 2, valid `expires_in` seconds. `next` says what step 2 is:
 * 'totp' (a code from the app, or a recovery code) or 'enrol' (this account has no second factor
 * yet: enrol first, with the same ticket).
 */
export const StaffTicketWire = z.object({
  ticket: z.string(),
  next: z.enum(['totp', 'enrol']),
  expires_in: int(),
});
export type StaffTicketWire = z.infer<typeof StaffTicketWire>;

/**
 * TOTP enrolment: the secret (base32, to type in) and its otpauth:// URI, which the console shows
 * as a QR code (rendered in the browser: the secret never goes to a third-party QR service).
 */
export const TotpEnrolmentWire = z.object({
  secret: z.string(),
  otpauth_uri: z.string(),
});
export type TotpEnrolmentWire = z.infer<typeof TotpEnrolmentWire>;

/** A console session: the token goes in `Authorization: Bearer` on every staff call. */
export const StaffSessionWire = z.object({
  token: z.string(),
  staff: StaffWire,
  /** Only when the codes were just made (enrolment, regeneration): shown once, never again. */
  recovery_codes: z.array(z.string()).optional(),
});
export type StaffSessionWire = z.infer<typeof StaffSessionWire>;

export const RecoveryCodesWire = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodesWire = z.infer<typeof RecoveryCodesWire>;

/** One point of a chart: a UTC day and its value. */
export const DayCountWire = z.object({ day: z.string(), count: int() });
export type DayCountWire = z.infer<typeof DayCountWire>;
export const DayRevenueWire = z.object({ day: z.string(), cents: int(), orders: int() });
export type DayRevenueWire = z.infer<typeof DayRevenueWire>;

/** The dashboard: totals now, and one point per day (oldest first, every day present, zeros too). */
export const DashboardWire = z.object({
  members: int(),
  online_now: int(),
  open_reports: int(),
  pending_approvals: int(),
  signups: z.array(DayCountWire),
  revenue: z.array(DayRevenueWire),
});
export type DashboardWire = z.infer<typeof DashboardWire>;

/** A member's standing: active, pending approval, disabled (refused), suspended (until), banned. */
export const MemberStanding = z.enum(['active', 'pending', 'disabled', 'suspended', 'banned']);
export type MemberStanding = z.infer<typeof MemberStanding>;

/** A member as the console lists them. */
export const AdminMemberWire = z.object({
  id: int(),
  username: z.string(),
  email: z.string(),
  avatar: z.string(),
  sex: int(),
  country: z.string(),
  role: z.enum(['member', 'support', 'admin']),
  /** users.status: 1 active, 2 pending, 3 disabled. */
  status: int(),
  standing: MemberStanding,
  /** Level in force now (0, 1, 2) and the stored expiries (seconds, 0 none). */
  vip: int(),
  overduedate_1: int(),
  overduedate_2: int(),
  /** Hundredths. */
  credits: int(),
  is_auth: flag(),
  /** Seconds; 0 when not suspended. */
  suspended_until: int(),
  /** Seconds; 0 when not banned. */
  banned_time: int(),
  ban_reason: z.string(),
  create_time: int(),
  last_login_time: int(),
});
export type AdminMemberWire = z.infer<typeof AdminMemberWire>;

/** A member's profile in the console: the row plus what staff weigh. */
export const AdminMemberDetailWire = AdminMemberWire.extend({
  birthday: int(),
  signature: z.string(),
  lang: z.string(),
  invitation_code: z.string(),
  invited_by: int().nullable(),
  is_yin: flag(),
  is_online: flag(),
  reports_against: int(),
  reports_made: int(),
  sessions: int(),
  /** Cents paid over all time (orders paid). */
  paid_cents: int(),
});
export type AdminMemberDetailWire = z.infer<typeof AdminMemberDetailWire>;

/** A page of anything: the items, the page asked for (1-based), its size and the total. */
export const pageOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), page: int(), page_size: int(), total: int() });

export const AdminMemberPageWire = pageOf(AdminMemberWire);
export type AdminMemberPageWire = z.infer<typeof AdminMemberPageWire>;

export const AdminSessionWire = z.object({
  id: int(),
  terminal: z.string(),
  user_agent: z.string(),
  create_time: int(),
  last_seen_time: int(),
  expires_time: int(),
});
export type AdminSessionWire = z.infer<typeof AdminSessionWire>;

/** A ledger row: delta and balance in hundredths; reason e.g. recharge, gift, translate, admin_grant, admin_deduct. */
export const LedgerEntryWire = z.object({
  id: int(),
  delta: int(),
  balance_after: int(),
  reason: z.string(),
  ref_type: z.string(),
  ref_id: int().nullable(),
  create_time: int(),
});
export type LedgerEntryWire = z.infer<typeof LedgerEntryWire>;
export const LedgerPageWire = pageOf(LedgerEntryWire);
export type LedgerPageWire = z.infer<typeof LedgerPageWire>;

/** A member as a report names them (both sides). */
export const ReportPartyWire = z.object({
  id: int(),
  username: z.string(),
  email: z.string(),
  avatar: z.string(),
  standing: MemberStanding,
  suspended_until: int(),
});
export type ReportPartyWire = z.infer<typeof ReportPartyWire>;

export const ReportStatus = z.enum(['open', 'resolved', 'dismissed']);
/** What staff do with a report. */
export const REPORT_ACTIONS = ['dismiss', 'warn', 'suspend', 'ban'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

/** A report in the queue (unmasked: staff see who is who). `img` is a /uploads path or ''. */
export const AdminReportWire = z.object({
  id: int(),
  /** 1 ads, 2 offensive, 3 illegal. */
  type: int(),
  content: z.string(),
  img: z.string(),
  email: z.string(),
  status: ReportStatus,
  result: z.string(),
  reporter: ReportPartyWire,
  reported: ReportPartyWire,
  handled_by: z.object({ id: int(), username: z.string() }).nullable(),
  create_time: int(),
  handled_time: int(),
});
export type AdminReportWire = z.infer<typeof AdminReportWire>;
export const AdminReportPageWire = pageOf(AdminReportWire);
export type AdminReportPageWire = z.infer<typeof AdminReportPageWire>;

/** A chat message between the two members of a report (newest last); `img` is the picture of an image or gift message. */
export const ReportMessageWire = z.object({
  id: int(),
  sender_id: int(),
  type: z.enum(['text', 'img', 'gift']),
  content: z.string(),
  img: z.string(),
  create_time: int(),
});
export type ReportMessageWire = z.infer<typeof ReportMessageWire>;

export const AdminReportDetailWire = z.object({
  report: AdminReportWire,
  /** Their last messages with each other, oldest first (at most 50). */
  messages: z.array(ReportMessageWire),
  /** Other reports about the reported member, newest first (at most 20). */
  earlier_reports: z.array(AdminReportWire),
});
export type AdminReportDetailWire = z.infer<typeof AdminReportDetailWire>;

/** Bulk actions answer which ids changed and which did not (not pending any more, unknown). */
export const BulkResultWire = z.object({ done: z.array(int()), skipped: z.array(int()) });
export type BulkResultWire = z.infer<typeof BulkResultWire>;

export const EndedSessionsWire = z.object({ ended: int() });
export type EndedSessionsWire = z.infer<typeof EndedSessionsWire>;

// Catalogue and prices (the member-facing wire shapes of gifts and billing are those modules' own).

export const GiftCategoryAdminWire = z.object({
  id: int(),
  name_en: z.string(),
  name_zh_cn: z.string(),
  name_zh_tw: z.string(),
  sort: int(),
  gifts: int(),
});
export type GiftCategoryAdminWire = z.infer<typeof GiftCategoryAdminWire>;

export const GiftAdminWire = z.object({
  id: int(),
  category_id: int(),
  /** The image's /uploads path. */
  path: z.string(),
  /** Hundredths of a credit. */
  price: int(),
  title_en: z.string(),
  title_zh_cn: z.string(),
  title_zh_tw: z.string(),
  info_en: z.string(),
  info_zh_cn: z.string(),
  info_zh_tw: z.string(),
  active: flag(),
  sort: int(),
});
export type GiftAdminWire = z.infer<typeof GiftAdminWire>;

export const RechargePackageAdminWire = z.object({ id: int(), amount_cents: int(), credits: int(), sort: int(), active: flag() });
export type RechargePackageAdminWire = z.infer<typeof RechargePackageAdminWire>;

export const UpgradePackageAdminWire = z.object({ id: int(), vip: int(), months: int(), amount_cents: int(), sort: int(), active: flag() });
export type UpgradePackageAdminWire = z.infer<typeof UpgradePackageAdminWire>;

export const MonthlyPriceWire = z.object({ vip: int(), monthly_list_price_cents: int() });
export type MonthlyPriceWire = z.infer<typeof MonthlyPriceWire>;

/** Deleting a catalogue row: removed, or (when orders or sends refer to it) only deactivated. */
export const CatalogueDeleteWire = z.object({ removed: flag(), deactivated: flag() });
export type CatalogueDeleteWire = z.infer<typeof CatalogueDeleteWire>;

export const PermissionMatrixWire = Authority;
export type PermissionMatrixWire = z.infer<typeof PermissionMatrixWire>;

/** Settings staff change at run time (every node applies them within seconds, no restart). */
export const AdminSettingsWire = z.object({
  /** Conversations a member without Send_chat_messages_for_free may start. */
  free_chats: int(),
});
export type AdminSettingsWire = z.infer<typeof AdminSettingsWire>;

/** One audit row. `before`/`after` are the changed fields as JSON objects (null when none). */
export const AuditEntryWire = z.object({
  id: int(),
  staff: z.object({ id: int(), username: z.string() }).nullable(),
  action: z.string(),
  object_type: z.string(),
  object_id: int().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  address: z.string(),
  create_time: int(),
});
export type AuditEntryWire = z.infer<typeof AuditEntryWire>;
export const AuditPageWire = pageOf(AuditEntryWire);
export type AuditPageWire = z.infer<typeof AuditPageWire>;
