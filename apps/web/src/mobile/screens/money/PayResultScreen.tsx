import type { OrderWire } from '@kindred/protocol';
import { Button, DotLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useOrderStatusQuery } from '../../../api/billing';
import { useErrorText } from '../../../api/errors';
import { VipBadge } from '../../../ui/VipBadge';
import { SubPage } from '../../components/SubPage';
import { CheckIcon, CloseIcon } from '../../icons';
import './money.css';

const again = (order: OrderWire) => (order.order_type === 2 ? '/m/home/upgrade/index' : '/m/home/invest/index');

/**
 * The page a payer comes back to (PAY_RETURN_PATHS.m, query `guid`) after a hosted page, a challenge
 * or a scan, and where an instant payment ends: it asks for the order every 2 s until it is paid,
 * failed or expired, then says "Recharge success" (or the upgrade's) or "Payment failed". The
 * balance and badge are updated everywhere by then (api/billing applyPaidOrder).
 */
export default function PayResultScreen() {
  const { t, i18n } = useTranslation('mobile');
  const navigate = useNavigate();
  const errorText = useErrorText();
  const [params] = useSearchParams();
  const order = useOrderStatusQuery(params.get('guid'));
  const data = order.data;

  let body;
  if (!params.get('guid') || order.isError) {
    body = (
      <div className="m-pay-result is-failed" data-testid="pay-result-unknown">
        <span className="m-pay-result-icon"><CloseIcon /></span>
        <h2>{t('money.result.unknown')}</h2>
        {order.isError ? <p>{errorText(order.error)}</p> : null}
      </div>
    );
  } else if (!data || data.status === 'pending') {
    const scanning = data?.pay_type === 6 && data.content;
    body = (
      <div className="m-pay-result" role="status" data-testid="pay-result-pending">
        <DotLoading color="primary" />
        <h2>{scanning ? t('money.scan.waiting') : t('money.result.waiting')}</h2>
        <p>{t('money.result.waitingHint')}</p>
        {scanning ? (
          <Button fill="outline" color="primary" shape="rounded" onClick={() => void window.open(data.content, '_blank', 'noopener')} data-testid="pay-reopen-qr">
            {t('money.scan.reopen')}
          </Button>
        ) : null}
      </div>
    );
  } else if (data.status === 'paid') {
    const until = data.vip >= 2 ? data.overduedate_2 : data.overduedate_1;
    body = (
      <div className="m-pay-result is-paid" data-testid="pay-result-paid">
        <span className="m-pay-result-icon"><CheckIcon /></span>
        <h2>{t(data.order_type === 2 ? 'money.upgradeSuccess' : 'money.rechargeSuccess')}</h2>
        <p data-testid="pay-result-balance">{t('money.result.newBalance', { amount: data.amount.toFixed(2) })}</p>
        {data.order_type === 2 ? (
          <p data-testid="pay-result-level">
            <VipBadge vip={data.vip} />{' '}
            {t('money.result.newLevel', { level: t(`common:vip.${data.vip}`), date: new Date(until * 1000).toLocaleDateString(i18n.language) })}
          </p>
        ) : null}
      </div>
    );
  } else {
    body = (
      <div className="m-pay-result is-failed" data-testid={`pay-result-${data.status}`}>
        <span className="m-pay-result-icon"><CloseIcon /></span>
        <h2>{data.status === 'expired' ? t('money.result.expired') : t('money.paymentFailed')}</h2>
        <p>{t('money.result.failedHint')}</p>
      </div>
    );
  }

  return (
    <SubPage title={t('money.titles.result')} back="/m/home/my/index" testId="pay-result">
      <section className="m-card m-card-pad">{body}</section>
      <div className="m-actions">
        {data && data.status !== 'pending' && data.status !== 'paid' ? (
          <Button color="primary" className="m-button-pill" onClick={() => navigate(again(data), { replace: true })} data-testid="pay-result-again">
            {t('money.result.again')}
          </Button>
        ) : null}
        <Button className="m-button-pill" onClick={() => navigate('/m/home/index', { replace: true })} data-testid="pay-result-home">
          {t('money.result.home')}
        </Button>
      </div>
    </SubPage>
  );
}
