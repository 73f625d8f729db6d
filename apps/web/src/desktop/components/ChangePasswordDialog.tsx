import { LockOutlined } from '@ant-design/icons';
import { LIMITS } from '@kindred/protocol';
import { Alert, App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useChangePasswordMutation } from '../../api/auth';
import { ApiError } from '../../api/client';
import { useErrorText } from '../../api/errors';
import { useFormRules } from './use-form-rules';

interface PasswordValues {
  oldpassword: string;
  newpassword: string;
  passwordRepeat: string;
}

/** Old, new and repeated password, trimmed; a wrong old password (status 0) is said so. */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('desktop');
  const rules = useFormRules();
  const [form] = Form.useForm<PasswordValues>();
  const change = useChangePasswordMutation();
  const errorText = useErrorText();
  const { message } = App.useApp();

  // The spec answers a wrong old password with status 0, which errorText takes for "no connection"
  // unless the error names its id; read the id first.
  const problem = (error: unknown) =>
    error instanceof ApiError && error.id === 'old_password_wrong' ? t('common:errors.old_password_wrong') : errorText(error);

  const submit = (v: PasswordValues) =>
    change.mutate(
      { oldpassword: v.oldpassword.trim(), newpassword: v.newpassword.trim() },
      {
        onSuccess: () => {
          void message.success(t('common:messages.modified'));
          onClose();
        },
      },
    );

  return (
    <Modal
      open={open}
      title={t('password.title')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common:actions.save')}
      cancelText={t('common:actions.cancel')}
      confirmLoading={change.isPending}
      destroyOnHidden
      afterOpenChange={(visible) => {
        if (!visible) change.reset();
      }}
      width={440}
    >
      <p className="kd-muted kd-dialog-hint">{t('password.hint')}</p>
      <Form<PasswordValues> form={form} name="changepwd" layout="vertical" requiredMark={false} onFinish={submit} preserve={false}>
        <Form.Item name="oldpassword" label={t('common:fields.oldpassword')} rules={[rules.required('oldpassword')]}>
          <Input.Password name="oldpassword" prefix={<LockOutlined />} maxLength={128} autoComplete="current-password" autoFocus />
        </Form.Item>
        <Form.Item name="newpassword" label={t('common:fields.newpassword')} rules={[rules.required('newpassword'), rules.password]}>
          <Input.Password name="newpassword" prefix={<LockOutlined />} maxLength={LIMITS.passwordMax} autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="passwordRepeat" label={t('common:fields.passwordRepeat')} dependencies={['newpassword']} rules={[rules.required('passwordRepeat'), rules.sameAs('newpassword')]}>
          <Input.Password name="passwordRepeat" prefix={<LockOutlined />} maxLength={LIMITS.passwordMax} autoComplete="new-password" onPressEnter={() => form.submit()} />
        </Form.Item>
        {change.error ? <Alert type="error" showIcon title={problem(change.error)} /> : null}
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Form>
    </Modal>
  );
}
