import { ExclamationCircleFilled, LockOutlined, TranslationOutlined } from '@ant-design/icons';
import { Button, Image, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { isFinalRefusal } from '../../chat/chat-reducer';
import type { ChatLine } from '../../chat/use-chat';
import { Avatar } from '../../ui/Avatar';
import { EmoticonText } from '../../ui/emoticons/EmoticonText';
import { GiftMessage } from '../../ui/GiftMessage';

interface BubbleProps {
  line: ChatLine;
  mine: boolean;
  peer: { username: string; avatar: string };
  onRetry: (clientId: string) => void;
  /** Offered on received text messages where the conversation has a translate box. */
  onTranslate?: (text: string) => void;
  onImageLoad?: () => void;
}

function BubbleContent({ line, mine, onImageLoad }: Pick<BubbleProps, 'line' | 'mine' | 'onImageLoad'>) {
  const { t } = useTranslation();
  const m = line.message;
  if (line.kind === 'stored' && line.message.locked === 1)
    return (
      <span className="kd-chat-locked">
        <LockOutlined /> {t('chat.locked')}
      </span>
    );
  if (m.type === 'gift') return <GiftMessage message={m} mine={mine} />;
  if (m.type === 'img') return <Image className="kd-chat-image" src={m.img} alt={t('chat.image')} onLoad={onImageLoad} data-testid="chat-image" />;
  return <EmoticonText text={m.content} />;
}

/** One message: text with emoticons, an image at most 200 px wide, or a locked notice; own pending ones say so. */
export function MessageBubble({ line, mine, peer, onRetry, onTranslate, onImageLoad }: BubbleProps) {
  const { t } = useTranslation('desktop');
  const failed = line.kind === 'pending' ? line.message.failed : undefined;
  const state = line.kind === 'stored' ? 'stored' : failed ? 'failed' : 'pending';
  const m = line.message;
  const translatable = !mine && onTranslate && line.kind === 'stored' && m.type === 'text' && line.message.locked === 0 && m.content.trim() !== '';
  const isImage = m.type === 'img' && !(line.kind === 'stored' && line.message.locked === 1);

  return (
    <div className={`kd-chat-line ${mine ? 'is-mine' : 'is-theirs'}`} data-testid="chat-message" data-state={state} data-mine={mine ? 1 : 0}>
      {mine ? null : <Avatar src={peer.avatar} name={peer.username} size={28} className="kd-chat-line-avatar" />}
      <div className="kd-chat-line-body">
        <div className={`kd-chat-bubble${isImage ? ' is-image' : ''}${m.type === 'gift' ? ' is-gift' : ''}`}>
          <BubbleContent line={line} mine={mine} onImageLoad={onImageLoad} />
        </div>
        {translatable ? (
          <Tooltip title={t('chat.translateThis')}>
            <Button
              type="text"
              size="small"
              className="kd-chat-line-action"
              icon={<TranslationOutlined />}
              aria-label={t('chat.translateThis')}
              onClick={() => onTranslate(m.content)}
              data-testid="chat-translate-message"
            />
          </Tooltip>
        ) : null}
        {state === 'pending' ? <span className="kd-chat-line-state">{t('common:chat.sending')}</span> : null}
        {failed && line.kind === 'pending' ? (
          <span className="kd-chat-line-state is-failed">
            <Tooltip title={t(`common:errors.${failed.error}`, { defaultValue: failed.msg })}>
              <span>
                <ExclamationCircleFilled /> {t('common:chat.failed')}
              </span>
            </Tooltip>
            {/* No "Send again" where sending again cannot work: the conversation says why and offers the upgrade. */}
            {isFinalRefusal(failed.error) ? null : (
              <Button type="link" size="small" onClick={() => onRetry(line.message.client_id)} data-testid="chat-retry">
                {t('common:chat.retry')}
              </Button>
            )}
          </span>
        ) : null}
      </div>
    </div>
  );
}
