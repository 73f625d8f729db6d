import type { StaffSessionWire, TotpEnrolmentWire } from '@kindred/protocol';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { useStaffEnrolConfirmMutation } from '../../../api/admin-auth';
import { useErrorText } from '../../../api/errors';

interface Props {
  ticket: string;
  account: string;
  enrolment: TotpEnrolmentWire;
  onSession(session: StaffSessionWire): void;
  onRestart(): void;
}

/**
 * First sign-in of an account without a second factor: scan the QR code (drawn here from the
 * otpauth URI, so the secret never travels as an image) or type the key, then confirm with a code.
 */
export function EnrolStep({ ticket, account, enrolment, onSession, onRestart }: Props) {
  const { t } = useTranslation('admin');
  const errorText = useErrorText();
  const confirm = useStaffEnrolConfirmMutation();

  return (
    <Form layout="vertical" requiredMark={false} onFinish={({ code }: { code: string }) => confirm.mutate({ ticket, code }, { onSuccess: onSession })} data-testid="staff-enrol-step">
      <h2>{t('enrol.title')}</h2>
      <p className="ka-lead">{t('enrol.lead', { account })}</p>
      <div className="ka-qr">
        <QRCodeSVG value={enrolment.otpauth_uri} size={176} level="M" marginSize={2} role="img" aria-label={t('enrol.qrLabel')} />
      </div>
      <p className="ka-muted">{t('enrol.manual')}</p>
      <Typography.Paragraph copyable={{ text: enrolment.secret }} code data-testid="totp-secret">
        {enrolment.secret.replace(/(.{4})/g, '$1 ').trim()}
      </Typography.Paragraph>
      <Form.Item name="code" label={t('enrol.code')} rules={[{ required: true, pattern: /^\s*\d{3}\s?\d{3}\s*$/, message: t('login.codeRule') }]}>
        <Input name="code" autoComplete="one-time-code" inputMode="numeric" maxLength={7} />
      </Form.Item>
      {confirm.isError ? <Alert type="error" showIcon message={errorText(confirm.error)} style={{ marginBottom: 16 }} role="alert" /> : null}
      <Button type="primary" htmlType="submit" block loading={confirm.isPending}>
        {t('enrol.confirm')}
      </Button>
      <div className="ka-auth-links">
        <Button type="link" onClick={onRestart}>
          {t('login.back')}
        </Button>
      </div>
    </Form>
  );
}
