import { KIND } from '@kindred/protocol';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatSignal } from '../../../chat/chat-store';
import { useChatSignals } from '../../../chat/use-chat';
import { toastFail } from '../../toast';
import { useUpgradeRedirect } from '../discovery/use-upgrade-redirect';

/**
 * The server's refusals while a conversation is on screen: kind 7 (no free chat left) is said by
 * the screen itself, in place of the input;
 * kind 8 says so and moves to the upgrade page after 1.5 s, anything else (kind 10) shows the
 * translated error. Refusals about another conversation are not this screen's business.
 */
export function useChatRefusals(uid: number): void {
  const { t } = useTranslation();
  const upgrade = useUpgradeRedirect();
  const handle = useCallback(
    (signal: ChatSignal) => {
      if (signal.type !== 'refused' || (signal.uid !== undefined && signal.uid !== uid)) return;
      // No free chat left: the screen says so once, in place of the input (issue 13), not per attempt.
      if (signal.kind === KIND.noFreeChat) return;
      if (signal.kind === KIND.needUpgrade) upgrade();
      else toastFail(t(`errors.${signal.error}`, { defaultValue: signal.msg }));
    },
    [t, uid, upgrade],
  );
  useChatSignals(handle);
}
