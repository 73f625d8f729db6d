import type { BlockedPageWire } from '@kindred/protocol';
import type { BlockedPage } from './blocks.service.js';

export function presentBlockedPage({ rows, page, lastPage, total }: BlockedPage): BlockedPageWire {
  return {
    data: rows.map((r) => ({ id: r.id, username: r.username, avatar: r.avatar, sex: r.sex, blocked_at: Number(r.blocked_at) })),
    page,
    last_page: lastPage,
    total,
  };
}
