import { GiftOutlined, PictureOutlined, SmileOutlined, TranslationOutlined } from '@ant-design/icons';
import { Button, Popover, Tooltip } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../ui/ComingSoon';
import { EmoticonPicker } from '../../ui/emoticons/EmoticonPicker';

interface ToolsProps {
  onEmoticon: (code: string) => void;
  onImage: (file: File) => void;
  uploading: boolean;
  /** Only where the conversation has room for the translate box and the gift picker (the chat page). */
  onTranslate?: () => void;
  translating?: boolean;
  gifts?: boolean;
}

/** The buttons above the message input: emoticons, image, translate box and the gift picker's slot. */
export function ComposerTools({ onEmoticon, onImage, uploading, onTranslate, translating, gifts }: ToolsProps) {
  const { t } = useTranslation('desktop');
  const [picking, setPicking] = useState(false);
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
      {gifts ? (
        <Popover trigger="click" placement="topLeft" content={<div className="kd-chat-gift-soon"><ComingSoon title={t('chat.gifts')} /></div>}>
          <Tooltip title={t('chat.gifts')}>
            <Button type="text" size="small" icon={<GiftOutlined />} aria-label={t('chat.gifts')} data-testid="chat-gift" />
          </Tooltip>
        </Popover>
      ) : null}
    </div>
  );
}
