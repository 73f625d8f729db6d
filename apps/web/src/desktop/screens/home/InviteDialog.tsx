import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../state/session';
import { CopyField } from '../../components/CopyField';

/** The member's read-only invitation link with a copy button. */
export function InviteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('desktop');
  const code = useSession((s) => s.user?.invitation_code ?? '');
  const link = `${window.location.origin}/invitation/${code}`;
  return (
    <Modal open={open} onCancel={onClose} footer={null} title={t('home.inviteTitle')} destroyOnHidden data-testid="invite-dialog">
      <p className="kd-muted kd-dialog-hint">{t('home.inviteText')}</p>
      <CopyField name="invitation" value={link} />
    </Modal>
  );
}
