import { CHAT_LIMITS, chatTextAccepted } from '@kindred/protocol';
import { Button, SpinLoading, TextArea, type TextAreaRef } from 'antd-mobile';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadImage } from '../../../api/account';
import { useErrorText } from '../../../api/errors';
import { EmoticonPicker, insertEmoticon } from '../../../ui/emoticons/EmoticonPicker';
import { PictureIcon, SmileIcon } from '../../icons';
import { toastFail } from '../../toast';

export interface ChatComposerProps {
  onText: (text: string) => void;
  onImage: (url: string) => void;
}

/** The input bar: emoticons, a picture (uploaded first, then sent), the text and Send. */
export function ChatComposer({ onText, onImage }: ChatComposerProps) {
  const { t } = useTranslation('mobile');
  const errorText = useErrorText();
  const [text, setText] = useState('');
  const [emoticons, setEmoticons] = useState(false);
  const [uploading, setUploading] = useState(false);
  const input = useRef<TextAreaRef>(null);
  const file = useRef<HTMLInputElement>(null);
  // Where the caret was when the text area lost focus: a picked emoticon goes there.
  const caret = useRef<number | null>(null);

  const send = () => {
    // docs/product-rules.md §5: a blank text is never sent (the server refuses it too).
    if (!chatTextAccepted(text)) {
      toastFail(t('common:errors.content_empty'));
      return;
    }
    onText(text);
    setText('');
    caret.current = null;
  };

  const pick = (code: string) => {
    const next = insertEmoticon(text, code, caret.current);
    setText(next.text);
    caret.current = next.caret;
  };

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    if (!chosen.type.startsWith('image/')) {
      toastFail(t('common:errors.not_an_image'));
      return;
    }
    setUploading(true);
    try {
      onImage(await uploadImage(chosen, 'dynamic'));
    } catch (error) {
      toastFail(errorText(error));
    } finally {
      setUploading(false);
    }
  };

  return (
    <footer className="m-composer">
      <div className="m-composer-row">
        <button
          type="button"
          className={`m-composer-icon${emoticons ? ' is-on' : ''}`}
          onClick={() => setEmoticons((v) => !v)}
          aria-label={t('chat.emoticons')}
          aria-pressed={emoticons}
          data-testid="chat-emoticons"
        >
          <SmileIcon />
        </button>
        <button type="button" className="m-composer-icon" onClick={() => file.current?.click()} disabled={uploading} aria-label={t('chat.picture')} data-testid="chat-picture">
          {uploading ? <SpinLoading color="primary" style={{ '--size': '20px' }} aria-label={t('chat.uploading')} /> : <PictureIcon />}
        </button>
        <input ref={file} type="file" accept="image/*" hidden onChange={(e) => void upload(e)} data-testid="chat-file" />
        <div className="m-composer-input" data-testid="chat-input">
          <label htmlFor="m-chat-text" className="m-sr-only">
            {t('chat.placeholder')}
          </label>
          <TextArea
            id="m-chat-text"
            ref={input}
            value={text}
            onChange={setText}
            onBlur={() => (caret.current = input.current?.nativeElement?.selectionStart ?? null)}
            placeholder={t('chat.placeholder')}
            rows={1}
            autoSize={{ minRows: 1, maxRows: 4 }}
            maxLength={CHAT_LIMITS.textMax}
            enterKeyHint="send"
          />
        </div>
        <Button color="primary" size="small" shape="rounded" className="m-composer-send" onClick={send} data-testid="chat-send">
          {t('common:actions.send')}
        </Button>
      </div>
      {emoticons ? <EmoticonPicker onPick={pick} className="m-composer-emoticons" /> : null}
    </footer>
  );
}
