import { badgeCount, effectiveVip, isShownOnline, LIMITS, SUPPORT_ACCOUNT_ID, type ConversationWire, type MessageWire } from '@kindred/protocol';
import type { MessageRow, UserRow } from '../../db/schema.js';
import type { ContactRow } from './conversations.repository.js';

const seconds = (ms: number) => Math.floor(ms / 1000);

/** `locked`: the reader may not read chat messages (no Read_chat_messages), so only the envelope travels. */
export function presentMessage(row: MessageRow, locked = false): MessageWire {
  return {
    id: row.id,
    sender_id: row.sender_id,
    reciver_id: row.reciver_id,
    type: row.type,
    content: locked ? '' : row.content,
    img: locked ? '' : row.img,
    mid: row.sender_id,
    ndate: row.created_at,
    create_time: seconds(row.created_at),
    client_id: row.client_id,
    locked: locked ? 1 : 0,
  };
}

export interface Viewer {
  sex: number;
}

/**
 * is_online as this viewer may see it: an invisible member is offline to men (docs/product-rules.md §4), so
 * the raw state never reaches a client that must not show it.
 */
export function visibleOnline(viewer: Viewer, online: boolean, isYin: number): 0 | 1 {
  return isShownOnline(viewer.sex, { is_online: online ? 1 : 0, is_yin: isYin }) ? 1 : 0;
}

type PeerFields = Pick<UserRow, 'username' | 'avatar' | 'sex' | 'vip' | 'vip1_until' | 'vip2_until' | 'is_yin'>;

function peerVip(peer: PeerFields, now: number): number {
  return effectiveVip({ vip: peer.vip, overduedate_1: seconds(peer.vip1_until), overduedate_2: seconds(peer.vip2_until) }, seconds(now));
}

export function presentContact(row: ContactRow, viewer: Viewer, online: boolean, now: number, lockedContent = false): ConversationWire {
  return {
    id: row.id,
    uid: row.peer_id,
    username: row.username,
    avatar: row.avatar,
    vip: peerVip(row, now),
    sex: row.sex,
    is_online: visibleOnline(viewer, online, row.is_yin),
    is_yin: row.is_yin,
    count: badgeCount(row.unread, LIMITS.unreadBadgeCap),
    create_time: seconds(row.last_created_at ?? row.updated_at),
    content: lockedContent || row.last_type !== 'text' ? '' : (row.last_content ?? ''),
    last_type: row.last_type ?? '',
    is_service: row.peer_id === SUPPORT_ACCOUNT_ID ? 1 : 0,
  };
}

/** A member the viewer has no conversation with yet (opening a new chat): id 0, nothing unread. */
export function presentNewContact(peer: PeerFields & { id: number }, viewer: Viewer, online: boolean, now: number): ConversationWire {
  return {
    id: 0,
    uid: peer.id,
    username: peer.username,
    avatar: peer.avatar,
    vip: peerVip(peer, now),
    sex: peer.sex,
    is_online: visibleOnline(viewer, online, peer.is_yin),
    is_yin: peer.is_yin,
    count: 0,
    create_time: seconds(now),
    content: '',
    last_type: '',
    is_service: peer.id === SUPPORT_ACCOUNT_ID ? 1 : 0,
  };
}
