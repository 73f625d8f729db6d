import type { ConversationWire } from '@kindred/protocol';
import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../ui/Avatar';
import { EmoticonText } from '../../ui/emoticons/EmoticonText';
import { useRelativeTime } from '../../ui/RelativeTime';
import { MemberName } from '../components/members/MemberName';
import { OnlineDot } from '../components/members/OnlineStatus';
import { contactPresence } from './chat-view';
import '../components/members/members.css';

/** One chat-list entry: avatar with the online dot, name and badge, last message, time and unread count. */
export function ContactRow({ contact, selected, onSelect, avatarSize = 44 }: { contact: ConversationWire; selected?: boolean; onSelect: (uid: number) => void; avatarSize?: number }) {
  const { t } = useTranslation('desktop');
  const format = useRelativeTime();
  const service = contact.is_service === 1;
  const classes = ['kd-chat-contact', selected ? 'is-selected' : '', service ? 'is-service' : ''].filter(Boolean).join(' ');
  return (
    <li>
      <button
        type="button"
        className={classes}
        onClick={() => onSelect(contact.uid)}
        aria-current={selected ? 'true' : undefined}
        data-testid="chat-contact"
        data-uid={contact.uid}
        data-unread={contact.count}
      >
        <span className="kd-member-photo kd-chat-contact-photo">
          <Avatar src={contact.avatar} name={contact.username} size={avatarSize} />
          <OnlineDot member={contactPresence(contact)} />
        </span>
        <span className="kd-chat-contact-body">
          <span className="kd-chat-contact-top">
            <MemberName member={{ id: contact.uid, username: contact.username, vip: contact.vip }} link={false} />
            {service ? <span className="kd-chat-service-tag">{t('chat.support')}</span> : null}
            <span className="kd-grow" />
            {contact.create_time ? <time className="kd-chat-contact-time">{format(contact.create_time)}</time> : null}
          </span>
          <span className="kd-chat-contact-bottom">
            <span className="kd-chat-contact-last">
              {contact.last_type === 'img' ? t('common:chat.image') : contact.last_type === 'gift' ? t('common:chat.gift') : <EmoticonText text={contact.content} />}
            </span>
            <Badge count={contact.count} overflowCount={99} size="small" />
          </span>
        </span>
      </button>
    </li>
  );
}
