import { z } from 'zod';
import { PERMISSION_FLAGS } from '../permissions.js';
import {
  AdminMemberDetailWire,
  AdminMemberPageWire,
  AdminMemberWire,
  AdminReportDetailWire,
  AdminReportPageWire,
  AdminReportWire,
  AdminSessionWire,
  AdminSettingsWire,
  AuditPageWire,
  BulkResultWire,
  DashboardWire,
  EndedSessionsWire,
  LedgerPageWire,
  PermissionMatrixWire,
  RecoveryCodesWire,
  REPORT_ACTIONS,
  StaffSessionWire,
  StaffTicketWire,
  StaffWire,
  TotpEnrolmentWire,
} from '../wire/admin.js';
import { PendingUserWire } from '../wire/user.js';
import { defineCall, EmptyBody } from './define.js';
import { accountKey, boundedString, id, int, pageNumber, password, requiredText, text } from './fields.js';

/**
 * The administrator console's calls (/admin/api/…). Staff sign in in two steps (password, then a
 * TOTP code or a recovery code) and get a console session of their own, separate from and shorter
 * than member sessions; every `access: 'staff'` call takes only such a session, so a member token
 * (even an administrator's from the member sign-in) answers 401. Every call that changes something
 * writes one audit row (per object changed) in the same transaction as the change.
 * Catalogue and prices: calls/admin-catalogue.ts.
 */

/** Most ids a bulk call takes at once. */
export const ADMIN_BULK_MAX = 100;
export const ADMIN_PAGE_SIZE = 20;
/** Longest staff reason / result text. */
export const ADMIN_REASON_MAX = 500;
/** Longest suspension, days. */
export const SUSPEND_DAYS_MAX = 3650;

/** A list of ids: a JSON array, or (as a form post sends one) "1,2,3". */
export const idList = (max = ADMIN_BULK_MAX) =>
  z
    .union([
      z.array(id()),
      boundedString(max * 11)
        .regex(/^\d{1,10}(,\d{1,10})*$/, 'ids separated by commas')
        .transform((s) => s.split(',').map(Number)),
    ])
    .pipe(z.array(z.number().int().min(1).max(2_147_483_647)).min(1, 'at least one id').max(max, `at most ${max} ids`))
    .transform((ids) => [...new Set(ids)]);

/** A six-digit TOTP code (spaces typed between the groups are dropped). */
export const totpCode = () =>
  boundedString(16)
    .transform((s) => s.replace(/\s+/g, ''))
    .pipe(boundedString(6, { trim: false }).regex(/^\d{6}$/, 'six digits'));

/** A recovery code as printed (xxxxx-xxxxx), in any case, with or without the dash. */
export const recoveryCode = () =>
  boundedString(32)
    .transform((s) => s.replace(/[\s-]+/g, '').toLowerCase())
    .pipe(boundedString(10, { trim: false }).regex(/^[a-z0-9]{10}$/, 'a recovery code is ten letters and digits'));

const ticket = () => requiredText(128);
const reason = () => requiredText(ADMIN_REASON_MAX);
const page = () => pageNumber();

// --- sign-in ---------------------------------------------------------------------------------

export const StaffLoginBody = z.object({ account: accountKey(), password: password(128) });
export type StaffLoginBody = z.infer<typeof StaffLoginBody>;
export const StaffTicketBody = z.object({ ticket: ticket() });
export type StaffTicketBody = z.infer<typeof StaffTicketBody>;
export const StaffEnrolConfirmBody = z.object({ ticket: ticket(), code: totpCode() });
export type StaffEnrolConfirmBody = z.infer<typeof StaffEnrolConfirmBody>;
/** Step 2: the ticket and either a TOTP code or a recovery code. */
export const StaffVerifyBody = z
  .object({ ticket: ticket(), code: totpCode().optional(), recovery_code: recoveryCode().optional() })
  .refine((b) => (b.code === undefined) !== (b.recovery_code === undefined), { path: ['code'], message: 'a code or a recovery code (one of them)' });
export type StaffVerifyBody = z.infer<typeof StaffVerifyBody>;
export const StaffRecoveryBody = z.object({ code: totpCode() });
export type StaffRecoveryBody = z.infer<typeof StaffRecoveryBody>;

/** Step 1: a staff account's username or e-mail and password → a ticket (members and wrong passwords: login_failed alike). */
export const staffLogin = defineCall({ path: '/admin/api/auth/login', body: StaffLoginBody, answer: StaffTicketWire, access: 'public' });
/** With a ticket whose `next` is 'enrol': a new TOTP secret (asking again replaces it until confirmed). */
export const staffEnrolStart = defineCall({ path: '/admin/api/auth/enrol_start', body: StaffTicketBody, answer: TotpEnrolmentWire, access: 'public' });
/** A code from the new secret confirms it: the session, and the recovery codes shown this once. */
export const staffEnrolConfirm = defineCall({ path: '/admin/api/auth/enrol_confirm', body: StaffEnrolConfirmBody, answer: StaffSessionWire, access: 'public' });
/** Step 2: ticket + TOTP code (a code used once is refused again) or a recovery code (each works once). */
export const staffVerify = defineCall({ path: '/admin/api/auth/verify', body: StaffVerifyBody, answer: StaffSessionWire, access: 'public' });
export const staffLogout = defineCall({ path: '/admin/api/auth/logout', body: EmptyBody, answer: z.null(), access: 'staff' });
export const staffMe = defineCall({ path: '/admin/api/auth/me', body: EmptyBody, answer: StaffWire, access: 'staff' });
/** A fresh set of recovery codes (the old ones stop working), confirmed with a current TOTP code. */
export const staffRecoveryCodes = defineCall({ path: '/admin/api/auth/recovery_codes', body: StaffRecoveryBody, answer: RecoveryCodesWire, access: 'staff' });

// --- dashboard -------------------------------------------------------------------------------

export const DashboardBody = z.object({ days: int(7, 90).default(30) });
export type DashboardBody = z.infer<typeof DashboardBody>;
export const adminDashboard = defineCall({ path: '/admin/api/dashboard', body: DashboardBody, answer: DashboardWire, access: 'staff' });

// --- reports ---------------------------------------------------------------------------------

export const AdminReportListBody = z.object({
  /** open: waiting; handled: resolved or dismissed; all. */
  status: z.enum(['open', 'handled', 'all']).default('open'),
  type: int(1, 3).optional(),
  /** Reports about this member only. */
  reported_id: id().optional(),
  page: page(),
});
export type AdminReportListBody = z.infer<typeof AdminReportListBody>;
export const ReportIdBody = z.object({ id: id() });
export type ReportIdBody = z.infer<typeof ReportIdBody>;
/**
 * Acting on an open report: dismiss (no fault), warn (the member is told), suspend for `days` (told,
 * signed out, hidden until then), ban (signed out for good). The reporter gets a report notice with
 * `result`. A handled report answers not_found.
 */
export const ReportActBody = z
  .object({ id: id(), action: z.enum(REPORT_ACTIONS), days: int(1, SUSPEND_DAYS_MAX).optional(), result: reason() })
  .refine((b) => b.action !== 'suspend' || b.days !== undefined, { path: ['days'], message: 'required' });
export type ReportActBody = z.infer<typeof ReportActBody>;

export const adminReportList = defineCall({ path: '/admin/api/reports/list', body: AdminReportListBody, answer: AdminReportPageWire, access: 'staff' });
export const adminReportDetail = defineCall({ path: '/admin/api/reports/detail', body: ReportIdBody, answer: AdminReportDetailWire, access: 'staff' });
export const adminReportAct = defineCall({ path: '/admin/api/reports/act', body: ReportActBody, answer: AdminReportWire, access: 'staff' });

// --- pending approvals (REGISTRATION_APPROVAL) -----------------------------------------------

export const ApproveBody = z.object({ id: id() });
export type ApproveBody = z.infer<typeof ApproveBody>;
export const ApprovalsDecideBody = z.object({ ids: idList(), decision: z.enum(['approve', 'refuse']) });
export type ApprovalsDecideBody = z.infer<typeof ApprovalsDecideBody>;

/** Accounts waiting for approval, oldest first (at most 100). */
export const pendingUsers = defineCall({ path: '/admin/api/users/pending', body: EmptyBody, answer: z.array(PendingUserWire), access: 'staff' });
/** One account approved (kept from before the console; approvals/decide does many). */
export const userApprove = defineCall({ path: '/admin/api/users/approve', body: ApproveBody, answer: z.null(), access: 'staff' });
/** Approve or refuse (status disabled) many pending accounts; ids no longer pending are skipped. */
export const approvalsDecide = defineCall({ path: '/admin/api/approvals/decide', body: ApprovalsDecideBody, answer: BulkResultWire, access: 'staff' });

// --- members ---------------------------------------------------------------------------------

export const MemberSearchBody = z.object({
  /** Part of a username or e-mail, or an exact id. */
  q: text(254).default(''),
  standing: z.enum(['all', 'active', 'pending', 'disabled', 'suspended', 'banned']).default('all'),
  vip: int(0, 2).optional(),
  page: page(),
});
export type MemberSearchBody = z.infer<typeof MemberSearchBody>;
export const MemberIdBody = z.object({ id: id() });
export type MemberIdBody = z.infer<typeof MemberIdBody>;
export const MemberLedgerBody = z.object({ id: id(), page: page() });
export type MemberLedgerBody = z.infer<typeof MemberLedgerBody>;
export const MemberSuspendBody = z.object({ id: id(), days: int(1, SUSPEND_DAYS_MAX), reason: reason() });
export type MemberSuspendBody = z.infer<typeof MemberSuspendBody>;
export const MemberBanBody = z.object({ id: id(), reason: reason() });
export type MemberBanBody = z.infer<typeof MemberBanBody>;
/** Lifts a suspension and a ban alike. */
export const MemberUnbanBody = z.object({ id: id(), reason: text(ADMIN_REASON_MAX).default('') });
export type MemberUnbanBody = z.infer<typeof MemberUnbanBody>;
export const MemberVerifyBody = z.object({ id: id(), verified: int(0, 1) });
export type MemberVerifyBody = z.infer<typeof MemberVerifyBody>;
/** `amount` in hundredths (100 = 1.00 credit); a deduction never takes the balance below zero (insufficient_credits). */
export const MemberCreditsBody = z.object({ id: id(), direction: z.enum(['grant', 'deduct']), amount: int(1, 100_000_000), reason: reason() });
export type MemberCreditsBody = z.infer<typeof MemberCreditsBody>;
/** Adds `months` to the level's expiry (from now when it has passed). */
export const MemberMembershipBody = z.object({ id: id(), vip: int(1, 2), months: int(1, 60), reason: text(ADMIN_REASON_MAX).default('') });
export type MemberMembershipBody = z.infer<typeof MemberMembershipBody>;
/** Ends the listed sessions, or all of them when `session_ids` is left out. */
export const MemberEndSessionsBody = z.object({ id: id(), session_ids: idList().optional() });
export type MemberEndSessionsBody = z.infer<typeof MemberEndSessionsBody>;

export const adminMemberSearch = defineCall({ path: '/admin/api/members/search', body: MemberSearchBody, answer: AdminMemberPageWire, access: 'staff' });
export const adminMemberDetail = defineCall({ path: '/admin/api/members/detail', body: MemberIdBody, answer: AdminMemberDetailWire, access: 'staff' });
export const adminMemberSessions = defineCall({ path: '/admin/api/members/sessions', body: MemberIdBody, answer: z.array(AdminSessionWire), access: 'staff' });
export const adminMemberLedger = defineCall({ path: '/admin/api/members/ledger', body: MemberLedgerBody, answer: LedgerPageWire, access: 'staff' });
export const adminMemberSuspend = defineCall({ path: '/admin/api/members/suspend', body: MemberSuspendBody, answer: AdminMemberWire, access: 'staff' });
export const adminMemberBan = defineCall({ path: '/admin/api/members/ban', body: MemberBanBody, answer: AdminMemberWire, access: 'staff' });
export const adminMemberUnban = defineCall({ path: '/admin/api/members/unban', body: MemberUnbanBody, answer: AdminMemberWire, access: 'staff' });
export const adminMemberVerify = defineCall({ path: '/admin/api/members/verify', body: MemberVerifyBody, answer: AdminMemberWire, access: 'staff' });
export const adminMemberCredits = defineCall({ path: '/admin/api/members/credits', body: MemberCreditsBody, answer: AdminMemberWire, access: 'staff' });
export const adminMemberMembership = defineCall({ path: '/admin/api/members/membership', body: MemberMembershipBody, answer: AdminMemberWire, access: 'staff' });
export const adminMemberEndSessions = defineCall({ path: '/admin/api/members/end_sessions', body: MemberEndSessionsBody, answer: EndedSessionsWire, access: 'staff' });

// --- permissions, settings, audit --------------------------------------------------------------

export const PermissionSetBody = z.object({ vip: int(0, 2), flag: z.enum(PERMISSION_FLAGS), allowed: int(0, 1) });
export type PermissionSetBody = z.infer<typeof PermissionSetBody>;
export const SettingsSaveBody = z.object({ free_chats: int(0, 1000) });
export type SettingsSaveBody = z.infer<typeof SettingsSaveBody>;

/** The matrix as members get it (initdata's authority). */
export const adminPermissions = defineCall({ path: '/admin/api/permissions/matrix', body: EmptyBody, answer: PermissionMatrixWire, access: 'staff' });
/** One cell; members on every node see it within seconds (answers the whole matrix). */
export const adminPermissionSet = defineCall({ path: '/admin/api/permissions/set', body: PermissionSetBody, answer: PermissionMatrixWire, access: 'staff' });
export const adminSettings = defineCall({ path: '/admin/api/settings/get', body: EmptyBody, answer: AdminSettingsWire, access: 'staff' });
export const adminSettingsSave = defineCall({ path: '/admin/api/settings/save', body: SettingsSaveBody, answer: AdminSettingsWire, access: 'staff' });

/** What the audit log records (action names are `object.verb`). */
export const AUDIT_ACTIONS = [
  'staff.enrol',
  'staff.sign_in',
  'staff.sign_out',
  'staff.recovery_codes',
  'report.dismiss',
  'report.warn',
  'report.suspend',
  'report.ban',
  'member.approve',
  'member.refuse',
  'member.suspend',
  'member.ban',
  'member.unban',
  'member.verify',
  'member.unverify',
  'member.credits_grant',
  'member.credits_deduct',
  'member.membership_extend',
  'member.end_sessions',
  'gift_category.create',
  'gift_category.update',
  'gift_category.delete',
  'gift.create',
  'gift.update',
  'gift.delete',
  'recharge_package.create',
  'recharge_package.update',
  'recharge_package.delete',
  'upgrade_package.create',
  'upgrade_package.update',
  'upgrade_package.delete',
  'price.update',
  'permission.update',
  'setting.update',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_OBJECT_TYPES = ['staff', 'report', 'member', 'gift_category', 'gift', 'recharge_package', 'upgrade_package', 'price', 'permission', 'setting'] as const;
export type AuditObjectType = (typeof AUDIT_OBJECT_TYPES)[number];

export const AuditListBody = z.object({
  staff_id: id().optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  object_type: z.enum(AUDIT_OBJECT_TYPES).optional(),
  object_id: id().optional(),
  page: page(),
});
export type AuditListBody = z.infer<typeof AuditListBody>;
/** Newest first. The log has no call that edits or deletes it. */
export const adminAuditList = defineCall({ path: '/admin/api/audit/list', body: AuditListBody, answer: AuditPageWire, access: 'staff' });
