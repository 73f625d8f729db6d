import { CreditCardOutlined, LockOutlined } from '@ant-design/icons';
import { CARD_COUNTRIES, LIMITS, type OrderType, type PayType } from '@kindred/protocol';
import { Button, Col, Form, Input, Radio, Row, Select, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../state/session';
import { DEFAULT_PAY_TYPE, EMPTY_PAYER, expiryYears, formatCardNumber, formOf, methodsFor, type PayerForm } from '../../../ui/payment-form';
import { usePayment } from '../../../ui/use-payment';
import { PaymentFrame } from './PaymentFrame';
import { useDesktopPayOutcome } from './use-desktop-pay-outcome';

type Values = PayerForm & { payType: PayType };

/** Typing narrows the long lists (years, countries) by their visible label. */
const SEARCH = { optionFilterProp: 'label' };

const MONTHS = Array.from({ length: 12 }, (_, i) => ({ value: String(i + 1), label: String(i + 1).padStart(2, '0') }));

/**
 * The desktop payment form of /w/home/pay and /w/home/upgrade: the methods (3 first; balance for
 * upgrades only), the payer's fields the chosen method needs, one submit per 3 s ("Please wait
 * patiently"), the 5 s overlay, and the outcome (message, provider page, frame, QR window).
 * `order` is what is bought; `check` says why there is nothing to pay yet (amount, set meal).
 */
export function PaymentForm({ orderType, order, check }: { orderType: OrderType; order: { packageId: number; income: string } | null; check: () => string | null }) {
  const { t } = useTranslation('desktop');
  const user = useSession((s) => s.user);
  const [form] = Form.useForm<Values>();
  const payType = (Form.useWatch('payType', form) ?? DEFAULT_PAY_TYPE) as PayType;
  const kind = formOf(payType);
  const payment = usePayment('w');
  const outcome = useDesktopPayOutcome(orderType);
  const label = (f: string) => t(`money.fields.${f}`);
  const ph = (f: string) => t(`money.placeholders.${f}`);

  const submit = async (values: Values) => {
    const problem = check();
    if (problem || !order) return outcome.handle({ kind: 'invalid', text: problem ?? t('money.paymentFailed') });
    const { payType: chosen, ...payer } = values;
    const result = await payment.submit({ orderType, packageId: order.packageId, income: order.income, payType: chosen }, { ...EMPTY_PAYER, ...payer });
    if (result.kind === 'invalid' && result.field) {
      form.setFields([{ name: result.field as keyof Values, errors: [result.text] }]);
      return;
    }
    outcome.handle(result);
  };

  const text = (name: keyof PayerForm, props: Record<string, unknown> = {}) => (
    <Form.Item name={name} label={label(name)}>
      <Input placeholder={ph(name)} maxLength={100} data-testid={`pay-${name}`} {...props} />
    </Form.Item>
  );

  return (
    <>
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        className="kd-pay-form"
        initialValues={{ ...EMPTY_PAYER, email: user?.email ?? '', payType: DEFAULT_PAY_TYPE }}
        onValuesChange={(changed) => form.setFields(Object.keys(changed).map((name) => ({ name: name as keyof Values, errors: [] })))}
        onFinish={(v) => void submit(v)}
      >
        <Form.Item name="payType" label={t('money.method.title')}>
          <Radio.Group className="kd-pay-methods">
            {methodsFor(orderType).map((m) => (
              <Radio.Button key={m} value={m}>
                <span data-testid={`pay-method-${m}`}>{t(`money.method.${m}`)}</span>
              </Radio.Button>
            ))}
          </Radio.Group>
        </Form.Item>
        <p className="kd-muted kd-pay-method-hint">{t(`money.methodHint.${payType}`, { balance: (user?.amount ?? 0).toFixed(2) })}</p>
        {kind !== 'none' ? (
          <Row gutter={16}>
            <Col span={kind === 'card' ? 12 : 24}>{text('name', { autoComplete: kind === 'card' ? 'cc-given-name' : 'name' })}</Col>
            {kind === 'card' ? <Col span={12}>{text('lastname', { autoComplete: 'cc-family-name' })}</Col> : null}
            <Col span={12}>{text('email', { type: 'email', autoComplete: 'email', maxLength: LIMITS.emailMax })}</Col>
            <Col span={12}>{text('phone', { type: 'tel', autoComplete: 'tel', maxLength: 32 })}</Col>
          </Row>
        ) : null}
        {kind === 'card' ? (
          <Row gutter={16}>
            <Col span={24}>
              <Form.Item name="cardnumber" label={label('cardnumber')} normalize={(v: string) => formatCardNumber(v ?? '')}>
                <Input prefix={<CreditCardOutlined />} placeholder={ph('cardnumber')} inputMode="numeric" autoComplete="cc-number" maxLength={23} data-testid="pay-cardnumber" />
              </Form.Item>
            </Col>
            <Col span={14}>
              <Form.Item label={label('expiration')} required={false}>
                <div className="kd-pay-expiry">
                  <Form.Item name="expMonth" noStyle>
                    <Select showSearch={SEARCH} options={MONTHS} placeholder={label('expMonth')} aria-label={label('expMonth')} data-testid="pay-expMonth" />
                  </Form.Item>
                  <Form.Item name="expYear" noStyle>
                    <Select showSearch={SEARCH} options={expiryYears().map((y) => ({ value: String(y), label: String(y) }))} placeholder={label('expYear')} aria-label={label('expYear')} data-testid="pay-expYear" />
                  </Form.Item>
                </div>
              </Form.Item>
            </Col>
            <Col span={10}>
              <Form.Item name="cvv" label={label('cvv')} normalize={(v: string) => (v ?? '').replace(/\D/g, '').slice(0, 4)}>
                <Input.Password placeholder={ph('cvv')} inputMode="numeric" autoComplete="cc-csc" maxLength={4} visibilityToggle={false} data-testid="pay-cvv" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="country" label={label('country')}>
                <Select showSearch={SEARCH} options={CARD_COUNTRIES.map((c) => ({ value: c, label: t(`money.countries.${c}`) }))} placeholder={ph('country')} data-testid="pay-country" />
              </Form.Item>
            </Col>
            <Col span={12}>{text('state', { autoComplete: 'address-level1' })}</Col>
            <Col span={12}>{text('city', { autoComplete: 'address-level2' })}</Col>
            <Col span={12}>{text('zip', { autoComplete: 'postal-code', maxLength: 16 })}</Col>
            <Col span={24}>{text('address', { autoComplete: 'street-address', maxLength: 200 })}</Col>
          </Row>
        ) : null}
        <Button type="primary" htmlType="submit" size="large" block icon={<LockOutlined />} loading={payment.pending} data-testid="pay-submit">
          {order ? t('money.payNow', { amount: order.income }) : t('money.continue')}
        </Button>
        <p className="kd-muted kd-pay-secure">{t('money.secure')}</p>
      </Form>
      <Spin fullscreen spinning={payment.overlay} tip={t('money.processing')} />
      {outcome.frame ? <PaymentFrame url={outcome.frame.url} guid={outcome.frame.guid} onClose={outcome.closeFrame} /> : null}
    </>
  );
}
