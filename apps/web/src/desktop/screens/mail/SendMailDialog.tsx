import { MailOutlined } from '@ant-design/icons';
import { LIMITS } from '@kindred/protocol';
import { Alert, App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { isMailNeedUpgrade, useSendMailErrorText, useSendMailMutation } from '../../../api/mail';

interface MailValues {
  email: string;
  content: string;
}

/**
 * The new-message dialog: recipient (username or e-mail) and a message of at most 50 characters
 * with a counter; Cancel and Send. "User does not exist" and other failures stay in the dialog.
 */
export function SendMailDialog({ open, to = '', onClose, onNeedUpgrade }: { open: boolean; to?: string; onClose: () => void; onNeedUpgrade: () => void }) {
  const { t } = useTranslation('desktop');
  const { message } = App.useApp();
  const [form] = Form.useForm<MailValues>();
  const send = useSendMailMutation();
  const sendErrorText = useSendMailErrorText();

  const submit = (values: MailValues) =>
    send.mutate(values, {
      onSuccess: () => {
        void message.success(t('mail.sent'));
        onClose();
      },
      onError: (error) => {
        if (isMailNeedUpgrade(error)) onNeedUpgrade();
      },
    });

  return (
    <Modal
      open={open}
      title={t('mail.sendTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common:actions.send')}
      cancelText={t('common:actions.cancel')}
      confirmLoading={send.isPending}
      destroyOnHidden
      afterOpenChange={(visible) => {
        if (!visible) send.reset();
      }}
      width={480}
      rootClassName="kd-mail-send-modal"
    >
      <Form<MailValues>
        form={form}
        name="sendmail"
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        onValuesChange={() => send.error && send.reset()}
        initialValues={{ email: to, content: '' }}
        preserve={false}
      >
        <Form.Item name="email" label={t('mail.address')} rules={[{ required: true, whitespace: true, message: t('mail.addressRequired') }]}>
          <Input name="email" prefix={<MailOutlined />} placeholder={t('mail.addressPlaceholder')} maxLength={LIMITS.emailMax} autoComplete="off" autoFocus={!to} />
        </Form.Item>
        <Form.Item name="content" label={t('mail.message')} rules={[{ required: true, whitespace: true, message: t('common:errors.content_empty') }]}>
          <Input.TextArea
            name="content"
            placeholder={t('mail.messagePlaceholder', { max: LIMITS.mailMax })}
            maxLength={LIMITS.mailMax}
            showCount
            autoSize={{ minRows: 3, maxRows: 5 }}
            autoFocus={Boolean(to)}
          />
        </Form.Item>
        {send.error ? <Alert type="error" showIcon title={sendErrorText(send.error, 'desktop:mail.sendFailed')} data-testid="mail-send-error" /> : null}
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Form>
    </Modal>
  );
}
