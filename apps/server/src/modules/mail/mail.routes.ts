import { EmailListBody, EmailReleasedBody, EmailUpdateStatusBody, type MailListWire } from '@kindred/protocol';
import { ok } from '../../http/envelope.js';
import type { Router } from '../../http/router.js';
import { presentMail } from './mail.presenter.js';
import type { MailService } from './mail.service.js';

export function mailRoutes(router: Router, mail: MailService, limit: { max: number; timeWindow: string }) {
  router.post('/member/email/emaillist', { body: EmailListBody }, async ({ body, member }) => {
    const page = await mail.list(member, body);
    return ok<MailListWire>({ data: page.rows.map((r) => presentMail(r.mail, r.locked)), unread: page.unread, page: body.page, last_page: page.lastPage });
  });

  /** 200 sent; -1 no such member; -2 that member cannot receive mail (yourself, pending, disabled). */
  router.post('/member/email/released', { body: EmailReleasedBody, rateLimit: limit }, async ({ body, member }) =>
    ok(presentMail(await mail.send(member, body), false), 'Send success'),
  );

  /** Opens a mail: its text, now read (type 1). */
  router.post('/member/email/updatestatus', { body: EmailUpdateStatusBody }, async ({ body, member }) => ok(presentMail(await mail.open(member, body.id), false)));
}
