import { unreadTotal } from './chat-reducer';
import { useChat } from './chat-store';

/**
 * Hands `listener` the unread-message count now and on every change; answers the unsubscribe. For
 * a badge drawn before the chat's modules load (the phone's tab bar), where a hook on the store
 * would bring them into the first screen.
 */
export function watchUnreadChats(listener: (unread: number) => void): () => void {
  listener(unreadTotal(useChat.getState().contacts));
  return useChat.subscribe((s) => listener(unreadTotal(s.contacts)));
}
