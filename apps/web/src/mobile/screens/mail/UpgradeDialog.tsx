import { Dialog } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

export const UPGRADE_PATH = '/m/home/upgrade/index';

/**
 * Free members may open only the support account's mails and may not write again without
 * Continue_mail_dialog (spec section 6): say why, and offer the upgrade page.
 * Declarative on purpose: the imperative Dialog needs the React 19 render hook (DESIGN section 10).
 */
export function UpgradeDialog({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { t } = useTranslation('mobile');
  const navigate = useNavigate();
  return (
    <Dialog
      visible={visible}
      title={t('mail.upgradeTitle')}
      content={<p className="m-mail-upgrade-text">{t('mail.upgradeText')}</p>}
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
