import { useTranslation } from 'react-i18next';
import { CoinIcon } from '../../icons';

/** The credit balance on the brand gradient, at the top of the recharge pages. */
export function BalanceHero({ amount }: { amount: number }) {
  const { t } = useTranslation('mobile');
  return (
    <section className="m-pay-hero">
      <span className="m-pay-hero-icon" aria-hidden="true">
        <CoinIcon />
      </span>
      <div>
        <span className="m-pay-hero-label">{t('money.balance')}</span>
        <strong className="m-pay-hero-amount" data-testid="money-balance">
          {amount.toFixed(2)}
        </strong>
      </div>
    </section>
  );
}
