import { NoticeStatus, type NoticeWire } from '@kindred/protocol';
import type { NoticeRow } from '../../db/schema.js';

interface NoticePayload {
  content?: string;
  result?: string;
  gift?: NoticeWire['gift'];
}

export function presentNotice(row: NoticeRow): NoticeWire {
  let payload: NoticePayload = {};
  try {
    payload = JSON.parse(row.payload) as NoticePayload;
  } catch {
    payload = {};
  }
  return {
    id: row.id,
    type: row.type,
    status: row.status === NoticeStatus.read ? NoticeStatus.read : NoticeStatus.unread,
    create_time: Math.floor(row.created_at / 1000),
    content: payload.content ?? '',
    ...(payload.result !== undefined ? { result: payload.result } : {}),
    ...(payload.gift ? { gift: payload.gift } : {}),
  };
}
