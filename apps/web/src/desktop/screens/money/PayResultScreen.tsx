import { Button, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useOrderStatusQuery } from '../../../api/billing';
import { useErrorText } from '../../../api/errors';
import { VipBadge } from '../../../ui/VipBadge';
import { usePageTitle } from '../../components/Page';
import './money.css';

/**
 * The desktop page a payer comes back to (PAY_RETURN_PATHS.w, query `guid`): the order asked for
 * every 2 s until paid, failed or expired, then the success message with the new balance (and
 * level), or "Payment failed". The header's balance and badge follow at once (api/billing).
 */
export function PayResultScreen() {
  const { t, i18n } = useTranslation('desktop');
  const navigate = useNavigate();
  const errorText = useErrorText();
  const [params] = useSearchParams();
  const guid = params.get('guid');
  const order = useOrderStatusQuery(guid);
  const data = order.data;
  usePageTitle(t('money.titles.result'));
  const again = data?.order_type === 2 ? '/w/home/upgrade' : '/w/home/pay';
  const home = (
    <Button key="home" onClick={() => navigate('/w/home/index')} data-testid="pay-result-home">
      {t('money.result.home')}
    </Button>
  );

  let result;
  if (!guid || order.isError) {
    result = <Result status="warning" title={t('money.result.unknown')} subTitle={order.isError ? errorText(order.error) : undefined} extra={home} data-testid="pay-result-unknown" />;
  } else if (!data || data.status === 'pending') {
    const scanning = data?.pay_type === 6 && data.content;
    result = (
      <Result
        icon={<Spin size="large" />}
        title={scanning ? t('money.scan.waiting') : t('money.result.waiting')}
        subTitle={t('money.result.waitingHint')}
        extra={[
          scanning ? (
            <Button key="qr" onClick={() => void window.open(data.content, '_blank', 'noopener')} data-testid="pay-reopen-qr">
              {t('money.scan.reopen')}
            </Button>
          ) : null,
          home,
        ]}
        data-testid="pay-result-pending"
      />
    );
  } else if (data.status === 'paid') {
    const until = data.vip >= 2 ? data.overduedate_2 : data.overduedate_1;
    result = (
      <Result
        status="success"
        title={t(data.order_type === 2 ? 'money.upgradeSuccess' : 'money.rechargeSuccess')}
        subTitle={
          <>
            <span data-testid="pay-result-balance">{t('money.result.newBalance', { amount: data.amount.toFixed(2) })}</span>
            {data.order_type === 2 ? (
              <span className="kd-pay-result-level" data-testid="pay-result-level">
                <VipBadge vip={data.vip} /> {t('money.result.newLevel', { level: t(`common:vip.${data.vip}`), date: new Date(until * 1000).toLocaleDateString(i18n.language) })}
              </span>
            ) : null}
          </>
        }
        extra={home}
        data-testid="pay-result-paid"
      />
    );
  } else {
    result = (
      <Result
        status="error"
        title={data.status === 'expired' ? t('money.result.expired') : t('money.paymentFailed')}
        subTitle={t('money.result.failedHint')}
        extra={[
          <Button key="again" type="primary" onClick={() => navigate(again)} data-testid="pay-result-again">
            {t('money.result.again')}
          </Button>,
          home,
        ]}
        data-testid={`pay-result-${data.status}`}
      />
    );
  }
  return <div className="kd-card kd-pay-result">{result}</div>;
}
