import { CrownOutlined, SendOutlined } from '@ant-design/icons';
import { CHAT_LIMITS, chatTextAccepted, type ChatAddress } from '@kindred/protocol';
import { App, Button, Input } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useUploadMutation } from '../../api/account';
import { useErrorText } from '../../api/errors';
import { isBlockRefusal, refusalShownInPlace } from '../../chat/chat-reducer';
import { useChat } from '../../chat/chat-store';
import { useConversation } from '../../chat/use-chat';
import { useChatPeer, type ChatPeer } from '../../chat/use-chat-peer';
import { useSession } from '../../state/session';
import { insertEmoticon } from '../../ui/emoticons/EmoticonPicker';
import { ChatBlockedNotice } from '../screens/blocking/ChatBlockedNotice';
import { ComposerTools } from './ComposerTools';
import { ConnectionStatus } from './ConnectionStatus';
import { MessageList } from './MessageList';
import { TranslateBox } from './TranslateBox';

/**
 * A conversation's messages and the composer, shared by the chat page (with the translate box and
 * the gift slot) and the small floating windows. Mounting it opens the conversation (opt 0) from
 * `address`; give it a `key` per member so a draft never follows you to someone else.
 */
export function ConversationView({ uid, address, full = false, peer: known }: { uid: number; address: ChatAddress; full?: boolean; peer?: ChatPeer }) {
  const { t } = useTranslation('desktop');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const me = useSession((s) => s.user?.id);
  const peerInfo = useChatPeer(uid, known);
  const refusal = useChat((s) => s.refusals[uid]);
  const navigate = useNavigate();
  const convo = useConversation(uid, address);
  const upload = useUploadMutation();
  const [draft, setDraft] = useState('');
  const [translating, setTranslating] = useState<{ text: string; key: number } | null>(null);
  const area = useRef<TextAreaRef>(null);
  const peer = { username: peerInfo?.username ?? '', avatar: peerInfo?.avatar ?? '' };

  const focusAt = (caret: number) =>
    requestAnimationFrame(() => {
      const el = area.current?.resizableTextArea?.textArea;
      el?.focus();
      el?.setSelectionRange(caret, caret);
    });

  const pickEmoticon = (code: string) => {
    const next = insertEmoticon(draft, code, area.current?.resizableTextArea?.textArea.selectionStart);
    if (next.text.length > CHAT_LIMITS.textMax) return;
    setDraft(next.text);
    focusAt(next.caret);
  };

  const send = () => {
    // docs/product-rules.md §5: a blank text is never sent (the server refuses it too).
    if (!chatTextAccepted(draft)) return void message.warning(t('common:errors.content_empty'));
    convo.sendText(draft);
    setDraft('');
  };

  const sendImage = (file: File) => {
    if (!file.type.startsWith('image/')) return void message.error(t('common:errors.not_an_image'));
    upload.mutate({ file, dir: 'dynamic' }, { onSuccess: (url) => convo.sendImage(url), onError: (e) => void message.error(errorText(e)) });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    send();
  };

  const openTranslate = (text: string) => setTranslating({ text, key: Date.now() });

  return (
    <div className={full ? 'kd-chat-conversation is-full' : 'kd-chat-conversation'} data-testid="chat-conversation" data-uid={uid}>
      <ConnectionStatus />
      <MessageList
        lines={convo.lines}
        loaded={convo.loaded || refusalShownInPlace(refusal)}
        quiet={refusalShownInPlace(refusal)}
        more={convo.more}
        me={me}
        peer={peer}
        onHistory={convo.loadHistory}
        onRetry={convo.retry}
        onTranslate={full ? openTranslate : undefined}
      />
      {full && translating ? (
        <TranslateBox
          key={translating.key}
          initial={translating.text}
          onClose={() => setTranslating(null)}
          onUse={(text) => {
            setDraft(text.slice(0, CHAT_LIMITS.textMax));
            focusAt(text.length);
          }}
        />
      ) : null}
      {isBlockRefusal(refusal) ? (
        <ChatBlockedNotice refusal={refusal} member={{ id: uid, username: peer.username }} />
      ) : refusalShownInPlace(refusal) ? (
        // Refused for a reason sending again cannot change: say why once and offer the upgrade (issue 13).
        <div className="kd-chat-refusal" role="status" data-testid="chat-refusal" data-error={refusal}>
          <p>{t(`common:errors.${refusal}`)}</p>
          <Button type="primary" size="small" icon={<CrownOutlined />} onClick={() => navigate('/w/home/upgrade')} data-testid="chat-refusal-upgrade">
            {t('chat.upgrade')}
          </Button>
        </div>
      ) : (
        <div className="kd-chat-composer">
          <ComposerTools
            onEmoticon={pickEmoticon}
            onImage={sendImage}
            uploading={upload.isPending}
            onTranslate={full ? () => (translating ? setTranslating(null) : openTranslate(draft)) : undefined}
            translating={Boolean(translating)}
            giftTo={full && peer.username ? peer.username : undefined}
          />
          <div className="kd-chat-input">
            <Input.TextArea
              ref={area}
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              onKeyDown={onKeyDown}
              maxLength={CHAT_LIMITS.textMax}
              autoSize={full ? { minRows: 2, maxRows: 4 } : { minRows: 1, maxRows: 3 }}
              variant="borderless"
              placeholder={t('chat.placeholder')}
              aria-label={t('chat.placeholder')}
              data-testid="chat-input"
            />
            <Button type="primary" shape={full ? 'round' : 'circle'} icon={<SendOutlined />} onClick={send} aria-label={t('common:actions.send')} data-testid="chat-send">
              {full ? t('common:actions.send') : null}
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
