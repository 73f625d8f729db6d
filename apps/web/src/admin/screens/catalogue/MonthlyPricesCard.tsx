import { Button, Card, Form, InputNumber, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMonthlyPriceSaveMutation, useMonthlyPricesQuery } from '../../../api/admin-catalogue';
import { ErrorAlert } from '../../components/ErrorAlert';
import { useSaved } from '../../components/use-catalogue-feedback';

/** The monthly list price of each paid level (what the upgrade page compares each package with). */
export function MonthlyPricesCard() {
  const { t } = useTranslation('admin');
  const prices = useMonthlyPricesQuery();
  const save = useMonthlyPriceSaveMutation();
  const saved = useSaved();
  return (
    <Card title={t('catalogue.prices')} data-testid="monthly-prices">
      {prices.isError ? <ErrorAlert error={prices.error} /> : null}
      <Space size="large" wrap align="start">
        {(prices.data ?? []).map((p) => (
          <Form
            key={`${p.vip}:${p.monthly_list_price_cents}`}
            layout="inline"
            initialValues={{ price: p.monthly_list_price_cents / 100 }}
            onFinish={({ price }: { price: number }) => void saved(save.mutateAsync({ vip: p.vip, monthly_list_price_cents: Math.round(price * 100) })).catch(() => undefined)}
          >
            <Form.Item name="price" label={t('catalogue.monthlyPrice', { level: t(`vip.${p.vip}`) })} rules={[{ required: true, message: t('form.required') }]}>
              <InputNumber min={0.01} max={1_000_000} precision={2} prefix="$" style={{ width: 150 }} />
            </Form.Item>
            <Button htmlType="submit" loading={save.isPending && save.variables?.vip === p.vip}>
              {t('actions.save')}
            </Button>
          </Form>
        ))}
      </Space>
    </Card>
  );
}
