import { activeWithinWindow, effectiveVip, isShownOnline, seesThroughInvisible, showsLastActive, type MemberCardWire, type MemberDetailWire, type MemberPageWire } from '@kindred/protocol';
import type { MemberRow } from './members.repository.js';
import type { MemberPage } from './member-page.js';
import type { MemberDetail } from './members.service.js';

const seconds = (ms: number) => Math.floor(ms / 1000);
const flag = (value: unknown): 0 | 1 => (value ? 1 : 0);

/**
 * A member as this viewer may see them (docs/product-rules.md §3, §4, §6): `is_online` already applies the
 * invisible rule for non-female viewers, and the last-active time is there (else 0) only for
 * female viewers of members they don't see online. Both come from the activity this viewer may
 * know of (the lists' activityColumn): the real one, or the last visible one.
 */
export function presentMemberCard(row: MemberRow, viewer: { sex: number }, now: number): MemberCardWire {
  const activeAt = seesThroughInvisible(viewer.sex) ? row.last_active_at : row.shown_active_at;
  const raw = { is_online: flag(activeWithinWindow(activeAt, now)), is_yin: flag(row.is_yin) };
  return {
    id: row.id,
    avatar: row.avatar,
    username: row.username,
    vip: effectiveVip({ vip: row.vip, overduedate_1: seconds(row.vip1_until), overduedate_2: seconds(row.vip2_until) }, seconds(now)),
    sex: row.sex,
    birthday: row.birthday,
    is_online: flag(isShownOnline(viewer.sex, raw)),
    is_yin: raw.is_yin,
    is_like: flag(row.is_like),
    country: row.country,
    signature: row.signature,
    is_auth: flag(row.is_auth),
    last_login_time: showsLastActive(viewer.sex, raw) ? seconds(activeAt) : 0,
  };
}

export function presentMemberPage(page: MemberPage, viewer: { sex: number }): MemberPageWire {
  return {
    data: page.rows.map((row) => presentMemberCard(row, viewer, page.at)),
    user: { vip: page.viewerVip },
    page: page.page,
    last_page: page.lastPage,
    total: page.total,
  };
}

export function presentMemberDetail(detail: MemberDetail, viewer: { sex: number }): MemberDetailWire {
  return {
    ...presentMemberCard(detail.row, viewer, detail.at),
    likecount: detail.likecount,
    backphotos: detail.backphotos.map(({ id, img }) => ({ id, img })),
    newfeedcount: detail.newfeedcount,
  };
}
