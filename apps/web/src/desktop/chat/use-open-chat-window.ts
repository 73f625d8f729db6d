import { SUPPORT_ACCOUNT_ID, type ChatAddress } from '@kindred/protocol';
import { useCallback } from 'react';
import type { ChatPeer } from '../../chat/use-chat-peer';
import { useSession } from '../../state/session';
import { useChatWindows } from './window-store';

/**
 * Opens a member's conversation in a floating window (member cards, profiles). The support account
 * opens in the customer-service widget instead; your own card opens nothing.
 */
export function useOpenChatWindow() {
  const me = useSession((s) => s.user?.id);
  return useCallback(
    (uid: number, address: ChatAddress = 'member', peer?: ChatPeer) => {
      if (uid === me) return;
      const store = useChatWindows.getState();
      if (uid === SUPPORT_ACCOUNT_ID) store.setPanel('service');
      else store.open(uid, address, peer);
    },
    [me],
  );
}
