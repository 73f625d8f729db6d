import type { StaffSessionWire, TotpEnrolmentWire } from '@kindred/protocol';
import { Alert } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { startStaffSession } from '../../../api/admin-auth';
import { useAdminSession } from '../../../state/admin-session';
import { EnrolStep } from './EnrolStep';
import { PasswordStep } from './PasswordStep';
import { SavedCodesStep } from './SavedCodesStep';
import { TotpStep } from './TotpStep';

type Step =
  | { name: 'password' }
  | { name: 'totp'; ticket: string; account: string }
  | { name: 'enrol'; ticket: string; account: string; enrolment: TotpEnrolmentWire }
  | { name: 'codes'; session: StaffSessionWire };

/**
 * Staff sign-in: password, then a code from the authenticator app (or a recovery code). An
 * account without a second factor enrols first (QR code, first code), and is shown its recovery
 * codes once before the console opens.
 */
export function AdminLoginScreen() {
  const { t } = useTranslation('admin');
  const [step, setStep] = useState<Step>({ name: 'password' });
  const expired = useAdminSession((s) => s.expired);
  const restart = () => setStep({ name: 'password' });

  switch (step.name) {
    case 'password':
      return (
        <>
          {expired ? <Alert type="info" showIcon message={t('login.expired')} style={{ marginBottom: 16 }} /> : null}
          <PasswordStep
            onTicket={(ticket, account, enrolment) => setStep(enrolment ? { name: 'enrol', ticket, account, enrolment } : { name: 'totp', ticket, account })}
          />
        </>
      );
    case 'totp':
      return <TotpStep ticket={step.ticket} onSession={startStaffSession} onRestart={restart} />;
    case 'enrol':
      return <EnrolStep ticket={step.ticket} account={step.account} enrolment={step.enrolment} onSession={(session) => setStep({ name: 'codes', session })} onRestart={restart} />;
    case 'codes':
      return <SavedCodesStep session={step.session} onDone={() => startStaffSession(step.session)} />;
  }
}
