import { KIND, TIMINGS } from '@kindred/protocol';
import { App } from 'antd';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useChatSignals } from '../../chat/use-chat';
import { useChat, type ChatSignal } from '../../chat/chat-store';
import { useChatWindows } from './window-store';

/**
 * The server's refusals, shown once for the whole desktop (mounted by the floating chat, which every
 * signed-in /w/home page has): kind 7 says the free chats are used up, kind 8 says so and opens the
 * upgrade page after 1.5 s (closing that member's window), kind 10 names the refusal. Messages travel as error ids, translated here.
 */
export function useChatRefusals(): void {
  const { message } = App.useApp();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const handler = useCallback(
    (signal: ChatSignal) => {
      if (signal.type !== 'refused' || signal.error === 'unauthorized') return;
      // A conversation on screen refused for good says why itself, once, with the upgrade (issue 13):
      // no toast per attempt (opening it, then each message).
      if (signal.kind === KIND.noFreeChat && signal.uid !== undefined && (useChat.getState().viewing[signal.uid] ?? 0) > 0) return;
      const text = t(`errors.${signal.error}`, { defaultValue: signal.msg || t('errors.generic') });
      if (signal.kind === KIND.error) return void message.error(text);
      void message.warning(text);
      if (signal.kind === KIND.needUpgrade) {
        // Its window would ask again on every page, the upgrade page included.
        if (signal.uid) useChatWindows.getState().close(signal.uid);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => navigate('/w/home/upgrade'), TIMINGS.upgradeRedirectMs);
      }
    },
    [message, navigate, t],
  );
  useChatSignals(handler);
}
