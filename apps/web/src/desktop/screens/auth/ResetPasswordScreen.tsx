import { LockOutlined } from '@ant-design/icons';
import { LIMITS } from '@kindred/protocol';
import { Alert, App, Button, Form, Input, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useResetPasswordMutation } from '../../../api/auth';
import { useErrorText } from '../../../api/errors';
import { useFormRules } from '../../components/use-form-rules';

interface ResetValues {
  password: string;
  passwordRepeat: string;
}

/** The page the reset e-mail links to: a new password twice, then sign in with it. */
export function ResetPasswordScreen() {
  const { t } = useTranslation('desktop');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const rules = useFormRules();
  const reset = useResetPasswordMutation();
  const errorText = useErrorText();
  const { message } = App.useApp();
  const navigate = useNavigate();

  if (!token) {
    return (
      <Result
        className="kd-auth-result"
        status="warning"
        title={t('auth.reset.missingTitle')}
        subTitle={t('auth.reset.missingText')}
        extra={
          <Link to="/w/forgot-password">
            <Button type="primary" size="large">
              {t('auth.reset.requestNew')}
            </Button>
          </Link>
        }
      />
    );
  }

  const submit = (v: ResetValues) =>
    reset.mutate(
      { token, password: v.password.trim() },
      {
        onSuccess: () => {
          void message.success(t('common:messages.passwordChanged'));
          navigate('/w/login', { replace: true });
        },
      },
    );

  return (
    <>
      <header className="kd-auth-head">
        <h1>{t('auth.reset.title')}</h1>
        <p>{t('auth.reset.subtitle')}</p>
      </header>
      <Form<ResetValues> name="reset" layout="vertical" size="large" requiredMark={false} onFinish={submit}>
        <Form.Item name="password" label={t('common:fields.newpassword')} rules={[rules.required('newpassword'), rules.password]}>
          <Input.Password name="password" prefix={<LockOutlined />} maxLength={LIMITS.passwordMax} autoComplete="new-password" autoFocus />
        </Form.Item>
        <Form.Item name="passwordRepeat" label={t('common:fields.passwordRepeat')} dependencies={['password']} rules={[rules.required('passwordRepeat'), rules.sameAs('password')]}>
          <Input.Password name="passwordRepeat" prefix={<LockOutlined />} maxLength={LIMITS.passwordMax} autoComplete="new-password" />
        </Form.Item>
        {reset.error ? (
          <Alert
            className="kd-form-alert"
            type="error"
            showIcon
            title={errorText(reset.error)}
            action={<Link to="/w/forgot-password">{t('auth.reset.requestNew')}</Link>}
          />
        ) : null}
        <Button type="primary" htmlType="submit" block loading={reset.isPending}>
          {t('auth.reset.submit')}
        </Button>
      </Form>
    </>
  );
}
