import { formatUsd, monthlyPriceCents, savingPercent } from './price.js';

/**
 * Payment rules both sides need (docs/product-rules.md "Payments"): the spec's method and order
 * codes, the custom amount rule, the upgrade plan arithmetic, and where a payer comes back to.
 */

/** The spec's pay_type codes (§7): 0 balance, 1 and 5 the other provider, 2 and 3 wallet, 4 card, 6 scan-code. */
export const PAY_TYPES = { balance: 0, other: 1, wallet: 2, wallet2: 3, card: 4, other2: 5, scan: 6 } as const;
export type PayType = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/** How a pay_type pays; 'balance' never reaches a payment provider. */
export type PayMethod = 'balance' | 'card' | 'wallet' | 'other' | 'scan';

export function payMethodOf(payType: number): PayMethod {
  switch (payType) {
    case 0:
      return 'balance';
    case 2:
    case 3:
      return 'wallet';
    case 4:
      return 'card';
    case 6:
      return 'scan';
    default:
      return 'other';
  }
}

/** order_type: 1 recharge, 2 upgrade; one variant of the spec's clients sends 0 for a recharge. */
export const ORDER_TYPES = { recharge: 1, upgrade: 2 } as const;
export type OrderType = (typeof ORDER_TYPES)[keyof typeof ORDER_TYPES];
export const normalizeOrderType = (orderType: number): OrderType => (orderType === 2 ? 2 : 1);

export const ORDER_STATUSES = ['pending', 'paid', 'failed', 'expired'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The card form's countries (docs/product-rules.md §9). */
export const CARD_COUNTRIES = ['TW', 'MY', 'SG', 'KR', 'JP', 'HK', 'US', 'DK', 'MO'] as const;
export type CardCountry = (typeof CARD_COUNTRIES)[number];

export const PAYMENT_LIMITS = {
  /** A custom recharge: more than 0, at most 10,000.00 USD in one payment. */
  customMinCents: 1,
  customMaxCents: 1_000_000,
  /** Characters of an amount string before the pattern reads it. */
  amountMaxLength: 16,
  guidMaxLength: 64,
  /** How long an issued guid may start a payment, and an unconfirmed order waits (seconds). */
  guidTtlSeconds: 60 * 60,
  orderTtlSeconds: 60 * 60,
} as const;

/**
 * Credits (hundredths) per cent paid for a custom recharge: 1 USD buys 1.00 credit, the rate of the
 * smallest seeded package (10.00 USD → 10.00 credits); larger packages add a bonus of their own.
 */
export const CREDITS_PER_CENT = 1;

/** The spec's amount rule (§5): digits and one decimal point only, at most 2 decimals. */
export const USD_AMOUNT_PATTERN = /^\d+(\.\d{0,2})?$/;

/**
 * A USD amount as typed or sent ("800", "800.5", "0010.50", or a JSON number) in integer cents, or
 * null when it breaks the rule, is not more than 0, or exceeds `maxCents`.
 */
export function parseUsdCents(input: string | number, maxCents: number = PAYMENT_LIMITS.customMaxCents): number | null {
  const text = typeof input === 'number' ? (Number.isFinite(input) ? String(input) : '') : input;
  if (text.length === 0 || text.length > PAYMENT_LIMITS.amountMaxLength || !USD_AMOUNT_PATTERN.test(text)) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents) || cents <= 0 || cents > maxCents) return null;
  return cents;
}

export interface UpgradePackageRow {
  id: number;
  months: number;
  amountCents: number;
}

export interface UpgradePlanPackage {
  id: number;
  /** Months. */
  duration: number;
  /** The package's price, USD with two decimals. */
  amounts: string;
  /** Price per month, USD with two decimals (docs/product-rules.md §9). */
  monthly: string;
  /** Whole percent saved against the monthly list price (docs/product-rules.md §9). */
  saving: number;
}

/** An upgrade level's plan as the upgrade pages show it: list price, then each package's month price and saving. */
export function upgradePlan(listPriceCents: number, packages: readonly UpgradePackageRow[]): { price: string; packages: UpgradePlanPackage[] } {
  return {
    price: formatUsd(listPriceCents),
    packages: packages.map((p) => {
      const monthly = monthlyPriceCents(p.amountCents, p.months);
      return { id: p.id, duration: p.months, amounts: formatUsd(p.amountCents), monthly: formatUsd(monthly), saving: Math.max(0, savingPercent(listPriceCents, monthly)) };
    }),
  };
}

/** The web pages a payer comes back to after a hosted page, a challenge or a scan (query: guid). */
export const PAY_RETURN_PATHS = { m: '/m/home/pay/result', w: '/w/home/pay/result' } as const;
export type PayInterface = keyof typeof PAY_RETURN_PATHS;

export function payReturnPath(iface: PayInterface, guid: string): string {
  return `${PAY_RETURN_PATHS[iface]}?guid=${encodeURIComponent(guid)}`;
}

/** The sandbox provider's test cards (README "Payments"); any other valid number succeeds too. */
export const SANDBOX_TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  challenge: '4000000000003220',
} as const;
