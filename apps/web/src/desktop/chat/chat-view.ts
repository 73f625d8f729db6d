import { CHAT_ADDRESSES, type ChatAddress, type ConversationWire } from '@kindred/protocol';

/** A contact as the online rules read it; the chat list carries no last-active time. */
export const contactPresence = (c: Pick<ConversationWire, 'is_online' | 'is_yin'>) => ({ is_online: c.is_online, is_yin: c.is_yin, last_login_time: 0 });

/** The chat page's `?from=` names where the conversation was opened; the list itself is 'list'. */
export function parseAddress(value: string | null): ChatAddress {
  return CHAT_ADDRESSES.includes(value as ChatAddress) ? (value as ChatAddress) : 'list';
}

/** The chat page's address for a conversation, e.g. from a floating window's "open" button. */
export const chatPageUrl = (uid: number, from?: ChatAddress) => `/w/home/chat?uid=${uid}${from && from !== 'list' ? `&from=${from}` : ''}`;
