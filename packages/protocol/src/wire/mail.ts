import { z } from 'zod';
import { flag, int } from './scalars.js';

/**
 * A mail as docs/product-rules.md §3 names it: eid, type (0 unread, 1 read), sendername, create_time
 * (seconds), msg. `locked` 1: the reader may not open it (free members read only the support
 * account's mails), so `msg` is withheld until they upgrade.
 */
export const MailWire = z.object({
  eid: int(),
  type: flag(),
  sender_id: int(),
  sendername: z.string(),
  avatar: z.string(),
  create_time: int(),
  msg: z.string(),
  locked: flag(),
});
export type MailWire = z.infer<typeof MailWire>;

/** /member/email/emaillist: one page of the inbox and the unread count. */
export const MailListWire = z.object({
  data: z.array(MailWire),
  unread: int(),
  page: int(),
  last_page: int(),
});
export type MailListWire = z.infer<typeof MailListWire>;
