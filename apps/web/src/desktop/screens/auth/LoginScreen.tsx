import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useLoginMutation } from '../../../api/auth';
import { useErrorText } from '../../../api/errors';
import { flashOnArrival } from '../../flash';
import { loadMemberRoutes } from '../../load-member-routes';
import { GuestField } from '../../guest/GuestField';
import { GuestIcon } from '../../guest/guest-icons';
import '../../guest/guest.css';

type Field = 'account' | 'password';

/** Where a member goes after signing in: back to the desktop page that asked for it, else home. */
function landingOf(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/w/home/') ? from : '/w/home/index';
}

/**
 * The desktop sign-in form in plain elements styled as antd's (guest/guest.css): the page a desktop
 * opens first carries no UI kit (issue 14: 497 KB of JavaScript before, most of it antd).
 */
export function LoginScreen() {
  const { t } = useTranslation('desktop');
  const login = useLoginMutation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const location = useLocation();
  const [values, setValues] = useState({ account: '', password: '', remember: true });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  // Required after trimming, as the other desktop forms' rules (components/use-form-rules.ts).
  const check = (field: Field, value: string) =>
    value.trim() ? undefined : t('common:validation.required', { field: t(`common:fields.${field}`) });

  const change = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: check(field, value) }));
  };

  // mutateAsync, not mutate's callbacks: signing in unmounts this screen (GuestOnly redirects) before
  // per-call callbacks would run, and the message must still be said.
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (login.isPending) return;
    const found = { account: check('account', values.account), password: check('password', values.password) };
    setErrors(found);
    if (found.account || found.password) return;
    // The signed-in area downloads while the server checks the password: home follows at once.
    const area = loadMemberRoutes().catch(() => undefined);
    void login
      .mutateAsync({ account: values.account.trim(), password: values.password.trim(), remember: values.remember })
      .then(async ({ pending }) => {
        await area;
        // A pending account is signed in all the same: it lands on the approval notice.
        flashOnArrival(pending ? { kind: 'warning', text: t('common:messages.pending') } : { kind: 'success', text: t('common:messages.loginSuccess') });
        navigate(landingOf(location.state), { replace: true });
      })
      .catch(() => undefined); // shown from login.error
  };

  return (
    <>
      <header className="kd-auth-head">
        <h1>{t('auth.login.title')}</h1>
        <p>{t('auth.login.subtitle')}</p>
      </header>
      <form id="login" className="kd-gf" noValidate onSubmit={submit}>
        <GuestField
          id="login_account"
          name="account"
          label={t('common:fields.account')}
          icon="user"
          autoComplete="username"
          autoFocus
          value={values.account}
          error={errors.account}
          onChange={(e) => change('account', e.target.value)}
        />
        <GuestField
          id="login_password"
          name="password"
          label={t('common:fields.password')}
          icon="lock"
          secret
          autoComplete="current-password"
          value={values.password}
          error={errors.password}
          onChange={(e) => change('password', e.target.value)}
        />
        <div className="kd-auth-row">
          <label className="kd-gf-check">
            <span className="kd-gf-box">
              <input
                type="checkbox"
                id="login_remember"
                data-testid="remember-me"
                checked={values.remember}
                onChange={(e) => setValues((v) => ({ ...v, remember: e.target.checked }))}
              />
            </span>
            <span className="kd-gf-check-label">{t('auth.login.remember')}</span>
          </label>
          <Link to="/w/forgot-password">{t('auth.login.forgot')}</Link>
        </div>
        {login.error ? (
          <div className="kd-gf-alert" role="alert">
            <GuestIcon name="closeCircle" />
            <span>{errorText(login.error)}</span>
          </div>
        ) : null}
        <button type="submit" className="kd-gf-submit" aria-busy={login.isPending}>
          {login.isPending ? <GuestIcon name="loading" spin /> : null}
          <span>{t('common:actions.signIn')}</span>
        </button>
      </form>
      <p className="kd-auth-switch">
        {t('auth.login.noAccount')} <Link to="/w/regist">{t('auth.login.createAccount')}</Link>
      </p>
    </>
  );
}
