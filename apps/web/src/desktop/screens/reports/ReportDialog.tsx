import { LIMITS, REPORT_CONTENT_MAX, REPORT_TYPES } from '@kindred/protocol';
import { App, Button, Form, Input, Modal, Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../api/errors';
import { useReportMutation } from '../../../api/reports';
import { REPORT_IMAGE_TYPES, reportImageProblem } from '../../../ui/report-form';
import './reports.css';

interface ReportForm {
  type: 1 | 2 | 3;
  email?: string;
  content?: string;
}

/** The member page's report dialog: a reason (1 advertising, 2 offensive, 3 illegal), optionally details, an e-mail and a picture. */
export function ReportDialog({ member, onClose }: { member: { id: number; username: string }; onClose: () => void }) {
  const { t } = useTranslation('desktop');
  const errorText = useErrorText();
  const { message } = App.useApp();
  const report = useReportMutation();
  const [form] = Form.useForm<ReportForm>();
  const [image, setImage] = useState<File | null>(null);

  const submit = async (values: ReportForm) => {
    try {
      await report.mutateAsync({ userid: member.id, type: values.type, email: values.email?.trim() || undefined, content: values.content?.trim() || undefined, ...(image ? { img: image } : {}) });
      void message.success(t('reports.submitted'));
      onClose();
    } catch (error) {
      void message.error(errorText(error));
    }
  };

  return (
    <Modal
      open
      title={t('reports.dialogTitle', { name: member.username })}
      onCancel={onClose}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('reports.cancel')}
        </Button>,
        <Button key="submit" type="primary" danger loading={report.isPending} onClick={() => form.submit()} data-testid="report-dialog-submit">
          {t('reports.submit')}
        </Button>,
      ]}
      destroyOnHidden
    >
      <p className="kd-muted">{t('reports.dialogHint')}</p>
      <Form<ReportForm> form={form} layout="vertical" name="report" onFinish={submit} requiredMark={false}>
        <Form.Item name="type" label={t('reports.type')} rules={[{ required: true, message: t('reports.required') }]}>
          <Radio.Group data-testid="report-dialog-type">
            {REPORT_TYPES.map((value) => (
              <Radio key={value} value={value}>
                {t(`reports.types.${value}`)}
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        <Form.Item name="content" label={t('reports.content')}>
          <Input.TextArea rows={3} maxLength={REPORT_CONTENT_MAX} showCount placeholder={t('reports.contentPlaceholder', { max: REPORT_CONTENT_MAX })} />
        </Form.Item>
        <Form.Item name="email" label={t('reports.email')} rules={[{ type: 'email', message: t('common:errors.email_format') }]}>
          <Input type="email" maxLength={LIMITS.emailMax} autoComplete="email" placeholder={t('reports.emailPlaceholder')} />
        </Form.Item>
        <Form.Item label={t('reports.image')} htmlFor="report-dialog-image">
          <input
            id="report-dialog-image"
            type="file"
            accept={REPORT_IMAGE_TYPES.join(',')}
            onChange={(event) => {
              const file = event.target.files?.[0] ?? null;
              if (file && reportImageProblem(file)) {
                event.target.value = '';
                return void message.error(t('reports.badImage'));
              }
              setImage(file);
            }}
            data-testid="report-dialog-image"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
