import { mailList, mailOpen, mailSend } from '@kindred/protocol';
import { ok } from '../../http/envelope.js';
import type { Router } from '../../http/router.js';
import { presentMail } from './mail.presenter.js';
import type { MailService } from './mail.service.js';

export function mailRoutes(router: Router, mail: MailService, limit: { max: number; timeWindow: string }) {
  router.handle(mailList, async ({ body, member }) => {
    const page = await mail.list(member, body);
    return ok({ data: page.rows.map((r) => presentMail(r.mail, r.locked)), unread: page.unread, page: body.page, last_page: page.lastPage });
  });

  /** 200 sent; -1 no such member; -2 that member cannot receive mail (yourself, pending, disabled). */
  router.handle(mailSend, async ({ body, member }) => ok(presentMail(await mail.send(member, body), false), 'Send success'), { rateLimit: limit });

  /** Opens a mail: its text, now read (type 1). */
  router.handle(mailOpen, async ({ body, member }) => ok(presentMail(await mail.open(member, body.id), false)));
}
