import { CloseOutlined, ExpandAltOutlined, MinusOutlined, UpOutlined } from '@ant-design/icons';
import { Badge, Button, Tooltip } from 'antd';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useContact } from '../../chat/use-chat';
import { useChatPeer } from '../../chat/use-chat-peer';
import { Avatar } from '../../ui/Avatar';
import { OnlineDot } from '../components/members/OnlineStatus';
import { SUPPORT_ACCOUNT_ID } from '@kindred/protocol';
import { BlockButton } from '../screens/blocking/BlockButton';
import { chatPageUrl, contactPresence } from './chat-view';
import { ConversationView } from './ConversationView';
import { useChatWindows, type ChatWindow } from './window-store';

/** A small floating conversation (300 px wide); collapsed it is a title bar and its messages count as unread. */
export function ChatWindowBox({ window: w }: { window: ChatWindow }) {
  const { t } = useTranslation('desktop');
  const navigate = useNavigate();
  const contact = useContact(w.uid);
  // The name and picture stay even when the server refuses the conversation (issue 13).
  const peer = useChatPeer(w.uid, w.peer);
  const { toggle, close } = useChatWindows.getState();
  const name = peer?.username ?? '…';
  const stop = (action: () => void) => (e: MouseEvent) => {
    e.stopPropagation();
    action();
  };

  return (
    <section className={`kd-chat-window${w.collapsed ? ' is-collapsed' : ''}`} data-testid="chat-window" data-uid={w.uid} aria-label={name}>
      <header className="kd-chat-window-head" onClick={() => toggle(w.uid)}>
        <span className="kd-member-photo kd-chat-mini-photo">
          <Avatar src={peer?.avatar} name={name} size={28} />
          {contact ? <OnlineDot member={contactPresence(contact)} /> : null}
        </span>
        <strong className="kd-chat-window-name" data-testid="chat-window-name">
          {name}
        </strong>
        {w.collapsed && contact?.count ? <Badge count={contact.count} overflowCount={99} size="small" /> : null}
        <span className="kd-grow" />
        {w.uid === SUPPORT_ACCOUNT_ID || !peer ? null : <BlockButton compact member={{ id: w.uid, username: peer.username }} onBlocked={() => close(w.uid)} />}
        <Tooltip title={t('chat.openPage')}>
          <Button type="text" size="small" icon={<ExpandAltOutlined />} aria-label={t('chat.openPage')} onClick={stop(() => navigate(chatPageUrl(w.uid, w.address)))} data-testid="chat-window-page" />
        </Tooltip>
        <Tooltip title={w.collapsed ? t('chat.expand') : t('chat.collapse')}>
          <Button
            type="text"
            size="small"
            icon={w.collapsed ? <UpOutlined /> : <MinusOutlined />}
            aria-label={w.collapsed ? t('chat.expand') : t('chat.collapse')}
            aria-expanded={!w.collapsed}
            onClick={stop(() => toggle(w.uid))}
            data-testid="chat-window-toggle"
          />
        </Tooltip>
        <Tooltip title={t('common:actions.close')}>
          <Button type="text" size="small" icon={<CloseOutlined />} aria-label={t('common:actions.close')} onClick={stop(() => close(w.uid))} data-testid="chat-window-close" />
        </Tooltip>
      </header>
      {w.collapsed ? null : (
        <div className="kd-chat-window-body">
          <ConversationView key={w.uid} uid={w.uid} address={w.address} peer={w.peer} />
        </div>
      )}
    </section>
  );
}
