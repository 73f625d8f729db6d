import { LIMITS } from '@kindred/protocol';
import { Button, Input, TextArea } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { isMailNeedUpgrade, type MailUpgradeReason, useSendMailErrorText, useSendMailMutation } from '../../../api/mail';
import { SubPage } from '../../components/SubPage';
import { toastSuccess } from '../../toast';
import { useSingleFlight } from '../../use-single-flight';
import { UpgradeDialog } from './UpgradeDialog';
import './mail.css';

const LIST = '/m/home/email/list';

/**
 * /m/home/email/send: recipient (username; `?to=` fills it when replying) and a message
 * of at most 50 characters with a counter. Problems stay under the form until the member edits it.
 */
export default function MailSendScreen() {
  const { t } = useTranslation('mobile');
  const sendErrorText = useSendMailErrorText();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const send = useSendMailMutation();
  const [email, setEmail] = useState(params.get('to') ?? '');
  const [content, setContent] = useState('');
  const [problem, setProblem] = useState('');
  const [upgrade, setUpgrade] = useState<MailUpgradeReason | null>(null);

  const edit = (set: (v: string) => void) => (value: string) => {
    set(value);
    setProblem('');
  };

  const submit = useSingleFlight(async (_event: FormEvent) => {
    if (!email.trim()) return setProblem(t('mail.addressRequired'));
    if (!content.trim()) return setProblem(t('common:errors.content_empty'));
    try {
      await send.mutateAsync({ email, content });
      toastSuccess(t('mail.sent'));
      navigate(LIST, { replace: true });
    } catch (error) {
      if (isMailNeedUpgrade(error)) setUpgrade('send');
      setProblem(sendErrorText(error, 'mobile:mail.sendFailed'));
    }
  });

  return (
    <SubPage title={t('mail.writeTitle')} back={LIST} testId="mail-send">
      <form onSubmit={submit} noValidate>
        <div className="m-mail-form">
          <label className="m-mail-label" htmlFor="mail-email">
            {t('mail.address')}
          </label>
          <Input
            id="mail-email"
            name="email"
            value={email}
            onChange={edit(setEmail)}
            placeholder={t('mail.addressPlaceholder')}
            maxLength={LIMITS.emailMax}
            autoComplete="off"
            autoCapitalize="off"
            clearable
          />
          <label className="m-mail-label" htmlFor="mail-content">
            {t('mail.message')}
          </label>
          <TextArea
            id="mail-content"
            name="content"
            value={content}
            onChange={edit(setContent)}
            placeholder={t('mail.messagePlaceholder', { max: LIMITS.mailMax })}
            maxLength={LIMITS.mailMax}
            showCount
            autoSize={{ minRows: 4, maxRows: 6 }}
          />
        </div>
        {problem ? (
          <p className="m-mail-problem" role="alert" data-testid="mail-send-error">
            {problem}
          </p>
        ) : null}
        <div className="m-actions">
          <Button type="submit" className="m-button-pill" color="primary" block loading={send.isPending} data-testid="mail-send-submit">
            {t('common:actions.send')}
          </Button>
        </div>
      </form>
      <UpgradeDialog reason={upgrade} onClose={() => setUpgrade(null)} />
    </SubPage>
  );
}
