import { Alert, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStaffRecoveryCodesMutation } from '../../api/admin-auth';
import { useErrorText } from '../../api/errors';
import { useAdminSession } from '../../state/admin-session';
import { RecoveryCodesList } from './RecoveryCodesList';

/** A new set of recovery codes, confirmed with a current code; the old set stops working. */
export function RecoveryCodesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const errorText = useErrorText();
  const account = useAdminSession((s) => s.staff?.username ?? '');
  const renew = useStaffRecoveryCodesMutation();
  const [form] = Form.useForm<{ code: string }>();
  const [codes, setCodes] = useState<string[] | null>(null);

  const close = () => {
    setCodes(null);
    renew.reset();
    form.resetFields();
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('codes.renewTitle')}
      onCancel={close}
      okText={codes ? t('actions.done') : t('codes.renew')}
      onOk={() => (codes ? close() : form.submit())}
      confirmLoading={renew.isPending}
      cancelButtonProps={codes ? { style: { display: 'none' } } : undefined}
      destroyOnHidden
    >
      {codes ? (
        <>
          <Alert type="warning" showIcon message={t('codes.onlyOnce')} style={{ marginBottom: 12 }} />
          <RecoveryCodesList codes={codes} account={account} />
        </>
      ) : (
        <Form form={form} layout="vertical" onFinish={({ code }) => renew.mutate(code, { onSuccess: (r) => setCodes(r.recovery_codes) })}>
          <p className="ka-muted">{t('codes.renewLead')}</p>
          <Form.Item name="code" label={t('login.code')} rules={[{ required: true, pattern: /^\s*\d{3}\s?\d{3}\s*$/, message: t('login.codeRule') }]}>
            <Input inputMode="numeric" autoComplete="one-time-code" maxLength={7} />
          </Form.Item>
          {renew.isError ? <Alert type="error" showIcon message={errorText(renew.error)} /> : null}
        </Form>
      )}
    </Modal>
  );
}
