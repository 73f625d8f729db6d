import { type OrderType, type PayType } from '@kindred/protocol';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../../state/session';
import { DEFAULT_PAY_TYPE, EMPTY_PAYER, formOf, methodsFor } from '../../../ui/payment-form';
import { usePayment } from '../../../ui/use-payment';
import { SubPage } from '../../components/SubPage';
import { useSingleFlight } from '../../use-single-flight';
import { ListMessage } from '../discovery/ListState';
import { MethodList } from './MethodList';
import { OrderSummary } from './OrderSummary';
import { PayOverlay } from './PayOverlay';
import { QueryState } from './QueryState';
import { useMobilePayOutcome } from './use-mobile-pay-outcome';
import { useOrderFromParams } from './use-order-query';
import './money.css';

const BACK: Record<OrderType, string> = { 1: '/m/home/invest/index', 2: '/m/home/upgrade/index' };

/**
 * /m/home/invest/list and /m/home/upgrade/list (query `amounts`, `selected`): the order and its
 * payment methods (method 3 first). Methods with a form go on to the payment page; balance, the
 * other provider and scan-code pay from here (the upgrade's 0/1/5 guarded 10 s like the card form).
 */
export default function PayMethodScreen({ orderType }: { orderType: OrderType }) {
  const { t } = useTranslation('mobile');
  const navigate = useNavigate();
  const balance = useSession((s) => s.user?.amount ?? 0);
  const { loading, problem, order } = useOrderFromParams(orderType);
  const [method, setMethod] = useState<PayType>(DEFAULT_PAY_TYPE);
  const payment = usePayment('m');
  const onOutcome = useMobilePayOutcome(orderType);

  const go = useSingleFlight(async () => {
    if (!order) return;
    if (formOf(method) !== 'none') {
      navigate(`/m/home/payment/${encodeURIComponent(order.income)}/${order.packageId}/${method}/${orderType}`);
      return;
    }
    onOutcome(await payment.submit({ orderType, packageId: order.packageId, income: order.income, payType: method }, EMPTY_PAYER));
  });

  const title = t(orderType === 2 ? 'titles.upgradePay' : 'titles.rechargePay');
  return (
    <SubPage title={title} back={BACK[orderType]} testId={orderType === 2 ? 'upgrade-pay-screen' : 'recharge-pay-screen'}>
      {loading ? <QueryState query={loading} /> : null}
      {problem ? <ListMessage text={problem} action={t('common:actions.back')} onAction={() => navigate(BACK[orderType], { replace: true })} testId="pay-problem" /> : null}
      {order ? (
        <>
          <OrderSummary title={order.title} detail={order.detail} income={order.income} />
          <MethodList methods={methodsFor(orderType)} value={method} onChange={setMethod} balance={balance} />
          <p className="m-hint">{t('money.terms.oneOff')}</p>
          <div className="m-actions">
            <Button color="primary" className="m-button-pill" block onClick={go} loading={payment.pending} data-testid="pay-next">
              {formOf(method) === 'none' ? t('money.payNow', { amount: order.income }) : t('money.continue')}
            </Button>
          </div>
        </>
      ) : null}
      <PayOverlay visible={payment.overlay} />
    </SubPage>
  );
}
