import { WalletOutlined } from '@ant-design/icons';
import { CREDITS_PER_CENT, parseUsdCents } from '@kindred/protocol';
import { Alert, Input, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRechargePackagesQuery } from '../../../api/billing';
import { useErrorText } from '../../../api/errors';
import { useSession } from '../../../state/session';
import { checkAmount, problemText } from '../../../ui/payment-form';
import { useRechargeChoice } from '../../../ui/use-money-choice';
import { PaymentForm } from './PaymentForm';
import './money.css';

/**
 * /w/home/pay: the balance, a preset package (the third after 1 s) or a custom USD amount kept to
 * the rule as it is typed, and the payment form beside it.
 */
export function PayScreen() {
  const { t } = useTranslation('desktop');
  const errorText = useErrorText();
  const balance = useSession((s) => s.user?.amount ?? 0);
  const packages = useRechargePackagesQuery();
  const choice = useRechargeChoice(packages.data);
  const wrong = choice.amount ? checkAmount(choice.amount) : null;
  const cents = parseUsdCents(choice.amount);
  const order = cents === null ? null : { packageId: choice.selected, income: choice.chosen?.amounts ?? (cents / 100).toFixed(2) };
  const check = () => {
    const problem = checkAmount(choice.amount);
    return problem ? problemText(t, problem) : null;
  };

  return (
    <div className="kd-pay" data-testid="pay-screen">
      <section className="kd-card kd-pay-choice">
        <header className="kd-page-head">
          <h1>{t('titles.pay')}</h1>
          <p>{t('money.amountHint')}</p>
        </header>
        <div className="kd-pay-balance">
          <WalletOutlined />
          <span className="kd-muted">{t('money.balance')}</span>
          <strong data-testid="money-balance">{balance.toFixed(2)}</strong>
        </div>
        <h2 className="kd-pay-heading">{t('money.packages')}</h2>
        {packages.isError ? <Alert type="error" showIcon title={errorText(packages.error)} /> : null}
        {packages.data ? (
          <div className="kd-pay-packages" role="radiogroup" aria-label={t('money.packages')}>
            {packages.data.map((p) => (
              <button
                key={p.id}
                type="button"
                role="radio"
                aria-checked={choice.selected === p.id}
                className={`kd-pay-package${choice.selected === p.id ? ' is-on' : ''}`}
                onClick={() => choice.choose(p)}
                data-testid={`recharge-package-${p.id}`}
              >
                <strong>{t('money.credits', { credits: p.credits.toFixed(0) })}</strong>
                <span>{t('money.usd', { amount: p.amounts })}</span>
              </button>
            ))}
          </div>
        ) : packages.isPending ? (
          <Skeleton active paragraph={{ rows: 2 }} />
        ) : null}
        <label className="kd-pay-heading" htmlFor="recharge-amount">
          {t('money.customAmount')}
        </label>
        <Input
          id="recharge-amount"
          size="large"
          prefix="US$"
          value={choice.amount}
          onChange={(e) => choice.type(e.target.value)}
          inputMode="decimal"
          placeholder={t('money.amountPlaceholder')}
          maxLength={10}
          status={wrong ? 'error' : undefined}
          data-testid="recharge-amount"
        />
        {wrong ? (
          <p className="kd-pay-problem" role="alert" data-testid="recharge-problem">
            {problemText(t, wrong)}
          </p>
        ) : null}
        <ul className="kd-pay-terms kd-muted">
          <li>{t('money.terms.oneOff')}</li>
          <li>{t('money.terms.virtual')}</li>
          <li>{t('money.terms.disputes')}</li>
        </ul>
      </section>
      <section className="kd-card kd-pay-side">
        <h2 className="kd-pay-heading">{t('money.recharge')}</h2>
        <p className="kd-pay-chosen" data-testid="recharge-chosen">
          {order ? (
            <>
              <strong>{t('money.credits', { credits: (choice.chosen ? choice.chosen.credits : ((cents ?? 0) * CREDITS_PER_CENT) / 100).toFixed(2) })}</strong>
              <span>{t('money.usd', { amount: order.income })}</span>
            </>
          ) : (
            <span className="kd-muted">{t('money.amountPlaceholder')}</span>
          )}
        </p>
        <PaymentForm orderType={1} order={order} check={check} />
      </section>
    </div>
  );
}
