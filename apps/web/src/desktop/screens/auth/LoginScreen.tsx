import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, App, Button, Checkbox, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useLoginMutation } from '../../../api/auth';
import { useErrorText } from '../../../api/errors';
import { useFormRules } from '../../components/use-form-rules';

interface LoginValues {
  account: string;
  password: string;
  remember: boolean;
}

/** Where a member goes after signing in: back to the desktop page that asked for it, else home. */
function landingOf(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/w/home/') ? from : '/w/home/index';
}

export function LoginScreen() {
  const { t } = useTranslation('desktop');
  const rules = useFormRules();
  const login = useLoginMutation();
  const errorText = useErrorText();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();

  // mutateAsync, not mutate's callbacks: signing in unmounts this screen (GuestOnly redirects) before
  // per-call callbacks would run, and the message must still be said.
  const submit = (v: LoginValues) =>
    login
      .mutateAsync({ account: v.account.trim(), password: v.password.trim(), remember: v.remember })
      .then(({ pending }) => {
        // A pending account is signed in all the same: it lands on the approval notice.
        if (pending) void message.warning(t('common:messages.pending'));
        else void message.success(t('common:messages.loginSuccess'));
        navigate(landingOf(location.state), { replace: true });
      })
      .catch(() => undefined); // shown from login.error

  return (
    <>
      <header className="kd-auth-head">
        <h1>{t('auth.login.title')}</h1>
        <p>{t('auth.login.subtitle')}</p>
      </header>
      <Form<LoginValues> layout="vertical" size="large" requiredMark={false} initialValues={{ remember: true }} onFinish={submit} name="login">
        <Form.Item name="account" label={t('common:fields.account')} rules={[rules.required('account')]}>
          <Input name="account" prefix={<UserOutlined />} autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item name="password" label={t('common:fields.password')} rules={[rules.required('password')]}>
          <Input.Password name="password" prefix={<LockOutlined />} autoComplete="current-password" />
        </Form.Item>
        <div className="kd-auth-row">
          <Form.Item name="remember" valuePropName="checked" noStyle>
            <Checkbox data-testid="remember-me">{t('auth.login.remember')}</Checkbox>
          </Form.Item>
          <Link to="/w/forgot-password">{t('auth.login.forgot')}</Link>
        </div>
        {login.error ? <Alert className="kd-form-alert" type="error" showIcon title={errorText(login.error)} /> : null}
        <Button type="primary" htmlType="submit" block loading={login.isPending}>
          {t('common:actions.signIn')}
        </Button>
      </Form>
      <p className="kd-auth-switch">
        {t('auth.login.noAccount')} <Link to="/w/regist">{t('auth.login.createAccount')}</Link>
      </p>
    </>
  );
}
