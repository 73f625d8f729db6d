import { type OrderType, type PayType } from '@kindred/protocol';
import { Button, Form } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useSession } from '../../../state/session';
import { EMPTY_PAYER, formOf, type PayerForm } from '../../../ui/payment-form';
import { usePayment } from '../../../ui/use-payment';
import { SubPage } from '../../components/SubPage';
import { useSingleFlight } from '../../use-single-flight';
import { ListMessage } from '../discovery/ListState';
import { OrderSummary } from './OrderSummary';
import { PayerFields } from './PayerFields';
import { PayOverlay } from './PayOverlay';
import { QueryState } from './QueryState';
import { useMobilePayOutcome } from './use-mobile-pay-outcome';
import { useOrderFromParams } from './use-order-query';
import './money.css';

const asPayType = (v: string | undefined): PayType | null => {
  const n = Number(v);
  return Number.isInteger(n) && n >= 0 && n <= 6 ? (n as PayType) : null;
};

/**
 * /m/home/payment/:selectedamount/:selected/:paytype/:order_type: the payer's form for methods
 * 2/3 (name, e-mail, phone) and 4 (the full card form), submitted once per 10 s ("Please wait
 * patiently"), the card details passed to the provider and kept nowhere here.
 */
export default function PaymentScreen() {
  const { t } = useTranslation('mobile');
  const navigate = useNavigate();
  const params = useParams();
  const user = useSession((s) => s.user);
  const orderType: OrderType = params.order_type === '2' ? 2 : 1;
  const payType = asPayType(params.paytype);
  const { loading, problem, order } = useOrderFromParams(orderType, { amounts: params.selectedamount, selected: params.selected });
  const [form] = Form.useForm<PayerForm>();
  const payment = usePayment('m');
  const onOutcome = useMobilePayOutcome(orderType);
  const kind = payType === null ? 'none' : formOf(payType);
  const back = `${orderType === 2 ? '/m/home/upgrade/list' : '/m/home/invest/list'}?${new URLSearchParams({ amounts: params.selectedamount ?? '', selected: params.selected ?? '0' })}`;

  const submit = useSingleFlight(async () => {
    if (!order || payType === null) return;
    const values = { ...EMPTY_PAYER, ...form.getFieldsValue() };
    const outcome = await payment.submit({ orderType, packageId: order.packageId, income: order.income, payType }, values);
    if (outcome.kind === 'invalid' && outcome.field) form.setFields([{ name: outcome.field as keyof PayerForm, errors: [outcome.text] }]);
    onOutcome(outcome);
  });

  return (
    <SubPage title={t('money.titles.payment')} back={back} testId="payment-screen">
      {loading ? <QueryState query={loading} /> : null}
      {problem || (order && kind === 'none') ? (
        <ListMessage text={problem ?? t('money.paymentFailed')} action={t('common:actions.back')} onAction={() => navigate(back, { replace: true })} testId="pay-problem" />
      ) : null}
      {order && kind !== 'none' && payType !== null ? (
        <>
          <OrderSummary title={order.title} detail={t(`money.method.${payType}`)} income={order.income} />
          <Form
            form={form}
            layout="horizontal"
            className="m-card m-pay-form"
            initialValues={{ ...EMPTY_PAYER, email: user?.email ?? '' }}
            onValuesChange={(changed) => form.setFields(Object.keys(changed).map((name) => ({ name: name as keyof PayerForm, errors: [] })))}
            onFinish={submit}
            footer={
              <Button type="submit" color="primary" className="m-button-pill" block loading={payment.pending} data-testid="pay-submit">
                {t('money.payNow', { amount: order.income })}
              </Button>
            }
          >
            <PayerFields kind={kind} />
          </Form>
          <p className="m-hint">{t('money.secure')}</p>
        </>
      ) : null}
      <PayOverlay visible={payment.overlay} />
    </SubPage>
  );
}
