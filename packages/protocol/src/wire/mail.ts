/**
 * A mail as docs/product-rules.md §3 names it: eid, type (0 unread, 1 read), sendername, create_time
 * (seconds), msg. `locked` 1: the reader may not open it (free members read only the support
 * account's mails), so `msg` is withheld until they upgrade.
 */
export interface MailWire {
  eid: number;
  type: 0 | 1;
  sender_id: number;
  sendername: string;
  avatar: string;
  create_time: number;
  msg: string;
  locked: 0 | 1;
}

export interface MailListWire {
  data: MailWire[];
  unread: number;
  page: number;
  last_page: number;
}
