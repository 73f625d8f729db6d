import { CREDITS_PER_CENT, parseUsdCents, type OrderType } from '@kindred/protocol';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useRechargePackagesQuery, useUpgradePackagesQuery } from '../../../api/billing';
import { findUpgradePackage } from '../../../ui/use-money-choice';

/**
 * The order a payment page is for, from its query (`amounts`, `selected`) or route params: the
 * package found in the server's list (its price wins), or a custom recharge amount. `problem` is
 * the spec's message when there is nothing valid to pay for.
 */
export function useOrderFromParams(orderType: OrderType, given?: { amounts?: string; selected?: string }) {
  const { t } = useTranslation('mobile');
  const [query] = useSearchParams();
  const amounts = given?.amounts ?? query.get('amounts') ?? '';
  const selected = Number(given?.selected ?? query.get('selected') ?? 0) || 0;
  const recharge = useRechargePackagesQuery();
  const upgrade = useUpgradePackagesQuery();

  if (orderType === 2) {
    if (!upgrade.data) return { loading: upgrade, problem: null, order: null } as const;
    const pkg = selected ? findUpgradePackage(upgrade.data, selected) : undefined;
    if (!pkg) return { loading: null, problem: t('money.chooseSetMeal'), order: null } as const;
    const title = `${t(pkg.level === 2 ? 'money.plan.gold' : 'money.plan.silver')} · ${t('money.plan.months', { count: pkg.duration })}`;
    return { loading: null, problem: null, order: { packageId: pkg.id, income: pkg.amounts, title, detail: t('money.plan.perMonth', { price: pkg.monthly }) } } as const;
  }
  if (!recharge.data) return { loading: recharge, problem: null, order: null } as const;
  const pkg = selected ? recharge.data.find((p) => p.id === selected) : undefined;
  const cents = parseUsdCents(pkg?.amounts ?? amounts);
  if (cents === null) return { loading: null, problem: t('money.moneyWrong'), order: null } as const;
  const credits = pkg ? pkg.credits : (cents * CREDITS_PER_CENT) / 100;
  const income = pkg?.amounts ?? (cents / 100).toFixed(2);
  return { loading: null, problem: null, order: { packageId: pkg?.id ?? 0, income, title: t('money.credits', { credits: credits.toFixed(2) }), detail: t('money.recharge') } } as const;
}
