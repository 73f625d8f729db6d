import { CloseOutlined, PictureOutlined, SmileOutlined } from '@ant-design/icons';
import { LIMITS } from '@kindred/protocol';
import { App, Button, Input, Popover, Spin } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../api/errors';
import { EmoticonPicker } from '../../../ui/emoticons/EmoticonPicker';
import { useTrendDraft } from '../../../ui/use-trend-draft';
import './trends.css';

/** Writes a trend: text with emoticons and/or one image (uploaded to dir 'dynamic'), then released. */
export function TrendComposer() {
  const { t } = useTranslation('desktop');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const draft = useTrendDraft();
  const { content, img, uploading, posting } = draft;
  const [picking, setPicking] = useState(false);
  const area = useRef<TextAreaRef>(null);
  const file = useRef<HTMLInputElement>(null);

  const pick = (code: string) => {
    const el = area.current?.resizableTextArea?.textArea;
    const next = draft.insert(code, el?.selectionStart);
    if (next === null) return;
    setPicking(false);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(next, next);
    });
  };

  const chooseImage = (chosen: File | undefined) => {
    if (file.current) file.current.value = '';
    if (!chosen) return;
    if (!chosen.type.startsWith('image/')) return void message.error(t('common:errors.not_an_image'));
    draft.uploadImage(chosen, (e) => void message.error(errorText(e)));
  };

  const submit = () => {
    if (draft.blocker) return void message.warning(t(draft.blocker));
    draft.post().then(
      () => {
        draft.reset();
        void message.success(t('trends.posted'));
      },
      (e: unknown) => void message.error(errorText(e, 'desktop:trends.sendFailed')),
    );
  };

  return (
    <section className="kd-card kd-composer" data-testid="trend-composer">
      <Input.TextArea
        ref={area}
        value={content}
        onChange={(e) => draft.setContent(e.target.value)}
        placeholder={t('trends.placeholder')}
        maxLength={LIMITS.trendContentMax}
        autoSize={{ minRows: 2, maxRows: 6 }}
        variant="borderless"
        data-testid="trend-content"
      />
      {img || uploading ? (
        <div className="kd-composer-image">
          {uploading ? <Spin description={t('trends.uploading')} /> : <img src={img} alt="" />}
          {img ? <Button size="small" shape="circle" icon={<CloseOutlined />} aria-label={t('trends.removeImage')} onClick={() => draft.setImg('')} /> : null}
        </div>
      ) : null}
      <footer className="kd-composer-bar">
        <Popover open={picking} onOpenChange={setPicking} trigger="click" placement="bottomLeft" content={<EmoticonPicker onPick={pick} />}>
          <Button type="text" icon={<SmileOutlined />} data-testid="trend-emoticons">
            {t('trends.emoticons')}
          </Button>
        </Popover>
        <Button type="text" icon={<PictureOutlined />} onClick={() => file.current?.click()} disabled={uploading}>
          {t('trends.addImage')}
        </Button>
        <input ref={file} type="file" accept="image/*" hidden onChange={(e) => chooseImage(e.target.files?.[0])} data-testid="trend-image-input" />
        <span className="kd-grow" />
        <span className="kd-composer-count">
          {content.length}/{LIMITS.trendContentMax}
        </span>
        <Button type="primary" shape="round" onClick={submit} loading={posting} disabled={uploading} data-testid="trend-post">
          {t('trends.post')}
        </Button>
      </footer>
    </section>
  );
}
