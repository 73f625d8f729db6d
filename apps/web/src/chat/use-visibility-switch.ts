import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useVisibilityMutation } from '../api/account';
import { useErrorText } from '../api/errors';
import { useSession } from '../state/session';
import type { ChatSignal } from './chat-store';
import { useChat } from './chat-store';
import { useChatSignals, useChatStatus } from './use-chat';

/** No answer to opt 9 by then: the switch gives up waiting (the member may tap again). */
const ANSWER_TIMEOUT_MS = 10_000;

/** How each interface tells the member what happened (a toast on /m, a message on /w). */
export interface VisibilityFeedback {
  changed(visible: boolean): void;
  failed(text: string): void;
}

/**
 * The online / invisible switch (women only, docs/product-rules.md §4) of both interfaces. With the live
 * connection open it sends opt 9 and the server's kind 4 sets the session's `is_yin`; without it the
 * HTTP call does the same, so the switch works while the chat reconnects.
 */
export function useVisibilitySwitch(feedback: VisibilityFeedback) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const isYin = useSession((s) => s.user?.is_yin);
  const status = useChatStatus();
  const http = useVisibilityMutation();
  const [awaiting, setAwaiting] = useState<0 | 1 | null>(null);
  // The interfaces pass a fresh object each render; the effects below must not restart for it.
  const tell = useRef(feedback);
  tell.current = feedback;

  useEffect(() => {
    if (awaiting === null) return;
    if (isYin === awaiting) {
      tell.current.changed(awaiting === 1);
      setAwaiting(null);
      return;
    }
    if (status !== 'open') {
      setAwaiting(null);
      return;
    }
    const timer = setTimeout(() => {
      setAwaiting(null);
      tell.current.failed(t('messages.modifyFailed'));
    }, ANSWER_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [awaiting, isYin, status, t]);

  const onSignal = useCallback(
    (signal: ChatSignal) => {
      if (awaiting === null || signal.type !== 'refused' || signal.uid !== undefined) return;
      setAwaiting(null);
      tell.current.failed(t(`errors.${signal.error}`, { defaultValue: signal.msg }));
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
      tell.current.changed(online);
    } catch (error) {
      tell.current.failed(errorText(error, 'messages.modifyFailed'));
    }
  };

  // The switch moves as soon as it is chosen and moves back if the server refuses (issue 13).
  const target = awaiting ?? (http.isPending ? http.variables : undefined);
  return { visible: target !== undefined ? target === 1 : isYin === 1, pending: awaiting !== null || http.isPending, toggle };
}
