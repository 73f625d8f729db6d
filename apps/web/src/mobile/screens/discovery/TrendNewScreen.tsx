import { LIMITS } from '@kindred/protocol';
import { Button, DotLoading, TextArea } from 'antd-mobile';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useErrorText } from '../../../api/errors';
import { EmoticonPicker } from '../../../ui/emoticons/EmoticonPicker';
import { useTrendDraft } from '../../../ui/use-trend-draft';
import { SubPage } from '../../components/SubPage';
import { CloseIcon, PictureIcon, SmileIcon } from '../../icons';
import { toastFail, toastSuccess } from '../../toast';
import { useSingleFlight } from '../../use-single-flight';
import { useImageInput } from './use-image-input';
import './discovery.css';
import './trends.css';

const LIST = '/m/home/trend/list';

/** /m/home/trend/new: text with emoticons and/or one image (uploaded to dir 'dynamic'); at least one of them. */
export default function TrendNewScreen() {
  const { t } = useTranslation('mobile');
  const errorText = useErrorText();
  const navigate = useNavigate();
  const draft = useTrendDraft();
  const { content, img, uploading, posting } = draft;
  const [picking, setPicking] = useState(false);
  const caret = useRef<number | null>(null);

  const pick = (code: string) => {
    const next = draft.insert(code, caret.current);
    if (next !== null) caret.current = next;
  };

  const image = useImageInput((file) => draft.uploadImage(file, (e) => toastFail(errorText(e, 'mobile:discovery.uploadFailed'))));

  const post = useSingleFlight(async () => {
    if (draft.blocker) return toastFail(t(draft.blocker));
    try {
      await draft.post();
    } catch (error) {
      return toastFail(errorText(error, 'mobile:discovery.sendFailed'));
    }
    toastSuccess(t('discovery.posted'));
    navigate(LIST, { replace: true });
  });

  const busy = uploading || posting;
  const postButton = (
    <Button className="m-composer-post" size="small" color="primary" shape="rounded" onClick={post} loading={posting} disabled={uploading} data-testid="trend-post">
      {t('discovery.post')}
    </Button>
  );

  return (
    <SubPage title={t('discovery.newTrend')} back={LIST} right={postButton} testId="trend-new">
      <section className="m-card m-composer">
        <TextArea
          value={content}
          onChange={draft.setContent}
          onBlur={(e) => (caret.current = e.target.selectionStart)}
          name="content"
          placeholder={t('discovery.composePlaceholder')}
          maxLength={LIMITS.trendContentMax}
          autoSize={{ minRows: 4, maxRows: 10 }}
          showCount
          data-testid="trend-content"
        />
        {img || uploading ? (
          <div className="m-composer-image" data-testid="trend-image-preview">
            {uploading ? <DotLoading color="primary" /> : <img src={img} alt={t('discovery.chosenImage')} />}
            {img ? (
              <button type="button" className="m-image-remove" aria-label={t('discovery.removeImage')} onClick={() => draft.setImg('')}>
                <CloseIcon />
              </button>
            ) : null}
          </div>
        ) : null}
        <footer className="m-composer-bar">
          <button type="button" className={`m-composer-tool${picking ? ' is-active' : ''}`} aria-expanded={picking} onClick={() => setPicking((v) => !v)} data-testid="trend-emoticons">
            <SmileIcon />
            {t('discovery.emoticons')}
          </button>
          <button type="button" className="m-composer-tool" onClick={image.open} disabled={busy}>
            <PictureIcon />
            {t('discovery.addImage')}
          </button>
          <input {...image.inputProps} data-testid="trend-image-input" />
        </footer>
        {picking ? <EmoticonPicker className="m-composer-picker" onPick={pick} /> : null}
      </section>
      <p className="m-hint">{t('discovery.composeHint')}</p>
    </SubPage>
  );
}
