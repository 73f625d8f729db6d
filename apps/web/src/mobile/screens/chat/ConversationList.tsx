import { Sex, type ConversationWire } from '@kindred/protocol';
import { DotLoading, SearchBar, SwipeAction } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useContacts } from '../../../chat/use-chat';
import { useSession } from '../../../state/session';
import { ChatIcon } from '../../icons';
import { ContactRow } from './ContactRow';
import { useDeleteConversation } from './use-delete-conversation';
import { chatPath } from './use-start-chat';
import './chat-list.css';
import '../discovery/discovery.css';

/**
 * The chat list's body, shared by the Messages tab and /m/home/chat/list: search by name, the
 * conversations newest first, and for women (docs/product-rules.md §6) swipe left to delete one.
 */
export function ConversationList() {
  const { t } = useTranslation('mobile');
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const { contacts, synced } = useContacts(search);
  const canSwipe = useSession((s) => s.user?.sex === Sex.female);
  const deleteConversation = useDeleteConversation();

  const open = (contact: ConversationWire) => navigate(chatPath(contact.uid, 'list'));

  let body;
  if (!synced) {
    body = (
      <div className="m-list-state" role="status" aria-label={t('common:messages.loading')}>
        <DotLoading color="primary" />
      </div>
    );
  } else if (!contacts.length) {
    body = (
      <div className="m-list-state" data-testid="chat-list-empty">
        <ChatIcon className="m-chat-state-icon" />
        <p>{search.trim() ? t('chat.noMatch') : t('chat.empty')}</p>
        {search.trim() ? null : <p className="m-chat-state-hint">{t('chat.emptyHint')}</p>}
      </div>
    );
  } else {
    body = (
      <ul className="m-contacts" data-testid="chat-list">
        {contacts.map((contact) => (
          <li key={contact.uid}>
            {canSwipe ? (
              <SwipeAction
                rightActions={[
                  { key: 'delete', text: t('chat.delete'), color: 'danger', onClick: () => void deleteConversation(contact) },
                ]}
              >
                <ContactRow contact={contact} onOpen={open} />
              </SwipeAction>
            ) : (
              <ContactRow contact={contact} onOpen={open} />
            )}
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section className="m-chat-list">
      <div className="m-chat-search">
        <SearchBar placeholder={t('chat.search')} value={search} onChange={setSearch} aria-label={t('chat.search')} data-testid="chat-search" />
      </div>
      {body}
    </section>
  );
}
