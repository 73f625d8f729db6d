import type { StaffSessionWire } from '@kindred/protocol';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStaffVerifyMutation } from '../../../api/admin-auth';
import { useErrorText } from '../../../api/errors';

/** Step 2: the six-digit code from the authenticator app, or one of the recovery codes. */
export function TotpStep({ ticket, onSession, onRestart }: { ticket: string; onSession(s: StaffSessionWire): void; onRestart(): void }) {
  const { t } = useTranslation('admin');
  const errorText = useErrorText();
  const verify = useStaffVerifyMutation();
  const [useRecovery, setUseRecovery] = useState(false);

  const submit = ({ code }: { code: string }) =>
    verify.mutate(useRecovery ? { ticket, recovery_code: code } : { ticket, code }, { onSuccess: onSession });

  return (
    <Form layout="vertical" requiredMark={false} onFinish={submit} key={String(useRecovery)} data-testid="staff-totp-step">
      <h2>{t('login.totpTitle')}</h2>
      <p className="ka-lead">{useRecovery ? t('login.recoveryLead') : t('login.totpLead')}</p>
      <Form.Item
        name="code"
        label={useRecovery ? t('login.recoveryCode') : t('login.code')}
        rules={
          useRecovery
            ? [{ required: true, pattern: /^\s*[a-z0-9]{5}-?[a-z0-9]{5}\s*$/i, message: t('login.recoveryRule') }]
            : [{ required: true, pattern: /^\s*\d{3}\s?\d{3}\s*$/, message: t('login.codeRule') }]
        }
      >
        <Input name="code" autoFocus autoComplete="one-time-code" inputMode={useRecovery ? 'text' : 'numeric'} maxLength={useRecovery ? 12 : 7} />
      </Form.Item>
      {verify.isError ? <Alert type="error" showIcon message={errorText(verify.error)} style={{ marginBottom: 16 }} role="alert" /> : null}
      <Button type="primary" htmlType="submit" block loading={verify.isPending}>
        {t('login.signIn')}
      </Button>
      <div className="ka-auth-links">
        <Button type="link" onClick={() => setUseRecovery(!useRecovery)}>
          {useRecovery ? t('login.useApp') : t('login.useRecovery')}
        </Button>
        <Button type="link" onClick={onRestart}>
          {t('login.back')}
        </Button>
      </div>
    </Form>
  );
}
