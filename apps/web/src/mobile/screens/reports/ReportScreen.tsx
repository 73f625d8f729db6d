import { LIMITS, REPORT_CONTENT_MAX, REPORT_TYPES } from '@kindred/protocol';
import { Button, Input, Selector, TextArea } from 'antd-mobile';
import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useErrorText } from '../../../api/errors';
import { useReportMutation } from '../../../api/reports';
import { useSession } from '../../../state/session';
import { phoneReportComplete, REPORT_IMAGE_TYPES, reportImageProblem } from '../../../ui/report-form';
import { SubPage } from '../../components/SubPage';
import { toastFail, toastSuccess } from '../../toast';
import { useSingleFlight } from '../../use-single-flight';
import './reports.css';

/**
 * /m/report?userid&username: reason, e-mail, description and an optional picture. E-mail and
 * description are required and nothing is sent otherwise (docs/product-rules.md §5).
 */
export default function ReportScreen() {
  const { t } = useTranslation('mobile');
  const errorText = useErrorText();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const userid = Number(params.get('userid'));
  const username = params.get('username') ?? '';
  const report = useReportMutation();
  const [type, setType] = useState<1 | 2 | 3 | undefined>();
  const [email, setEmail] = useState(useSession.getState().user?.email ?? '');
  const [content, setContent] = useState('');
  const [image, setImage] = useState<File | null>(null);
  const [preview, setPreview] = useState('');
  const back = Number.isInteger(userid) && userid > 0 ? `/m/home/my/newsfeed/${userid}` : '/m/home/index';

  useEffect(() => {
    if (!image) return setPreview('');
    const url = URL.createObjectURL(image);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [image]);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (reportImageProblem(file)) return toastFail(t('reports.badImage'));
    setImage(file);
  };

  const submit = useSingleFlight(async (_event: FormEvent) => {
    if (!phoneReportComplete(email, content)) return toastFail(t('reports.required'));
    try {
      await report.mutateAsync({ userid, type, email: email.trim(), content: content.trim(), ...(image ? { img: image } : {}) });
      toastSuccess(t('reports.submitted'));
      navigate('/m/reportList?active=1', { replace: true });
    } catch (error) {
      toastFail(errorText(error));
    }
  });

  return (
    <SubPage title={t('reports.title')} back={back} testId="report-screen">
      <form className="m-report-form" onSubmit={submit} noValidate>
        <p className="m-report-who" data-testid="report-username">
          {t('reports.reportee', { name: username })}
        </p>
        <fieldset className="m-report-field">
          <legend className="m-report-label">{t('reports.type')}</legend>
          <Selector
            options={REPORT_TYPES.map((value) => ({ value, label: t(`reports.types.${value}`) }))}
            value={type ? [type] : []}
            onChange={(values) => setType(values[0])}
            data-testid="report-type"
          />
        </fieldset>
        <label className="m-report-label" htmlFor="report-email">
          {t('reports.email')}
        </label>
        <Input id="report-email" name="email" type="email" value={email} onChange={setEmail} placeholder={t('reports.emailPlaceholder')} maxLength={LIMITS.emailMax} autoComplete="email" clearable />
        <label className="m-report-label" htmlFor="report-content">
          {t('reports.content')}
        </label>
        <TextArea
          id="report-content"
          name="content"
          value={content}
          onChange={setContent}
          placeholder={t('reports.contentPlaceholder', { max: REPORT_CONTENT_MAX })}
          maxLength={REPORT_CONTENT_MAX}
          showCount
          autoSize={{ minRows: 4, maxRows: 8 }}
        />
        <span className="m-report-label">{t('reports.image')}</span>
        <div className="m-report-image">
          {preview ? (
            <>
              <img src={preview} alt={t('reports.picture')} className="m-report-thumb" />
              <Button size="small" onClick={() => setImage(null)} data-testid="report-image-remove">
                {t('reports.removeImage')}
              </Button>
            </>
          ) : (
            <label className="m-report-pick">
              <input type="file" name="img" accept={REPORT_IMAGE_TYPES.join(',')} onChange={choose} className="m-report-file" data-testid="report-image" />
              {t('reports.chooseImage')}
            </label>
          )}
        </div>
        <Button className="m-submit" type="submit" color="primary" block size="large" loading={report.isPending} data-testid="report-submit">
          {t('reports.submit')}
        </Button>
      </form>
    </SubPage>
  );
}
