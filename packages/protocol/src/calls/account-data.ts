import { z } from 'zod';
import { defineCall, EmptyBody } from './define.js';
import { password } from './fields.js';

/**
 * Account deletion and data export (an addition to the spec; docs/product-rules.md, "Deleting an
 * account and taking one's data").
 */
export const AccountDeleteBody = z.object({ password: password(128) });
export type AccountDeleteBody = z.infer<typeof AccountDeleteBody>;

/**
 * Deletes the caller's account after checking the current password (`password_wrong`; throttled
 * like sign-in: `rate_limited`). Every session ends and every socket closes, on every node; the
 * member's rows and uploaded files are removed; ledger rows and orders stay without the person.
 * Pending accounts may delete themselves.
 */
export const accountDelete = defineCall({ path: '/member/account/delete', body: AccountDeleteBody, answer: z.null(), access: 'member', allowPending: true });

/**
 * Everything held about the caller as a ZIP (application/zip, Content-Disposition attachment):
 * one JSON file per table and the member's picture files. The answer is the ZIP itself, not an
 * envelope (failures still answer envelopes). Authenticate with the Authorization header: a token
 * in a URL would land in logs and history.
 */
export const accountExport = defineCall({ path: '/member/account/export', body: EmptyBody, answer: z.instanceof(Uint8Array), access: 'member', allowPending: true });

/** The file name the export is offered under. */
export const exportFileName = (username: string, now = new Date()) =>
  `kindred-${username.replace(/[^A-Za-z0-9_-]/g, '_') || 'member'}-${now.toISOString().slice(0, 10)}.zip`;
