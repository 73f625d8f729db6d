import { GiftOutlined, PictureOutlined, SmileOutlined, TranslationOutlined } from '@ant-design/icons';
import { Button, Popover, Tooltip } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GiftWire } from '@kindred/protocol';
import { EmoticonPicker } from '../../ui/emoticons/EmoticonPicker';
import { GiftGrid } from '../screens/gifts/GiftGrid';
import { SendGiftDialog } from '../screens/gifts/SendGiftDialog';

interface ToolsProps {
  onEmoticon: (code: string) => void;
  onImage: (file: File) => void;
  uploading: boolean;
  /** Only where the conversation has room for the translate box and the gift picker (the chat page). */
  onTranslate?: () => void;
  translating?: boolean;
  /** The open peer's username: the gift picker sends to them. */
  giftTo?: string;
}

/** The buttons above the message input: emoticons, image, translate box and the gift picker's slot. */
export function ComposerTools({ onEmoticon, onImage, uploading, onTranslate, translating, giftTo }: ToolsProps) {
  const { t } = useTranslation('desktop');
  const [picking, setPicking] = useState(false);
  const [pickingGift, setPickingGift] = useState(false);
  const [gift, setGift] = useState<GiftWire | null>(null);
  const file = useRef<HTMLInputElement>(null);

  const chosen = (f: File | undefined) => {
    if (file.current) file.current.value = '';
    if (f) onImage(f);
  };

  return (
    <div className="kd-chat-tools">
      <Popover
        open={picking}
        onOpenChange={setPicking}
        trigger="click"
        placement="topLeft"
        content={
          <EmoticonPicker
            className="kd-chat-emoticons"
            onPick={(code) => {
              onEmoticon(code);
              setPicking(false);
            }}
          />
        }
      >
        <Tooltip title={t('chat.emoticons')}>
          <Button type="text" size="small" icon={<SmileOutlined />} aria-label={t('chat.emoticons')} data-testid="chat-emoticons" />
        </Tooltip>
      </Popover>
      <Tooltip title={t('chat.image')}>
        <Button type="text" size="small" icon={<PictureOutlined />} aria-label={t('chat.image')} loading={uploading} onClick={() => file.current?.click()} />
      </Tooltip>
      <input ref={file} type="file" accept="image/*" hidden onChange={(e) => chosen(e.target.files?.[0])} data-testid="chat-image-input" />
      {onTranslate ? (
        <Tooltip title={t('chat.translate')}>
          <Button
            type={translating ? 'link' : 'text'}
            size="small"
            icon={<TranslationOutlined />}
            aria-label={t('chat.translate')}
            aria-pressed={translating}
            onClick={onTranslate}
            data-testid="chat-translate"
          />
        </Tooltip>
      ) : null}
      {giftTo ? (
        <>
          <Popover
            open={pickingGift}
            onOpenChange={setPickingGift}
            trigger="click"
            placement="topLeft"
            content={
              <div className="kd-chat-gift-picker" data-testid="chat-gift-picker">
                <GiftGrid
                  compact
                  onPick={(g) => {
                    setPickingGift(false);
                    setGift(g);
                  }}
                />
              </div>
            }
          >
            <Tooltip title={t('chat.gifts')}>
              <Button type="text" size="small" icon={<GiftOutlined />} aria-label={t('chat.gifts')} data-testid="chat-gift" />
            </Tooltip>
          </Popover>
          <SendGiftDialog target={gift ? { gift, username: giftTo } : null} onClose={() => setGift(null)} />
        </>
      ) : null}
    </div>
  );
}
