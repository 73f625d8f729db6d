import { SUPPORT_ACCOUNT_ID, TRANSLATE_TARGETS, type ChatAddress, type MessageWire } from '@kindred/protocol';
import { ActionSheet } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isBlockRefusal, refusalShownInPlace } from '../../../chat/chat-reducer';
import { useChat } from '../../../chat/chat-store';
import { useContact, useChatStatus, useConversation } from '../../../chat/use-chat';
import { useChatPeer } from '../../../chat/use-chat-peer';
import { useSession } from '../../../state/session';
import { useNavigate } from 'react-router';
import { useGoBack } from '../../use-go-back';
import { UPGRADE_PATH } from '../discovery/use-upgrade-redirect';
import { ChatBlockedFooter } from '../blocking/ChatBlockedFooter';
import { useBlockMember } from '../blocking/use-block-member';
import { ChatComposer } from './ChatComposer';
import { ChatHeader } from './ChatHeader';
import { lineKey } from '../../../chat/message-lines';
import { MessageLines } from './MessageLines';
import { useChatRefusals } from './use-chat-refusals';
import { useDeleteConversation } from './use-delete-conversation';
import { useStickToBottom } from './use-stick-to-bottom';
import { useTranslations } from './use-translations';
import './conversation.css';

const TARGET_LABEL = { zh: 'chat.toZh', cht: 'chat.toCht', en: 'chat.toEn' } as const;

/**
 * A one-to-one conversation on its own screen (/m/home/chat/index and the support chat): header,
 * connection line, messages, input. Mounting it opens the conversation on the server (opt 0) and
 * keeps it read while shown.
 */
export function ConversationView({ uid, address, back }: { uid: number; address: ChatAddress; back: string }) {
  const { t } = useTranslation('mobile');
  const user = useSession((s) => s.user);
  const contact = useContact(uid);
  // Name and picture even when the conversation is not in the list (refused, or not loaded yet).
  const peer = useChatPeer(uid);
  const refusal = useChat((s) => s.refusals[uid]);
  const navigate = useNavigate();
  const status = useChatStatus();
  const conversation = useConversation(uid, address);
  const { items, translate } = useTranslations();
  const [translating, setTranslating] = useState<MessageWire | null>(null);
  const deleteConversation = useDeleteConversation();
  const blockMember = useBlockMember();
  const goBack = useGoBack(back);
  const firstKey = conversation.lines.length ? lineKey(conversation.lines[0]!) : undefined;
  const scroll = useStickToBottom(conversation.lines, firstKey);
  useChatRefusals(uid);

  const service = uid === SUPPORT_ACCOUNT_ID;
  const name = service ? t('titles.service') : (peer?.username ?? '');
  const online = !service && contact?.is_online === 1;
  const connection = status === 'open' ? null : status === 'reconnecting' ? 'reconnecting' : status === 'closed' ? 'closed' : 'connecting';

  return (
    <div className="m-chat" data-testid={service ? 'service-chat' : 'chat-screen'} data-uid={uid}>
      <ChatHeader
        name={name}
        online={online}
        status={service ? t('chat.serviceStatus') : contact ? t(online ? 'chat.online' : 'chat.offline') : ''}
        back={back}
        onDelete={() => void deleteConversation({ uid, username: name }).then((done) => done && goBack())}
        onBlock={service ? undefined : () => void blockMember({ id: uid, username: name }).then((done) => done && goBack())}
      />
      {connection ? (
        <div className="m-chat-connection" role="status" data-testid="chat-connection">
          {t(`common:chat.${connection}`)}
        </div>
      ) : null}
      <MessageLines
        lines={conversation.lines}
        loaded={conversation.loaded || refusalShownInPlace(refusal)}
        more={conversation.more}
        meId={user?.id ?? 0}
        self={{ name: user?.username ?? '', avatar: user?.avatar ?? '' }}
        peer={{ name, avatar: peer?.avatar ?? '' }}
        empty={refusalShownInPlace(refusal) ? null : service ? t('chat.serviceWelcome') : t('chat.sayHello', { name })}
        translations={items}
        onLoadEarlier={conversation.loadHistory}
        onTranslate={setTranslating}
        onRetry={conversation.retry}
        scroll={scroll}
      />
      {isBlockRefusal(refusal) ? (
        <ChatBlockedFooter refusal={refusal} member={{ id: uid, username: name }} />
      ) : refusalShownInPlace(refusal) ? (
        // Refused for a reason sending again cannot change: said once, here, with the upgrade (issue 13).
        <footer className="m-chat-refusal" role="status" data-testid="chat-refusal" data-error={refusal}>
          <p>{t(`common:errors.${refusal}`)}</p>
          <button type="button" className="m-chat-refusal-upgrade" onClick={() => navigate(UPGRADE_PATH)} data-testid="chat-refusal-upgrade">
            {t('chat.upgrade')}
          </button>
        </footer>
      ) : (
        <ChatComposer
          onText={(text) => {
            conversation.sendText(text);
            scroll.stick();
          }}
          onImage={(url) => {
            conversation.sendImage(url);
            scroll.stick();
          }}
        />
      )}
      <ActionSheet
        visible={translating !== null}
        onClose={() => setTranslating(null)}
        extra={t('chat.translateTo')}
        cancelText={t('common:actions.cancel')}
        actions={TRANSLATE_TARGETS.map((to) => ({
          key: to,
          text: t(TARGET_LABEL[to]),
          onClick: () => {
            if (translating) void translate(translating, to);
            setTranslating(null);
          },
        }))}
      />
    </div>
  );
}
