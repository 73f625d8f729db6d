import type { ConversationWire } from '@kindred/protocol';
import { Badge } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../ui/Avatar';
import { EmoticonText } from '../../../ui/emoticons/EmoticonText';
import { RelativeTime } from '../../../ui/RelativeTime';
import { VipBadge } from '../../../ui/VipBadge';
import { OnlineDot } from '../discovery/Presence';

/** What the list shows of the last message: its text with emoticons, "[Image]", or nothing when withheld. */
function LastMessage({ contact }: { contact: ConversationWire }) {
  const { t } = useTranslation();
  if (contact.last_type === 'img') return <span>{t('chat.image')}</span>;
  if (contact.last_type === 'gift') return <span>{t('chat.gift')}</span>;
  return <EmoticonText text={contact.content} />;
}

/** One conversation of the chat list: avatar with online dot, name, last message, time and unread count. */
export function ContactRow({ contact, onOpen }: { contact: ConversationWire; onOpen: (contact: ConversationWire) => void }) {
  const { t } = useTranslation('mobile');
  const service = contact.is_service === 1;
  return (
    <button
      type="button"
      className={`m-contact${service ? ' is-service' : ''}`}
      onClick={() => onOpen(contact)}
      data-testid="chat-contact"
      data-uid={contact.uid}
      data-online={contact.is_online}
    >
      <span className="m-contact-avatar">
        <Avatar src={contact.avatar} name={contact.username} size={50} />
        {/* The server already applied the viewer's online rules to is_online; the dot mirrors them. */}
        <OnlineDot member={{ ...contact, last_login_time: 0 }} />
      </span>
      <span className="m-contact-body">
        <span className="m-contact-top">
          <span className={`m-contact-name${service ? ' k-support-name' : ''}`}>{contact.username}</span>
          {service ? <span className="m-contact-tag">{t('chat.support')}</span> : contact.vip > 0 ? <VipBadge vip={contact.vip} /> : null}
          <span className="m-contact-time">{contact.create_time > 0 ? <RelativeTime seconds={contact.create_time} /> : null}</span>
        </span>
        <span className="m-contact-bottom">
          <span className="m-contact-last" data-testid="chat-contact-last">
            <LastMessage contact={contact} />
          </span>
          {contact.count > 0 ? (
            <Badge content={contact.count} className="m-contact-badge" aria-label={t('chat.unread', { count: contact.count })} data-testid="chat-contact-unread" />
          ) : null}
        </span>
      </span>
    </button>
  );
}
