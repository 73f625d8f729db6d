import { Form, Modal, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props<V> {
  open: boolean;
  title: string;
  /** What will happen, said before the staff member confirms. */
  warning?: ReactNode;
  okText: string;
  danger?: boolean;
  initialValues?: Partial<V>;
  busy: boolean;
  width?: number;
  onSubmit(values: V): Promise<unknown>;
  onClose(): void;
  children: ReactNode | ((form: FormInstance<V>) => ReactNode);
}

/** A staff action that needs details (days, a reason, an amount): the dialog's OK is the confirmation. */
export function ActionDialog<V extends object>({ open, title, warning, okText, danger, initialValues, busy, width, onSubmit, onClose, children }: Props<V>) {
  const { t } = useTranslation('admin');
  const [form] = Form.useForm<V>();
  return (
    <Modal
      open={open}
      title={title}
      width={width}
      okText={okText}
      cancelText={t('actions.cancel')}
      okButtonProps={{ danger, loading: busy }}
      onOk={() => form.submit()}
      onCancel={onClose}
      // A fresh form (its initial values) each time it opens.
      destroyOnHidden
    >
      {warning ? <p>{warning}</p> : null}
      <Form form={form} layout="vertical" requiredMark={false} initialValues={initialValues} onFinish={(v) => void onSubmit(v).then(onClose, () => undefined)}>
        {typeof children === 'function' ? children(form) : children}
      </Form>
    </Modal>
  );
}
