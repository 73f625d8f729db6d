import type { TotpEnrolmentWire } from '@kindred/protocol';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useStaffEnrolStartMutation, useStaffLoginMutation } from '../../../api/admin-auth';
import { useErrorText } from '../../../api/errors';

interface Props {
  /** The ticket for step 2; with an enrolment when the account has no second factor yet. */
  onTicket(ticket: string, account: string, enrolment?: TotpEnrolmentWire): void;
}

/** Step 1: a staff account's username or e-mail and password. */
export function PasswordStep({ onTicket }: Props) {
  const { t } = useTranslation('admin');
  const errorText = useErrorText();
  const login = useStaffLoginMutation();
  const enrol = useStaffEnrolStartMutation();
  const failure = login.error ?? enrol.error;

  const submit = async ({ account, password }: { account: string; password: string }) => {
    const ticket = await login.mutateAsync({ account, password });
    if (ticket.next === 'totp') return onTicket(ticket.ticket, account);
    onTicket(ticket.ticket, account, await enrol.mutateAsync(ticket.ticket));
  };

  return (
    <Form layout="vertical" requiredMark={false} onFinish={(v) => void submit(v).catch(() => undefined)} data-testid="staff-password-step">
      <h2>{t('login.title')}</h2>
      <p className="ka-lead">{t('login.lead')}</p>
      <Form.Item name="account" label={t('login.account')} rules={[{ required: true, message: t('login.required') }]}>
        <Input name="account" autoComplete="username" autoFocus />
      </Form.Item>
      <Form.Item name="password" label={t('login.password')} rules={[{ required: true, message: t('login.required') }]}>
        <Input.Password name="password" autoComplete="current-password" />
      </Form.Item>
      {failure ? <Alert type="error" showIcon message={errorText(failure)} style={{ marginBottom: 16 }} role="alert" /> : null}
      <Button type="primary" htmlType="submit" block loading={login.isPending || enrol.isPending}>
        {t('login.next')}
      </Button>
    </Form>
  );
}
