import { z } from 'zod';
import { ReportPageWire, ReportWire } from '../wire/report.js';
import { defineCall } from './define.js';
import { email, id, int, pageNumber, text } from './fields.js';

/** Report types of docs/product-rules.md §9: 1 advertising, 2 offensive, 3 illegal. */
export const ReportType = { ads: 1, offensive: 2, illegal: 3 } as const;
export type ReportType = (typeof ReportType)[keyof typeof ReportType];
export const REPORT_TYPES = [ReportType.ads, ReportType.offensive, ReportType.illegal] as const;

/** Longest report description we keep (the spec sets none). */
export const REPORT_CONTENT_MAX = 500;

/** Forms send '' for a field left empty: it counts as absent. */
const optionalText = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v: z.input<T> | '' | null | undefined) => (v === '' || v === null ? undefined : v), schema.optional());

/**
 * member/reports/reports, both variants of the spec:
 * - phone (`/m/report`): userid, email, content, optional picture in `img` (multipart; the same
 *   image pipeline as every upload). E-mail and description are required (§5) — a body without
 *   `type` is the phone variant; our phone form sends a type as well.
 * - desktop dialog: type (1/2/3) and userid; email and content are accepted too.
 */
export const ReportBody = z
  .object({
    userid: id(),
    type: optionalText(int(1, 3)),
    email: optionalText(email()),
    content: optionalText(text(REPORT_CONTENT_MAX)),
  })
  .superRefine((body, ctx) => {
    if (body.type !== undefined) return;
    if (body.email === undefined) ctx.addIssue({ code: 'custom', path: ['email'], message: 'required' });
    if (body.content === undefined) ctx.addIssue({ code: 'custom', path: ['content'], message: 'required' });
  });
export type ReportBody = z.infer<typeof ReportBody>;

/** /member/reports/getReports: type 1 reports I made, 2 reports against me. */
export const ReportListBody = z.object({ type: int(1, 2), page: pageNumber() });
export type ReportListBody = z.infer<typeof ReportListBody>;

/**
 * 200: the report, as "reports I made" lists it. Failures: `user_not_found` (no such member),
 * `cannot_report_self`, `report_already_open` (one open report per reporter and reported member),
 * `report_daily_limit` (REPORT_DAILY_LIMIT per day), `not_an_image` / `image_too_large` (the
 * picture), 400 for a missing e-mail or description on the phone variant.
 */
export const reportSubmit = defineCall({
  path: '/member/reports/reports',
  body: ReportBody,
  answer: ReportWire,
  access: 'member',
  files: ['img', 'file'],
});

/** The caller's reports (type 1) or the reports against the caller (type 2), masked by the server. */
export const reportList = defineCall({ path: '/member/reports/getReports', body: ReportListBody, answer: ReportPageWire, access: 'member' });
