import { CHAT_ADDRESSES, type ChatAddress, type ConversationWire } from '@kindred/protocol';
import type { ChatLine } from '../../chat/use-chat';

/** A contact as the online rules read it; the chat list carries no last-active time. */
export const contactPresence = (c: Pick<ConversationWire, 'is_online' | 'is_yin'>) => ({ is_online: c.is_online, is_yin: c.is_yin, last_login_time: 0 });

export const lineKey = (line: ChatLine) => (line.kind === 'stored' ? `m${line.message.id}` : `p${line.message.client_id}`);

/** Pending lines are always the member's own. */
export const isMine = (line: ChatLine, me: number | undefined) => line.kind === 'pending' || line.message.sender_id === me;

/** When a line was written, in seconds (pending lines carry local milliseconds). */
export const lineSeconds = (line: ChatLine) => (line.kind === 'stored' ? line.message.create_time : Math.floor(line.message.ndate / 1000));

/** A time label goes above a line written this long after the one before it. */
export const TIME_GAP_SECONDS = 5 * 60;

/** The chat page's `?from=` names where the conversation was opened; the list itself is 'list'. */
export function parseAddress(value: string | null): ChatAddress {
  return CHAT_ADDRESSES.includes(value as ChatAddress) ? (value as ChatAddress) : 'list';
}

/** The chat page's address for a conversation, e.g. from a floating window's "open" button. */
export const chatPageUrl = (uid: number, from?: ChatAddress) => `/w/home/chat?uid=${uid}${from && from !== 'list' ? `&from=${from}` : ''}`;
