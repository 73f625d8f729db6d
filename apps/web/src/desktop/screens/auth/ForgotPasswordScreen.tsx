import { MailOutlined } from '@ant-design/icons';
import { LIMITS } from '@kindred/protocol';
import { Alert, Button, Form, Input, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useForgetMutation } from '../../../api/auth';
import { useErrorText } from '../../../api/errors';
import { useFormRules } from '../../components/use-form-rules';

/** Asks for a reset link; the answer is the same whether or not the address has an account. */
export function ForgotPasswordScreen() {
  const { t } = useTranslation('desktop');
  const rules = useFormRules();
  const forget = useForgetMutation();
  const errorText = useErrorText();

  if (forget.isSuccess) {
    return (
      <Result
        className="kd-auth-result"
        status="success"
        icon={<MailOutlined />}
        title={t('auth.forgot.sentTitle')}
        subTitle={t('common:messages.resetSent')}
        extra={
          <Link to="/w/login">
            <Button type="primary" size="large">
              {t('auth.forgot.backToLogin')}
            </Button>
          </Link>
        }
      />
    );
  }

  return (
    <>
      <header className="kd-auth-head">
        <h1>{t('auth.forgot.title')}</h1>
        <p>{t('auth.forgot.subtitle')}</p>
      </header>
      <Form<{ email: string }> name="forgot" layout="vertical" size="large" requiredMark={false} onFinish={(v) => forget.mutate(v.email.trim())}>
        <Form.Item name="email" label={t('common:fields.email')} rules={[rules.required('email'), rules.email]}>
          <Input name="email" type="email" prefix={<MailOutlined />} maxLength={LIMITS.emailMax} autoComplete="email" autoFocus />
        </Form.Item>
        {forget.error ? <Alert className="kd-form-alert" type="error" showIcon title={errorText(forget.error)} /> : null}
        <Button type="primary" htmlType="submit" block loading={forget.isPending}>
          {t('auth.forgot.submit')}
        </Button>
      </Form>
      <p className="kd-auth-switch">
        <Link to="/w/login">{t('auth.forgot.backToLogin')}</Link>
      </p>
    </>
  );
}
