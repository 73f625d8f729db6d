import { DeleteOutlined, DownloadOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDeleteAccountMutation, useDownloadMyDataMutation } from '../../../api/account-data';
import { useErrorText } from '../../../api/errors';
import { useSession } from '../../../state/session';
import './reports.css';

/** Settings: download my data (a ZIP, fetched with the session's header) and delete my account (password first). */
export function AccountDataCard() {
  const { t } = useTranslation('desktop');
  const errorText = useErrorText();
  const { message } = App.useApp();
  const download = useDownloadMyDataMutation();
  const [confirming, setConfirming] = useState(false);

  const save = () =>
    download.mutate(undefined, {
      onSuccess: () => void message.success(t('accountData.downloaded')),
      onError: (error) => void message.error(errorText(error)),
    });

  return (
    <section className="kd-card kd-account-data" aria-labelledby="account-data-title">
      <header className="kd-page-head">
        <h2 id="account-data-title">{t('accountData.title')}</h2>
      </header>
      <div className="kd-account-row">
        <p>{t('accountData.downloadHint')}</p>
        <Button icon={<DownloadOutlined />} onClick={save} loading={download.isPending} data-testid="settings-export">
          {t('accountData.download')}
        </Button>
      </div>
      <div className="kd-account-row">
        <p>{t('accountData.deleteHint')}</p>
        <Button danger icon={<DeleteOutlined />} onClick={() => setConfirming(true)} data-testid="settings-delete-account">
          {t('accountData.delete')}
        </Button>
      </div>
      {confirming ? <DeleteAccountDialog onClose={() => setConfirming(false)} /> : null}
    </section>
  );
}

function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('desktop');
  const errorText = useErrorText();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const remove = useDeleteAccountMutation();
  const username = useSession((s) => s.user?.username ?? '');
  const [form] = Form.useForm<{ password: string }>();

  const submit = async ({ password }: { password: string }) => {
    try {
      await remove.mutateAsync(password.trim());
      void message.success(t('accountData.deleted'));
      navigate('/w/login', { replace: true });
    } catch (error) {
      void message.error(errorText(error));
    }
  };

  return (
    <Modal
      open
      title={t('accountData.deleteTitle')}
      onCancel={onClose}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('reports.cancel')}
        </Button>,
        <Button key="ok" type="primary" danger loading={remove.isPending} onClick={() => form.submit()} data-testid="delete-account-confirm">
          {t('accountData.confirm')}
        </Button>,
      ]}
      destroyOnHidden
    >
      <p>{t('accountData.deleteWarning')}</p>
      <Form form={form} layout="vertical" name="delete-account" onFinish={submit} requiredMark={false}>
        <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
        <Form.Item name="password" label={t('accountData.password')} rules={[{ required: true, whitespace: true, message: t('reports.required') }]}>
          <Input.Password autoComplete="current-password" data-testid="delete-account-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
