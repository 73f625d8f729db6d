import { Button } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useProofOfWork } from '../../../api/antispam';
import { useForgetMutation } from '../../../api/auth';
import { useErrorText } from '../../../api/errors';
import { AuthLayout } from '../../components/AuthLayout';
import { Field, FieldInput } from '../../components/Field';
import { checkEmail, problemText } from '../../form-rules';
import { MailIcon } from '../../icons';
import { toastFail } from '../../toast';
import { PowStatus } from '../../../ui/pow/PowStatus';
import { useSingleFlight } from '../../use-single-flight';
import '../../auth.css';

/** /m/Forgotpassword: one e-mail field; the server mails a one-time reset link (docs/architecture.md §8). */
export default function ForgotPasswordScreen() {
  const { t } = useTranslation('mobile');
  const errorText = useErrorText();
  const forget = useForgetMutation();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const pow = useProofOfWork(!sent);
  const [sending, setSending] = useState(false);

  const submit = useSingleFlight(async (event: FormEvent) => {
    const problem = checkEmail(email);
    if (problem) return toastFail(problemText(t, problem));
    setSending(true);
    try {
      await forget.mutateAsync({ email: email.trim(), altcha: await pow.take() });
      setSent(true);
    } catch (error) {
      toastFail(errorText(error));
    } finally {
      setSending(false);
    }
  });

  const back = (
    <p className="m-auth-switch">
      <Link className="m-link" to="/m/login">
        {t('forgot.backToLogin')}
      </Link>
    </p>
  );

  if (sent) {
    return (
      <AuthLayout title={t('titles.forgot')} below={back}>
        <div className="m-result" role="status" data-testid="forgot-sent">
          <span className="m-result-icon">
            <MailIcon />
          </span>
          <h2>{t('forgot.sentTitle')}</h2>
          <p>{t('common:messages.resetSent')}</p>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('titles.forgot')} subtitle={t('forgot.hint')} below={back}>
      <form onSubmit={submit} noValidate>
        <Field icon={<MailIcon />}>
          <FieldInput name="email" type="email" inputMode="email" autoComplete="email" placeholder={t('forgot.emailPlaceholder')} value={email} onChange={setEmail} />
        </Field>
        <Button className="m-submit" type="submit" color="primary" block size="large" loading={sending}>
          {t('forgot.submit')}
        </Button>
        <PowStatus state={pow.state} required={pow.required} />
      </form>
    </AuthLayout>
  );
}
