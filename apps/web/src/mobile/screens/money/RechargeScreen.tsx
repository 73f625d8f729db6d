import { Button, Input } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useRechargePackagesQuery } from '../../../api/billing';
import { useSession } from '../../../state/session';
import { checkAmount, problemText } from '../../../ui/payment-form';
import { useRechargeChoice } from '../../../ui/use-money-choice';
import { SubPage } from '../../components/SubPage';
import { CoinIcon } from '../../icons';
import { QueryState } from './QueryState';
import { BalanceHero } from './BalanceHero';
import './money.css';

/**
 * /m/home/invest/index: the recharge amount, a preset package (the third is chosen after 1 s) or a
 * custom USD amount (digits, one point, 2 decimals; more than 0, else "Money wrong"); then the
 * payment page with the amount and the package in the query.
 */
export default function RechargeScreen() {
  const { t } = useTranslation('mobile');
  const navigate = useNavigate();
  const amount = useSession((s) => s.user?.amount ?? 0);
  const packages = useRechargePackagesQuery();
  const choice = useRechargeChoice(packages.data);
  const [problem, setProblem] = useState('');

  const next = (event: FormEvent) => {
    event.preventDefault();
    const wrong = checkAmount(choice.amount);
    if (wrong) return setProblem(problemText(t, wrong));
    const query = new URLSearchParams({ amounts: choice.amount, selected: String(choice.selected) });
    navigate(`/m/home/invest/list?${query}`);
  };

  return (
    <SubPage title={t('titles.recharge')} back="/m/home/my/index" testId="recharge-screen">
      <BalanceHero amount={amount} />
      <form onSubmit={next} noValidate>
        <section className="m-card m-card-pad">
          <h2 className="m-pay-heading">{t('money.packages')}</h2>
          {packages.data ? (
            <div className="m-pay-packages" role="radiogroup" aria-label={t('money.packages')}>
              {packages.data.map((p) => (
                <button
                  key={p.id}
                  type="button"
                  role="radio"
                  aria-checked={choice.selected === p.id}
                  className={`m-pay-package${choice.selected === p.id ? ' is-on' : ''}`}
                  onClick={() => {
                    choice.choose(p);
                    setProblem('');
                  }}
                  data-testid={`recharge-package-${p.id}`}
                >
                  <span className="m-pay-package-credits">
                    <CoinIcon /> {p.credits.toFixed(0)}
                  </span>
                  <span className="m-pay-package-price">{t('money.usd', { amount: p.amounts })}</span>
                </button>
              ))}
            </div>
          ) : (
            <QueryState query={packages} />
          )}
          <label className="m-pay-label" htmlFor="recharge-amount">
            {t('money.customAmount')}
          </label>
          <div className="m-pay-amount">
            <span aria-hidden="true">US$</span>
            <Input
              id="recharge-amount"
              value={choice.amount}
              onChange={(v) => {
                choice.type(v);
                setProblem('');
              }}
              inputMode="decimal"
              placeholder={t('money.amountPlaceholder')}
              aria-label={t('money.customAmount')}
              maxLength={10}
              data-testid="recharge-amount"
            />
          </div>
          <p className="m-hint m-pay-hint">{t('money.amountHint')}</p>
          {problem ? (
            <p className="m-pay-problem" role="alert" data-testid="recharge-problem">
              {problem}
            </p>
          ) : null}
        </section>
        <div className="m-actions">
          <Button type="submit" color="primary" className="m-button-pill" block data-testid="recharge-next">
            {t('money.next')}
          </Button>
        </div>
      </form>
    </SubPage>
  );
}
