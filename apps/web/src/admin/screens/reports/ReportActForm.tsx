import { REPORT_ACTIONS, type AdminReportWire, type ReportAction } from '@kindred/protocol';
import { App, Button, Card, Form, Input, InputNumber, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAdminReportActMutation } from '../../../api/admin-reports';
import { useErrorText } from '../../../api/errors';

interface ActValues {
  action: ReportAction;
  days?: number;
  result: string;
}

/** Dismiss, warn, suspend for N days or ban, with the result text the reporter receives; confirmed first. */
export function ReportActForm({ report, onDone }: { report: AdminReportWire; onDone(): void }) {
  const { t } = useTranslation('admin');
  const errorText = useErrorText();
  const { modal, message } = App.useApp();
  const act = useAdminReportActMutation();
  const [form] = Form.useForm<ActValues>();
  const action = Form.useWatch('action', form);

  const submit = (values: ActValues) => {
    modal.confirm({
      title: t('reports.confirmTitle'),
      content: t(`reports.confirm.${values.action}`, { name: report.reported.username, count: values.days ?? 0 }),
      okText: t('actions.confirm'),
      cancelText: t('actions.cancel'),
      okButtonProps: { danger: values.action === 'ban' || values.action === 'suspend' },
      onOk: () =>
        act.mutateAsync({ id: report.id, action: values.action, days: values.action === 'suspend' ? values.days : undefined, result: values.result }).then(
          () => {
            void message.success(t('reports.acted'));
            onDone();
          },
          (error: unknown) => void message.error(errorText(error)),
        ),
    });
  };

  return (
    <Card title={t('reports.actTitle')} data-testid="report-act">
      <Form form={form} layout="vertical" initialValues={{ action: 'warn', days: 7 }} onFinish={submit} requiredMark={false}>
        <Form.Item name="action" label={t('reports.action')}>
          <Radio.Group optionType="button" buttonStyle="solid" options={REPORT_ACTIONS.map((a) => ({ value: a, label: t(`reports.actions.${a}`) }))} />
        </Form.Item>
        {action === 'suspend' ? (
          <Form.Item name="days" label={t('reports.days')} rules={[{ required: true, message: t('form.required') }]}>
            <InputNumber min={1} max={3650} precision={0} style={{ width: 160 }} />
          </Form.Item>
        ) : null}
        <Form.Item name="result" label={t('reports.resultText')} extra={t('reports.resultHint')} rules={[{ required: true, whitespace: true, message: t('form.required') }, { max: 500 }]}>
          <Input.TextArea name="result" rows={3} maxLength={500} showCount />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={act.isPending} danger={action === 'ban'}>
          {t('reports.actSubmit')}
        </Button>
      </Form>
    </Card>
  );
}
