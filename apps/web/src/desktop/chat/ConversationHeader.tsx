import { DeleteOutlined } from '@ant-design/icons';
import type { ConversationWire } from '@kindred/protocol';
import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../ui/Avatar';
import { MemberName } from '../components/members/MemberName';
import { OnlineDot, OnlineText } from '../components/members/OnlineStatus';
import { BlockButton } from '../screens/blocking/BlockButton';
import { contactPresence } from './chat-view';

/** The chat page's conversation head: who, whether online, deleting the conversation (this side only) and blocking. */
export function ConversationHeader({ contact, onDelete, onBlocked }: { contact: ConversationWire; onDelete: () => void; onBlocked: () => void }) {
  const { t } = useTranslation('desktop');
  const service = contact.is_service === 1;
  const member = { id: contact.uid, username: contact.username, vip: contact.vip };
  return (
    <header className="kd-chat-head" data-testid="chat-head">
      <Link to={`/w/home/user/detail/${contact.uid}`} className="kd-member-photo kd-chat-head-photo" aria-label={contact.username}>
        <Avatar src={contact.avatar} name={contact.username} size={44} />
        <OnlineDot member={contactPresence(contact)} />
      </Link>
      <div className="kd-chat-head-id">
        <MemberName member={member} link={!service} />
        <span className="kd-chat-head-presence">{service ? t('chat.supportHint') : <OnlineText member={contactPresence(contact)} />}</span>
      </div>
      <span className="kd-grow" />
      {service ? null : <BlockButton member={{ id: contact.uid, username: contact.username }} onBlocked={onBlocked} />}
      <Popconfirm title={t('chat.deleteConfirm', { name: contact.username })} okButtonProps={{ danger: true }} okText={t('chat.delete')} onConfirm={onDelete}>
        <Button type="text" danger icon={<DeleteOutlined />} data-testid="chat-delete">
          {t('chat.delete')}
        </Button>
      </Popconfirm>
    </header>
  );
}
