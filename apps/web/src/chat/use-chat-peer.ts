import { useMemberDetailQuery } from '../api/members';
import { useContact } from './use-chat';

/** Who a conversation is with, as its header shows them. */
export interface ChatPeer {
  username: string;
  avatar: string;
}

/**
 * The name and avatar of the member a conversation is with: from the chat list, else from where it
 * was opened (a member card knows them), else from the member's profile. A conversation the server
 * refused to open is not in the chat list, and used to show "…" and no picture (issue 13).
 */
export function useChatPeer(uid: number, known?: ChatPeer): ChatPeer | undefined {
  const contact = useContact(uid);
  const listed = contact ? { username: contact.username, avatar: contact.avatar } : undefined;
  const detail = useMemberDetailQuery(listed || known ? undefined : uid);
  if (listed) return listed;
  if (known) return known;
  return detail.data ? { username: detail.data.username, avatar: detail.data.avatar } : undefined;
}
