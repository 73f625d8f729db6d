import { TIMINGS } from '@kindred/protocol';
import { App } from 'antd';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useChat, type ChatSignal } from '../../chat/chat-store';
import { reactToRefusal } from '../../chat/refusals';
import { useChatSignals } from '../../chat/use-chat';
import { useChatWindows } from './window-store';

/**
 * The server's refusals, shown once for the whole desktop (mounted by the floating chat, which every
 * signed-in /w/home page has), read by chat/refusals.ts. The upgrade page opens after 1.5 s and
 * closes that member's window.
 */
export function useChatRefusals(): void {
  const { message } = App.useApp();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const handler = useCallback(
    (signal: ChatSignal) => {
      const onScreen = (uid: number | undefined) => uid !== undefined && (useChat.getState().viewing[uid] ?? 0) > 0;
      const reaction = reactToRefusal(signal, onScreen, t);
      if (reaction.kind === 'none') return;
      if (reaction.kind === 'notice' && reaction.level === 'error') return void message.error(reaction.text);
      void message.warning(reaction.text);
      if (reaction.kind === 'upgrade') {
        // Its window would ask again on every page, the upgrade page included.
        if (reaction.uid) useChatWindows.getState().close(reaction.uid);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => navigate('/w/home/upgrade'), TIMINGS.upgradeRedirectMs);
      }
    },
    [message, navigate, t],
  );
  useChatSignals(handler);
}
