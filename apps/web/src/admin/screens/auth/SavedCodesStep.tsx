import type { StaffSessionWire } from '@kindred/protocol';
import { Alert, Button, Checkbox } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RecoveryCodesList } from '../../components/RecoveryCodesList';

/** After enrolment: the recovery codes, shown this once; the console opens when they are saved. */
export function SavedCodesStep({ session, onDone }: { session: StaffSessionWire; onDone(): void }) {
  const { t } = useTranslation('admin');
  const [saved, setSaved] = useState(false);
  return (
    <div data-testid="staff-codes-step">
      <h2>{t('codes.title')}</h2>
      <p className="ka-lead">{t('codes.lead')}</p>
      <Alert type="warning" showIcon message={t('codes.onlyOnce')} style={{ marginBottom: 12 }} />
      <RecoveryCodesList codes={session.recovery_codes ?? []} account={session.staff.username} />
      <Checkbox checked={saved} onChange={(e) => setSaved(e.target.checked)} style={{ margin: '20px 0 16px' }} data-testid="codes-saved">
        {t('codes.saved')}
      </Checkbox>
      <Button type="primary" block disabled={!saved} onClick={onDone}>
        {t('codes.continue')}
      </Button>
    </div>
  );
}
