import { DownOutlined, MessageOutlined } from '@ant-design/icons';
import { Badge, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUnreadChats } from '../../chat/use-chat';
import { ContactList } from './ContactList';
import { useOpenChatWindow } from './use-open-chat-window';
import { useChatWindows } from './window-store';

/** The dock's list fills the 370 px the dock moves up by when it is shown (docs/product-rules.md §4), search included. */
const DOCK_LIST_HEIGHT = 370 - 48;

/**
 * The chat list at the bottom right. Closed, it is a round launcher with the unread count, small
 * enough to sit beside the page instead of on it (issue 13); open, the 300 px panel with the list.
 */
export function ChatDock() {
  const { t } = useTranslation('desktop');
  const open = useChatWindows((s) => s.panel === 'list');
  const setPanel = useChatWindows((s) => s.setPanel);
  const openWindow = useOpenChatWindow();
  const unread = useUnreadChats();

  return (
    <section className={`kd-chat-dock${open ? ' is-open' : ''}`} data-testid="chat-dock">
      {open ? (
        <div className="kd-chat-panel">
          <button type="button" className="kd-chat-bar" onClick={() => setPanel('none')} aria-expanded data-testid="chat-dock-bar">
            <MessageOutlined />
            <strong>{t('chat.dock')}</strong>
            <Badge count={unread} overflowCount={99} size="small" data-testid="chat-dock-unread" />
            <span className="kd-grow" />
            <DownOutlined />
          </button>
          <div className="kd-chat-dock-body">
            <ContactList compact height={DOCK_LIST_HEIGHT} onSelect={(uid) => openWindow(uid, 'list')} />
          </div>
        </div>
      ) : (
        <Tooltip title={t('chat.dock')} placement="left">
          <button type="button" className="kd-chat-launcher is-chats" onClick={() => setPanel('list')} aria-expanded={false} aria-label={t('chat.dock')} data-testid="chat-dock-bar">
            <Badge count={unread} overflowCount={99} size="small" offset={[4, -4]} data-testid="chat-dock-unread">
              <MessageOutlined />
            </Badge>
          </button>
        </Tooltip>
      )}
    </section>
  );
}
