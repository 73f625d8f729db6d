import { DownOutlined, MessageOutlined, UpOutlined } from '@ant-design/icons';
import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUnreadChats } from '../../chat/use-chat';
import { ContactList } from './ContactList';
import { useOpenChatWindow } from './use-open-chat-window';
import { useChatWindows } from './window-store';

/** The dock's list fills the 370 px the dock moves up by when it is shown (spec section 4), search included. */
const DOCK_LIST_HEIGHT = 370 - 48;

/** The chat-list dock at the bottom right: a bar with the unread count, expanding into the list. */
export function ChatDock() {
  const { t } = useTranslation('desktop');
  const open = useChatWindows((s) => s.panel === 'list');
  const setPanel = useChatWindows((s) => s.setPanel);
  const openWindow = useOpenChatWindow();
  const unread = useUnreadChats();

  return (
    <section className={`kd-chat-dock${open ? ' is-open' : ''}`} data-testid="chat-dock">
      <button type="button" className="kd-chat-bar" onClick={() => setPanel(open ? 'none' : 'list')} aria-expanded={open} data-testid="chat-dock-bar">
        <MessageOutlined />
        <strong>{t('chat.dock')}</strong>
        <Badge count={unread} overflowCount={99} size="small" data-testid="chat-dock-unread" />
        <span className="kd-grow" />
        {open ? <DownOutlined /> : <UpOutlined />}
      </button>
      <div className="kd-chat-dock-body">{open ? <ContactList compact height={DOCK_LIST_HEIGHT} onSelect={(uid) => openWindow(uid, 'list')} /> : null}</div>
    </section>
  );
}
