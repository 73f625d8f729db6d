import { z } from 'zod';
import { ORDER_STATUSES } from '../rules/payments.js';
import { int } from './scalars.js';

/** A recharge package: `amounts` USD with two decimals, `credits` what it buys (two decimals, as a number). */
export const RechargePackageWire = z.object({ id: int(), amounts: z.string(), credits: z.number() });
export type RechargePackageWire = z.infer<typeof RechargePackageWire>;

export const UpgradePackageWire = z.object({
  id: int(),
  /** Months. */
  duration: int(),
  amounts: z.string(),
  /** Price per month, USD with two decimals (rules/payments.ts upgradePlan). */
  monthly: z.string(),
  /** Whole percent saved against the monthly list price. */
  saving: int(),
});
export type UpgradePackageWire = z.infer<typeof UpgradePackageWire>;

/** One level's plan: `price` the monthly list price (USD, two decimals) and its packages. */
export const UpgradePlanWire = z.object({ price: z.string(), packages: z.array(UpgradePackageWire) });
export type UpgradePlanWire = z.infer<typeof UpgradePlanWire>;

export const UpgradePlansWire = z.object({ vip1: UpgradePlanWire, vip2: UpgradePlanWire });
export type UpgradePlansWire = z.infer<typeof UpgradePlansWire>;

/** generateuuid: `guid` the next order's idempotency key, `url` the provider's script ('' when none). */
export const PayGuidWire = z.object({ guid: z.string(), url: z.string() });
export type PayGuidWire = z.infer<typeof PayGuidWire>;

/** What the payer must do next: nothing ('ok'), go to `content` ('jump'), or show `content` in a full-page frame ('iframe'). */
export const PAY_RESULT_TYPES = ['ok', 'jump', 'iframe'] as const;
export type PayResultType = (typeof PAY_RESULT_TYPES)[number];

/**
 * An order as its payer sees it. `type`/`content` repeat what the payer must still do while it is
 * pending. The member fields (`amount` balance with two decimals, `vip` in force, expiries in
 * seconds) are the caller's state now, so a paid order's page shows the new balance and badge.
 */
export const OrderWire = z.object({
  guid: z.string(),
  status: z.enum(ORDER_STATUSES),
  order_type: int(),
  pay_type: int(),
  packege_id: int(),
  amounts: z.string(),
  /** Credits bought (recharge), two decimals; 0 for an upgrade. */
  credits: z.number(),
  /** Upgrade: the level and months bought; 0 for a recharge. */
  vip_level: int(),
  months: int(),
  /** Why it failed: card_declined, insufficient_funds, invalid_card, expired_card, incorrect_cvc, provider_error, expired, cancelled; '' otherwise. */
  failure: z.string(),
  type: z.enum(PAY_RESULT_TYPES),
  content: z.string(),
  amount: z.number(),
  vip: int(),
  overduedate_1: int(),
  overduedate_2: int(),
});
export type OrderWire = z.infer<typeof OrderWire>;

/** member/Pay/pay: `type` and `content` as the spec says (method 6: `content` is the scan page's address), and the order. */
export const PayResultWire = z.object({
  type: z.enum(PAY_RESULT_TYPES),
  content: z.string(),
  guid: z.string(),
  order: OrderWire,
});
export type PayResultWire = z.infer<typeof PayResultWire>;
