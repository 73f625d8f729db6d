import { ActionSheet } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronLeftIcon } from '../../icons';
import { useGoBack } from '../../use-go-back';
import { useTitle } from '../../use-title';
import { MoreIcon } from './chat-icons';

export interface ChatHeaderProps {
  name: string;
  /** Under the name: online / offline, or the support line. */
  status: string;
  online: boolean;
  back: string;
  onDelete: () => void;
  /** Block the other member (not offered for the support account). */
  onBlock?: () => void;
}

/** The conversation's bar: back, the other member's name and state, and a menu with "delete conversation". */
export function ChatHeader({ name, status, online, back, onDelete, onBlock }: ChatHeaderProps) {
  const { t } = useTranslation('mobile');
  const goBack = useGoBack(back);
  const [menu, setMenu] = useState(false);
  useTitle(name || t('chat.title'));
  return (
    <header className="m-navbar m-chat-bar">
      <button type="button" className="m-nav-back" onClick={goBack} aria-label={t('common:actions.back')} data-testid="nav-back">
        <ChevronLeftIcon />
      </button>
      <div className="m-chat-bar-title">
        <h1 data-testid="chat-peer-name">{name}</h1>
        <span className={`m-chat-bar-status${online ? ' is-online' : ''}`} data-testid="chat-peer-status" data-online={online ? 1 : 0}>
          {online ? <span className="m-chat-bar-dot" aria-hidden="true" /> : null}
          {status}
        </span>
      </div>
      <button type="button" className="m-nav-back" onClick={() => setMenu(true)} aria-label={t('chat.more')} data-testid="chat-menu">
        <MoreIcon />
      </button>
      <ActionSheet
        visible={menu}
        onClose={() => setMenu(false)}
        cancelText={t('common:actions.cancel')}
        actions={[
          { key: 'delete', text: t('chat.deleteConversation'), danger: true, onClick: onDelete },
          ...(onBlock ? [{ key: 'block', text: <span data-testid="chat-block">{t('blocking.blockMember', { name })}</span>, danger: true, onClick: onBlock }] : []),
        ]}
      />
    </header>
  );
}
