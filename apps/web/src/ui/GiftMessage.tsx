import type { MessageWire } from '@kindred/protocol';
import { useTranslation } from 'react-i18next';
import { useGiftIndex, useGiftText } from '../api/gifts';
import { EmoticonText } from './emoticons/EmoticonText';
import './gift-message.css';

/**
 * A gift in a conversation (message type 'gift'): its picture, its name in the member's language
 * (found in the catalogue by picture) and the giver's message. Both interfaces' bubbles show it.
 */
export function GiftMessage({ message, mine }: { message: Pick<MessageWire, 'img' | 'content'>; mine: boolean }) {
  const { t } = useTranslation();
  const { byPath } = useGiftIndex();
  const text = useGiftText();
  const gift = byPath.get(message.img);
  const name = gift ? text.title(gift) : t('chat.gift');
  return (
    <span className="kd-gift-message" data-testid="chat-gift-message">
      <img src={message.img} alt={name} width={64} height={64} />
      <span className="kd-gift-message-text">
        <strong>{t(mine ? 'chat.giftSent' : 'chat.giftReceived', { gift: name })}</strong>
        {message.content ? (
          <span>
            <EmoticonText text={message.content} />
          </span>
        ) : null}
      </span>
    </span>
  );
}
