import { Dialog } from 'antd-mobile';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { MailUpgradeReason } from '../../../api/mail';

export const UPGRADE_PATH = '/m/home/upgrade/index';

/**
 * Free members may open only the support account's mails and may not write again without
 * Continue_mail_dialog (docs/product-rules.md §6): say why, and offer the upgrade page.
 * Declarative on purpose: the imperative Dialog needs the React 19 render hook (docs/architecture.md §10).
 */
export function UpgradeDialog({ reason, onClose }: { reason: MailUpgradeReason | null; onClose: () => void }) {
  const { t } = useTranslation('mobile');
  const navigate = useNavigate();
  // The text stays while the dialog fades out after `reason` went back to null.
  const shown = useRef<MailUpgradeReason>('read');
  if (reason) shown.current = reason;
  return (
    <Dialog
      visible={reason !== null}
      title={t('mail.upgradeTitle')}
      content={<p className="m-mail-upgrade-text" data-testid="mail-upgrade-reason">{t(shown.current === 'send' ? 'mail.upgradeSendText' : 'mail.upgradeReadText')}</p>}
      closeOnMaskClick
      onClose={onClose}
      onAction={(action) => {
        onClose();
        if (action.key === 'upgrade') navigate(UPGRADE_PATH);
      }}
      actions={[
        { key: 'upgrade', text: t('mail.upgradeNow'), bold: true },
        { key: 'later', text: t('mail.later') },
      ]}
      data-testid="mail-upgrade-dialog"
    />
  );
}
