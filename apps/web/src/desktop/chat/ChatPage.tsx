import { MessageOutlined } from '@ant-design/icons';
import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useChat } from '../../chat/chat-store';
import { useContact } from '../../chat/use-chat';
import { useChatPeer } from '../../chat/use-chat-peer';
import { Avatar } from '../../ui/Avatar';
import { chatPageUrl, parseAddress } from './chat-view';
import { ContactList } from './ContactList';
import { ConversationHeader } from './ConversationHeader';
import { ConversationView } from './ConversationView';
import { useChatWindows } from './window-store';
import './chat.css';

/** docs/product-rules.md §2: the chat list's scroll area is 540 px high. */
const LIST_HEIGHT = 540;

/**
 * /w/home/chat: the chat list beside the open conversation. The conversation is in the address
 * (`?uid=`, and `&from=` when a member page or window sent the member here), so pages link to it.
 */
export function ChatPage() {
  const { t } = useTranslation('desktop');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const uid = Number(params.get('uid')) || 0;
  const address = parseAddress(params.get('from'));
  const contact = useContact(uid);
  const peer = useChatPeer(uid);

  const leave = () => {
    useChatWindows.getState().close(uid);
    navigate('/w/home/chat', { replace: true });
  };
  const remove = () => {
    useChat.getState().remove(uid);
    leave();
  };

  return (
    <div className="kd-card kd-chat-page" data-testid="chat-page">
      <aside className="kd-chat-side">
        <h1 className="kd-chat-title">{t('chat.title')}</h1>
        <ContactList selected={uid} onSelect={(id) => navigate(chatPageUrl(id))} height={LIST_HEIGHT} />
      </aside>
      <section className="kd-chat-main">
        {uid ? (
          <>
            {contact ? (
              <ConversationHeader contact={contact} onDelete={remove} onBlocked={leave} />
            ) : (
              // Not in the chat list (yet, or refused by the server): still who it is with.
              <header className="kd-chat-head" data-testid="chat-head">
                {peer ? <Avatar src={peer.avatar} name={peer.username} size={44} /> : <Spin size="small" />}
                {peer ? <strong className="kd-member-name">{peer.username}</strong> : null}
              </header>
            )}
            <ConversationView key={uid} uid={uid} address={address} full />
          </>
        ) : (
          <div className="kd-chat-pick">
            <MessageOutlined />
            <p>{t('chat.pick')}</p>
          </div>
        )}
      </section>
    </div>
  );
}
