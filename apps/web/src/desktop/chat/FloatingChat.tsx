import { Badge, Button, Dropdown } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useChat } from '../../chat/chat-store';
import { useSession } from '../../state/session';
import { ChatDock } from './ChatDock';
import { ChatWindowBox } from './ChatWindowBox';
import { ServiceWidget } from './ServiceWidget';
import { useChatRefusals } from './use-chat-refusals';
import { useChatWindowsCapacity } from './use-chat-windows-capacity';
import { useChatWindows, type ChatWindow } from './window-store';
import './chat.css';

/** Windows past the capacity, behind a "+N" button; choosing one swaps it in for the last one shown. */
function HiddenWindows({ windows }: { windows: ChatWindow[] }) {
  const { t } = useTranslation('desktop');
  const contacts = useChat((s) => s.contacts);
  const swapIn = useChatWindows((s) => s.swapIn);
  const items = windows.map((w) => {
    const contact = contacts.find((c) => c.uid === w.uid);
    return {
      key: String(w.uid),
      label: (
        <span className="kd-chat-hidden-item" data-testid="chat-hidden-window" data-uid={w.uid}>
          {contact?.username ?? w.peer?.username ?? '…'}
          <Badge count={contact?.count ?? 0} overflowCount={99} size="small" />
        </span>
      ),
    };
  });
  return (
    <Dropdown trigger={['click']} placement="topRight" menu={{ items, onClick: ({ key }) => swapIn(Number(key)) }}>
      <Button shape="round" className="kd-chat-more" aria-label={t('chat.moreWindows', { count: windows.length })} data-testid="chat-windows-more">
        +{windows.length}
      </Button>
    </Dropdown>
  );
}

/**
 * The floating chat of every signed-in /w/home page but the chat page itself: the customer-service
 * and chat-list launchers (each opening a 300 px panel) at the bottom right, and to their left as
 * many conversation windows as the viewport holds. It also shows the chat's refusals everywhere.
 */
export function FloatingChat() {
  useChatRefusals();
  useChatWindowsCapacity();
  const { pathname } = useLocation();
  const me = useSession((s) => s.user?.id);
  const windows = useChatWindows((s) => s.windows);
  const capacity = useChatWindows((s) => s.capacity);

  // Another member signing in on this tab starts with no windows.
  useEffect(() => () => useChatWindows.getState().reset(), [me]);

  if (!pathname.startsWith('/w/home/') || pathname.startsWith('/w/home/chat')) return null;
  const shown = windows.slice(0, capacity);
  const hidden = windows.slice(capacity);
  return (
    <div className="kd-chat-float" data-testid="floating-chat" data-capacity={capacity}>
      <div className="kd-chat-column">
        <ServiceWidget />
        <ChatDock />
      </div>
      {shown.map((w) => (
        <ChatWindowBox key={w.uid} window={w} />
      ))}
      {hidden.length ? <HiddenWindows windows={hidden} /> : null}
    </div>
  );
}
