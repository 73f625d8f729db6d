import { isBlank, type MessageWire } from '@kindred/protocol';
import { ImageViewer } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isFinalRefusal } from '../../../chat/chat-reducer';
import type { ChatLine } from '../../../chat/use-chat';
import { Avatar } from '../../../ui/Avatar';
import { EmoticonText } from '../../../ui/emoticons/EmoticonText';
import { GiftMessage } from '../../../ui/GiftMessage';
import { LockIcon } from '../../icons';
import { TranslateIcon } from './chat-icons';
import type { Translation } from './use-translations';

export interface BubbleProps {
  line: ChatLine;
  mine: boolean;
  author: { name: string; avatar: string };
  translation?: Translation;
  onTranslate: (message: MessageWire) => void;
  onRetry: (clientId: string) => void;
}

function Content({ line, mine }: { line: ChatLine; mine: boolean }) {
  const { t } = useTranslation('mobile');
  const m = line.message;
  if (line.kind === 'stored' && line.message.locked === 1) {
    return (
      <span className="m-bubble-locked" data-testid="chat-locked">
        <LockIcon /> {t('common:chat.locked')}{' '}
        <Link to="/m/home/upgrade/index" className="m-link">
          {t('chat.upgrade')}
        </Link>
      </span>
    );
  }
  if (m.type === 'gift') return <GiftMessage message={m} mine={mine} />;
  if (m.type === 'img') {
    return (
      <button type="button" className="m-bubble-img" onClick={() => ImageViewer.show({ image: m.img })} aria-label={t('chat.photo')}>
        <img src={m.img} alt={t('chat.photo')} data-testid="chat-image" />
      </button>
    );
  }
  return <EmoticonText text={m.content} />;
}

/** One message: own on the right, the other member's on the left; sending / not sent / translation under it. */
export function MessageBubble({ line, mine, author, translation, onTranslate, onRetry }: BubbleProps) {
  const { t } = useTranslation('mobile');
  const m = line.message;
  const failed = line.kind === 'pending' ? line.message.failed : undefined;
  const state = line.kind === 'stored' ? 'stored' : failed ? 'failed' : 'pending';
  const stored = line.kind === 'stored' ? line.message : null;
  const translatable = !mine && stored && stored.type === 'text' && stored.locked === 0 && !isBlank(stored.content);

  return (
    <div className={`m-line ${mine ? 'is-mine' : 'is-theirs'}`} data-testid="chat-line" data-state={state} data-mine={mine ? 1 : 0} data-id={stored?.id}>
      <Avatar src={author.avatar} name={author.name} size={36} className="m-line-avatar" />
      <div className="m-line-main">
        <div className="m-line-row">
          <div className={`m-bubble${m.type === 'img' ? ' is-img' : ''}`} data-testid="chat-bubble">
            <Content line={line} mine={mine} />
          </div>
          {translatable ? (
            <button type="button" className="m-bubble-action" onClick={() => onTranslate(stored)} aria-label={t('chat.translate')} data-testid="chat-translate">
              <TranslateIcon />
            </button>
          ) : null}
        </div>
        {translation ? (
          <div className="m-translation" data-testid="chat-translation" data-state={translation.status}>
            {translation.status === 'loading' ? (
              t('chat.translating')
            ) : (
              <>
                <span className="m-translation-label">{t('chat.translation')}</span>
                <EmoticonText text={translation.dst} />
              </>
            )}
          </div>
        ) : null}
        {state === 'pending' ? (
          <span className="m-line-status" data-testid="chat-sending">
            {t('common:chat.sending')}
          </span>
        ) : null}
        {failed && line.kind === 'pending' ? (
          <span className="m-line-status is-failed" data-testid="chat-failed">
            {t('common:chat.failed')}
            {isFinalRefusal(failed.error) ? null : (
              <button type="button" className="m-line-retry" onClick={() => onRetry(line.message.client_id)} data-testid="chat-retry">
                {t('common:chat.retry')}
              </button>
            )}
          </span>
        ) : null}
      </div>
    </div>
  );
}
