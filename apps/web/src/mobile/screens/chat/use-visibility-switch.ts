import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useVisibilityMutation } from '../../../api/account';
import { useErrorText } from '../../../api/errors';
import type { ChatSignal } from '../../../chat/chat-store';
import { useChat } from '../../../chat/chat-store';
import { useChatSignals, useChatStatus } from '../../../chat/use-chat';
import { useSession } from '../../../state/session';
import { toastFail, toastSuccess } from '../../toast';

/** No answer to opt 9 by then: the switch gives up waiting (the member may tap again). */
const ANSWER_TIMEOUT_MS = 10_000;

/**
 * The Mine page's online / invisible switch (women only, spec section 4). With the live connection
 * open it sends opt 9 and the server's kind 4 sets the session's `is_yin`; without it the HTTP call
 * does the same, so the switch works while the chat reconnects.
 */
export function useVisibilitySwitch() {
  const { t } = useTranslation('mobile');
  const errorText = useErrorText();
  const isYin = useSession((s) => s.user?.is_yin);
  const status = useChatStatus();
  const http = useVisibilityMutation();
  const [awaiting, setAwaiting] = useState<0 | 1 | null>(null);

  useEffect(() => {
    if (awaiting === null) return;
    if (isYin === awaiting) {
      toastSuccess(t(awaiting ? 'mine.visibilityOn' : 'mine.visibilityOff'));
      setAwaiting(null);
      return;
    }
    if (status !== 'open') {
      setAwaiting(null);
      return;
    }
    const timer = setTimeout(() => {
      setAwaiting(null);
      toastFail(t('common:messages.modifyFailed'));
    }, ANSWER_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [awaiting, isYin, status, t]);

  const onSignal = useCallback(
    (signal: ChatSignal) => {
      if (awaiting === null || signal.type !== 'refused' || signal.uid !== undefined) return;
      setAwaiting(null);
      toastFail(t(`common:errors.${signal.error}`, { defaultValue: signal.msg }));
    },
    [awaiting, t],
  );
  useChatSignals(onSignal);

  const toggle = async (online: boolean) => {
    const target = online ? 1 : 0;
    if (status === 'open') {
      setAwaiting(target);
      useChat.getState().setVisibility(target);
      return;
    }
    try {
      await http.mutateAsync(target);
      toastSuccess(t(online ? 'mine.visibilityOn' : 'mine.visibilityOff'));
    } catch (error) {
      toastFail(errorText(error, 'messages.modifyFailed'));
    }
  };

  return { visible: isYin === 1, pending: awaiting !== null || http.isPending, toggle };
}
