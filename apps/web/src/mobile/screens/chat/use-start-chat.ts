import { SUPPORT_ACCOUNT_ID, type ChatAddress } from '@kindred/protocol';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';

/** Where a conversation may be opened from on /m (the server checks vip 0 against 'list' and 'trend'). */
export type MobileChatOrigin = Extract<ChatAddress, 'list' | 'trend' | 'member' | 'profile'>;
export const MOBILE_CHAT_ORIGINS: readonly MobileChatOrigin[] = ['list', 'trend', 'member', 'profile'];

/** The screen of a conversation: support has its own (docs/product-rules.md §4), everyone else /m/home/chat/index. */
export function chatPath(uid: number, from: MobileChatOrigin = 'list'): string {
  if (uid === SUPPORT_ACCOUNT_ID) return '/m/home/chat/service';
  return from === 'list' ? `/m/home/chat/index?uid=${uid}` : `/m/home/chat/index?uid=${uid}&from=${from}`;
}

/**
 * Opens a chat with a member from somewhere else than the chat list, e.g. a profile's "chat" button:
 * `const startChat = useStartChat('profile'); startChat(member.id)`.
 */
export function useStartChat(from: MobileChatOrigin = 'profile'): (uid: number) => void {
  const navigate = useNavigate();
  return useCallback((uid: number) => navigate(chatPath(uid, from)), [navigate, from]);
}
