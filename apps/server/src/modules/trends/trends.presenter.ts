import { effectiveVip, type TrendPageWire, type TrendWire } from '@kindred/protocol';
import type { TrendRow } from './trends.repository.js';
import type { TrendPage } from './trends.service.js';

const seconds = (ms: number) => Math.floor(ms / 1000);

export function presentTrend(row: TrendRow, viewerId: number, now: number): TrendWire {
  const { author } = row;
  return {
    id: row.id,
    mid: row.user_id,
    username: author.username,
    avatar: author.avatar,
    vip: effectiveVip({ vip: author.vip, overduedate_1: seconds(author.vip1_until), overduedate_2: seconds(author.vip2_until) }, seconds(now)),
    sex: author.sex,
    birthday: author.birthday,
    type: row.type as TrendWire['type'],
    content: row.content,
    img: row.img,
    mine: row.user_id === viewerId ? 1 : 0,
    create_time: seconds(row.created_at),
  };
}

export function presentTrendPage(page: TrendPage, viewerId: number): TrendPageWire {
  const last = page.rows[page.rows.length - 1];
  return {
    data: page.rows.map((row) => presentTrend(row, viewerId, page.at)),
    has_more: page.hasMore ? 1 : 0,
    next_before: page.hasMore && last ? last.id : 0,
  };
}
