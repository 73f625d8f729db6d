import { useTranslation } from 'react-i18next';

/** What is being bought and what it costs, at the top of each payment page. */
export function OrderSummary({ title, detail, income }: { title: string; detail?: string; income: string }) {
  const { t } = useTranslation('mobile');
  return (
    <section className="m-card m-pay-summary" data-testid="pay-summary">
      <div>
        <strong className="m-pay-summary-title">{title}</strong>
        {detail ? <span className="m-pay-summary-detail">{detail}</span> : null}
      </div>
      <div className="m-pay-summary-total">
        <span>{t('money.total')}</span>
        <strong data-testid="pay-total">{t('money.usd', { amount: income })}</strong>
      </div>
    </section>
  );
}
