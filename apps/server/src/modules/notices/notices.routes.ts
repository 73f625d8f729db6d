import { noticeList, noticeRead } from '@kindred/protocol';
import { ok } from '../../http/envelope.js';
import type { Router } from '../../http/router.js';
import { presentNotice } from './notices.presenter.js';
import type { NoticesService } from './notices.service.js';

export function noticesRoutes(router: Router, notices: NoticesService) {
  router.handle(noticeList, async ({ body, member }) => {
    const [rows, unread] = await Promise.all([notices.list(member, body), notices.unreadCount(member)]);
    return ok({ data: rows.map(presentNotice), unread });
  });

  router.handle(noticeRead, async ({ body, member }) => {
    await notices.markRead(member, body.id);
    return ok(null);
  });
}
