import { SearchOutlined } from '@ant-design/icons';
import { Empty, Input, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useContacts } from '../../chat/use-chat';
import { ContactRow } from './ContactRow';

/** The searchable chat list; the scroll area has the height its place gives it (540 px on the chat page). */
export function ContactList({ selected, onSelect, height, compact = false }: { selected?: number; onSelect: (uid: number) => void; height: number; compact?: boolean }) {
  const { t } = useTranslation('desktop');
  const [search, setSearch] = useState('');
  const { contacts, synced } = useContacts(search);

  let body;
  if (!synced) body = <Spin className="kd-chat-list-spin" />;
  else if (!contacts.length)
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={search.trim() ? t('chat.noMatch') : t('chat.noContacts')} />;
  else
    body = (
      <ul className="kd-chat-contacts">
        {contacts.map((c) => (
          <ContactRow key={c.uid} contact={c} selected={c.uid === selected} onSelect={onSelect} avatarSize={compact ? 36 : 44} />
        ))}
      </ul>
    );

  return (
    <div className={compact ? 'kd-chat-list is-compact' : 'kd-chat-list'}>
      <div className="kd-chat-search">
        <Input
          allowClear
          prefix={<SearchOutlined />}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder={t('chat.search')}
          aria-label={t('chat.search')}
          data-testid="chat-search"
        />
      </div>
      <div className="kd-chat-scroll" style={{ height }} data-testid="chat-list">
        {body}
      </div>
    </div>
  );
}
