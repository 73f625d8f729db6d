import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { MailListWire, MailWire } from '../wire/mail.js';
import { defineCall } from './define.js';
import { id, int, pageNumber, requiredText } from './fields.js';

/** /member/email/emaillist: the caller's inbox, newest first; `type` 0 or 1 filters unread/read. */
export const EmailListBody = z.object({
  page: pageNumber(),
  limit: int(1, 50).default(20),
  type: int(0, 1).optional(),
});
export type EmailListBody = z.infer<typeof EmailListBody>;

/**
 * /member/email/released: `email` is the recipient's username (any case; despite the spec's field
 * name, not an e-mail address: that would tell who owns an address). `content` at most 50
 * characters (docs/product-rules.md §5).
 */
export const EmailReleasedBody = z.object({
  email: requiredText(LIMITS.emailMax),
  content: requiredText(LIMITS.mailMax),
});
export type EmailReleasedBody = z.infer<typeof EmailReleasedBody>;

/** /member/email/updatestatus: open mail `id` (unread 0 -> read 1); only its recipient may. */
export const EmailUpdateStatusBody = z.object({ id: id() });
export type EmailUpdateStatusBody = z.infer<typeof EmailUpdateStatusBody>;

export const mailList = defineCall({ path: '/member/email/emaillist', body: EmailListBody, answer: MailListWire, access: 'member' });
/** 200 sent; -1 no such member; -2 that member cannot receive mail (yourself, pending, disabled). */
export const mailSend = defineCall({ path: '/member/email/released', body: EmailReleasedBody, answer: MailWire, access: 'member' });
/** Opens a mail: its text, now read (type 1). */
export const mailOpen = defineCall({ path: '/member/email/updatestatus', body: EmailUpdateStatusBody, answer: MailWire, access: 'member' });
