import { Button } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLoginMutation, warmSignIn } from '../../../api/sign-in';
import { useErrorText } from '../../../api/errors';
import { AuthLayout } from '../../components/AuthLayout';
import { Field, FieldInput, PasswordField } from '../../components/Field';
import { checkLogin, problemText } from '../../form-rules';
import { LockIcon, UserIcon } from '../../icons';
import { toast, toastFail } from '../../toast';
import { useSingleFlight } from '../../use-single-flight';

/** /m/login: username or e-mail and password; Enter submits. Pending accounts (-3) still sign in. */
export function LoginScreen() {
  const { t } = useTranslation('mobile');
  const errorText = useErrorText();
  const login = useLoginMutation();
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');

  const submit = useSingleFlight(async (event: FormEvent) => {
    const problem = checkLogin({ account, password });
    if (problem) return toastFail(problemText(t, problem));
    try {
      const { pending } = await login.mutateAsync({ account: account.trim(), password });
      if (pending) toast(t('common:messages.pending'), 'info', 3000);
    } catch (error) {
      toastFail(errorText(error, 'errors.login_failed'));
    }
  });

  // The sign-in call's definition (with zod) is fetched once the visitor starts on the form.
  const preload = () => void warmSignIn().catch(() => undefined);

  return (
    <AuthLayout
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      below={
        <p className="m-auth-switch">
          {t('login.noAccount')}{' '}
          <Link className="m-link" to="/m/Register">
            {t('login.register')}
          </Link>
        </p>
      }
    >
      <form onSubmit={submit} onFocus={preload} onPointerDown={preload} noValidate>
        <Field icon={<UserIcon />}>
          <FieldInput name="account" placeholder={t('login.accountPlaceholder')} autoComplete="username" autoCapitalize="off" autoCorrect="off" spellCheck={false} value={account} onChange={setAccount} enterKeyHint="next" />
        </Field>
        <PasswordField icon={<LockIcon />} name="password" placeholder={t('login.passwordPlaceholder')} autoComplete="current-password" value={password} onChange={setPassword} enterKeyHint="go" />
        <div className="m-auth-row">
          <Link className="m-link" to="/m/Forgotpassword">
            {t('login.forgot')}
          </Link>
        </div>
        <Button className="m-submit" type="submit" color="primary" block size="large" loading={login.isPending}>
          {t('login.submit')}
        </Button>
        <p className="m-auth-legal">
          {t('login.agreementBefore')}{' '}
          <Link className="m-link" to="/m/agreement">
            {t('login.agreementLink')}
          </Link>
        </p>
      </form>
    </AuthLayout>
  );
}
