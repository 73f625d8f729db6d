import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatSignal } from '../../../chat/chat-store';
import { reactToRefusal } from '../../../chat/refusals';
import { useChatSignals } from '../../../chat/use-chat';
import { toastFail } from '../../toast';
import { useUpgradeRedirect } from '../discovery/use-upgrade-redirect';

/**
 * The server's refusals while a conversation is on screen, read by chat/refusals.ts: this screen
 * says "no free chat left" itself, in place of the input; kind 8 moves to the upgrade page after
 * 1.5 s. Refusals about another conversation are not this screen's business.
 */
export function useChatRefusals(uid: number): void {
  const { t } = useTranslation();
  const upgrade = useUpgradeRedirect();
  const handle = useCallback(
    (signal: ChatSignal) => {
      if (signal.type === 'refused' && signal.uid !== undefined && signal.uid !== uid) return;
      const reaction = reactToRefusal(signal, () => true, t);
      if (reaction.kind === 'upgrade') upgrade();
      else if (reaction.kind === 'notice') toastFail(reaction.text);
    },
    [t, uid, upgrade],
  );
  useChatSignals(handle);
}
