import { LIMITS } from '@kindred/protocol';
import { Button } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useResetPasswordMutation } from '../../../api/auth';
import { useErrorText } from '../../../api/errors';
import { AuthLayout } from '../../components/AuthLayout';
import { PasswordField } from '../../components/Field';
import { checkNewPassword, problemText } from '../../form-rules';
import { LockIcon } from '../../icons';
import { toastFail, toastSuccess } from '../../toast';
import { useSingleFlight } from '../../use-single-flight';
import '../../auth.css';

/** /m/reset-password?token=...: the link of the reset mail; a new password, then sign in. */
export default function ResetPasswordScreen() {
  const { t } = useTranslation('mobile');
  const errorText = useErrorText();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = useResetPasswordMutation();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');

  const submit = useSingleFlight(async (event: FormEvent) => {
    const problem = checkNewPassword(password, repeat);
    if (problem) return toastFail(problemText(t, problem));
    try {
      await reset.mutateAsync({ token, password: password.trim() });
      toastSuccess(t('common:messages.passwordChanged'));
      navigate('/m/login', { replace: true });
    } catch (error) {
      toastFail(errorText(error));
    }
  });

  const back = (
    <p className="m-auth-switch">
      <Link className="m-link" to="/m/login">
        {t('forgot.backToLogin')}
      </Link>
    </p>
  );

  if (!token) {
    return (
      <AuthLayout title={t('titles.reset')} below={back}>
        <p className="m-auth-subtitle" role="alert">
          {t('reset.missingToken')}
        </p>
        <Link className="m-link" to="/m/Forgotpassword">
          {t('titles.forgot')}
        </Link>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('titles.reset')} subtitle={t('reset.hint')} below={back}>
      <form onSubmit={submit} noValidate>
        <PasswordField
          icon={<LockIcon />}
          name="password"
          autoComplete="new-password"
          maxLength={LIMITS.passwordMax}
          placeholder={t('reset.passwordPlaceholder', { min: LIMITS.passwordMin, max: LIMITS.passwordMax })}
          value={password}
          onChange={setPassword}
        />
        <PasswordField icon={<LockIcon />} name="passwordRepeat" autoComplete="new-password" maxLength={LIMITS.passwordMax} placeholder={t('reset.repeatPlaceholder')} value={repeat} onChange={setRepeat} />
        <Button className="m-submit" type="submit" color="primary" block size="large" loading={reset.isPending}>
          {t('reset.submit')}
        </Button>
      </form>
    </AuthLayout>
  );
}
