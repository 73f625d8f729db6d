import { LIMITS } from '@kindred/protocol';
import { Button, DotLoading, TextArea } from 'antd-mobile';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePermission, useUploadMutation } from '../../../api/account';
import { useErrorText } from '../../../api/errors';
import { useReleaseTrendMutation } from '../../../api/trends';
import { EmoticonPicker, insertEmoticon } from '../../../ui/emoticons/EmoticonPicker';
import { SubPage } from '../../components/SubPage';
import { CloseIcon, PictureIcon, SmileIcon } from '../../icons';
import { toastFail, toastSuccess } from '../../toast';
import { useSingleFlight } from '../../use-single-flight';
import { useImageInput } from './use-image-input';
import './trends.css';

const LIST = '/m/home/trend/list';

/** /m/home/trend/new: text with emoticons and/or one image (uploaded to dir 'dynamic'); at least one of them. */
export default function TrendNewScreen() {
  const { t } = useTranslation('mobile');
  const errorText = useErrorText();
  const navigate = useNavigate();
  const allowed = usePermission('Allows_newsfeed_to_be_sent');
  const upload = useUploadMutation();
  const release = useReleaseTrendMutation();
  const [content, setContent] = useState('');
  const [img, setImg] = useState('');
  const [picking, setPicking] = useState(false);
  const caret = useRef<number | null>(null);

  const pick = (code: string) => {
    const next = insertEmoticon(content, code, caret.current);
    if (next.text.length > LIMITS.trendContentMax) return;
    setContent(next.text);
    caret.current = next.caret;
  };

  const image = useImageInput((file) =>
    upload.mutate({ file, dir: 'dynamic' }, { onSuccess: setImg, onError: (e) => toastFail(errorText(e, 'mobile:discovery.uploadFailed')) }),
  );

  const post = useSingleFlight(async () => {
    if (allowed === false) return toastFail(t('common:errors.no_permission'));
    if (!content.trim() && !img) return toastFail(t('common:errors.content_empty'));
    try {
      await release.mutateAsync({ content, img });
    } catch (error) {
      return toastFail(errorText(error, 'mobile:discovery.sendFailed'));
    }
    toastSuccess(t('discovery.posted'));
    navigate(LIST, { replace: true });
  });

  const busy = upload.isPending || release.isPending;
  const postButton = (
    <Button className="m-composer-post" size="small" color="primary" shape="rounded" onClick={post} loading={release.isPending} disabled={upload.isPending} data-testid="trend-post">
      {t('discovery.post')}
    </Button>
  );

  return (
    <SubPage title={t('discovery.newTrend')} back={LIST} right={postButton} testId="trend-new">
      <section className="m-card m-composer">
        <TextArea
          value={content}
          onChange={setContent}
          onBlur={(e) => (caret.current = e.target.selectionStart)}
          name="content"
          placeholder={t('discovery.composePlaceholder')}
          maxLength={LIMITS.trendContentMax}
          autoSize={{ minRows: 4, maxRows: 10 }}
          showCount
          data-testid="trend-content"
        />
        {img || upload.isPending ? (
          <div className="m-composer-image" data-testid="trend-image-preview">
            {upload.isPending ? <DotLoading color="primary" /> : <img src={img} alt={t('discovery.chosenImage')} />}
            {img ? (
              <button type="button" className="m-composer-remove" aria-label={t('discovery.removeImage')} onClick={() => setImg('')}>
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
