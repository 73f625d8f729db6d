import { Button, List, Popup } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDeleteAccountMutation, useDownloadMyDataMutation } from '../../../api/account-data';
import { useErrorText } from '../../../api/errors';
import { useSession } from '../../../state/session';
import { PasswordField } from '../../components/Field';
import { MenuIcon } from '../../components/MenuIcon';
import { KeyIcon } from '../../icons';
import { toastFail, toastSuccess } from '../../toast';
import { useSingleFlight } from '../../use-single-flight';
import './account-data.css';

/** Settings: download one's data (a ZIP) and delete one's account after confirming the password. */
export function AccountDataSection() {
  const { t } = useTranslation('mobile');
  const errorText = useErrorText();
  const download = useDownloadMyDataMutation();
  const [confirming, setConfirming] = useState(false);

  const save = useSingleFlight(async () => {
    try {
      await download.mutateAsync();
      toastSuccess(t('accountData.downloaded'));
    } catch (error) {
      toastFail(errorText(error));
    }
  });

  return (
    <>
      <List className="m-card m-setup-list" header={t('accountData.title')}>
        <List.Item onClick={save} description={t('accountData.downloadHint')} extra={download.isPending ? t('accountData.downloading') : undefined} arrowIcon={false} data-testid="setup-export">
          {t('accountData.download')}
        </List.Item>
        <List.Item onClick={() => setConfirming(true)} description={t('accountData.deleteHint')} className="m-danger" data-testid="setup-delete-account">
          {t('accountData.delete')}
        </List.Item>
      </List>
      <Popup visible={confirming} onMaskClick={() => setConfirming(false)} onClose={() => setConfirming(false)} bodyClassName="m-delete-sheet" destroyOnClose aria-label={t('accountData.deleteTitle')}>
        <h2 className="m-delete-title">{t('accountData.deleteTitle')}</h2>
        <DeleteAccountForm onCancel={() => setConfirming(false)} />
      </Popup>
    </>
  );
}

function DeleteAccountForm({ onCancel }: { onCancel: () => void }) {
  const { t } = useTranslation('mobile');
  const errorText = useErrorText();
  const navigate = useNavigate();
  const remove = useDeleteAccountMutation();
  const username = useSession((s) => s.user?.username ?? '');
  const [password, setPassword] = useState('');

  const submit = useSingleFlight(async (event: FormEvent) => {
    event.preventDefault();
    if (!password.trim()) return toastFail(t('reports.required'));
    try {
      await remove.mutateAsync(password.trim());
      toastSuccess(t('accountData.deleted'));
      navigate('/m/login', { replace: true });
    } catch (error) {
      toastFail(errorText(error));
    }
  });

  return (
    <form onSubmit={submit} noValidate data-testid="delete-account-form">
      <p className="m-hint m-hint-flush">{t('accountData.deleteWarning')}</p>
      <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
      <PasswordField icon={<MenuIcon tone="orange"><KeyIcon /></MenuIcon>} name="password" autoComplete="current-password" placeholder={t('accountData.password')} value={password} onChange={setPassword} />
      <div className="m-dialog-actions">
        <Button block onClick={onCancel}>
          {t('reports.cancel')}
        </Button>
        <Button block color="danger" type="submit" loading={remove.isPending} data-testid="delete-account-confirm">
          {t('accountData.confirm')}
        </Button>
      </div>
    </form>
  );
}
