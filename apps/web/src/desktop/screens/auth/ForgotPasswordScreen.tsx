import { MailOutlined } from '@ant-design/icons';
import { LIMITS } from '@kindred/protocol';
import { Alert, Button, Form, Input, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useProofOfWork } from '../../../api/antispam';
import { useForgetMutation } from '../../../api/auth';
import { useErrorText } from '../../../api/errors';
import { useFormRules } from '../../components/use-form-rules';
import { PowStatus } from '../../../ui/pow/PowStatus';

/** Asks for a reset link; the answer is the same whether or not the address has an account. */
export function ForgotPasswordScreen() {
  const { t } = useTranslation('desktop');
  const rules = useFormRules();
  const forget = useForgetMutation();
  const errorText = useErrorText();
  const pow = useProofOfWork(!forget.isSuccess);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);

  const send = async (email: string) => {
    if (sending) return;
    setSending(true);
    setFailure(null);
    try {
      await forget.mutateAsync({ email, altcha: await pow.take() });
    } catch (error) {
      setFailure(error);
    } finally {
      setSending(false);
    }
  };

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
      <Form<{ email: string }> name="forgot" layout="vertical" size="large" requiredMark={false} onFinish={(v) => void send(v.email.trim())}>
        <Form.Item name="email" label={t('common:fields.email')} rules={[rules.required('email'), rules.email]}>
          <Input name="email" type="email" prefix={<MailOutlined />} maxLength={LIMITS.emailMax} autoComplete="email" autoFocus />
        </Form.Item>
        {failure ? <Alert className="kd-form-alert" type="error" showIcon title={errorText(failure)} /> : null}
        <Button type="primary" htmlType="submit" block loading={sending}>
          {t('auth.forgot.submit')}
        </Button>
        <PowStatus state={pow.state} required={pow.required} />
      </Form>
      <p className="kd-auth-switch">
        <Link to="/w/login">{t('auth.forgot.backToLogin')}</Link>
      </p>
    </>
  );
}
