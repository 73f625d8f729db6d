import { effectiveVip, formatUsd, upgradePlan, type OrderWire, type PayResultType, type RechargePackageWire, type UpgradePlansWire } from '@kindred/protocol';
import type { Selectable } from 'kysely';
import type { MembershipPricesTable, RechargePackagesTable, UpgradePackagesTable, UserRow } from '../../db/schema.js';
import type { OrderRow } from './orders.repository.js';

const seconds = (ms: number) => Math.floor(ms / 1000);

export function presentRechargePackages(rows: Selectable<RechargePackagesTable>[]): RechargePackageWire[] {
  return rows.map((p) => ({ id: p.id, amounts: formatUsd(Number(p.amount_cents)), credits: Number(p.credits) / 100 }));
}

export function presentUpgradePlans(prices: Selectable<MembershipPricesTable>[], rows: Selectable<UpgradePackagesTable>[]): UpgradePlansWire {
  const plan = (vip: 1 | 2) => {
    const listPrice = Number(prices.find((p) => p.vip === vip)?.monthly_list_price_cents ?? 0);
    const packages = rows.filter((p) => p.vip === vip).map((p) => ({ id: p.id, months: p.months, amountCents: Number(p.amount_cents) }));
    // Without a configured list price, the one-month package's price stands in for it.
    const monthly = listPrice || (packages.find((p) => p.months === 1)?.amountCents ?? 0);
    return upgradePlan(monthly, packages);
  };
  return { vip1: plan(1), vip2: plan(2) };
}

/** What the payer must still do, in the spec's terms: a hosted page or a scan page is a jump, a challenge a frame. */
export function resultOf(order: OrderRow): { type: PayResultType; content: string } {
  if (order.status !== 'pending' || !order.next_url) return { type: 'ok', content: '' };
  return { type: order.next_type === 'iframe' ? 'iframe' : 'jump', content: order.next_url };
}

export function presentOrder(order: OrderRow, user: UserRow | undefined, now: number): OrderWire {
  const expiries = { overduedate_1: seconds(Number(user?.vip1_until ?? 0)), overduedate_2: seconds(Number(user?.vip2_until ?? 0)) };
  return {
    guid: order.guid,
    status: order.status,
    order_type: order.order_type,
    pay_type: order.pay_type,
    packege_id: order.package_id ?? 0,
    amounts: formatUsd(Number(order.amount_cents)),
    credits: Number(order.credits) / 100,
    vip_level: order.vip_level,
    months: order.months,
    failure: order.failure_code,
    ...resultOf(order),
    amount: Number(user?.credits ?? 0) / 100,
    vip: user ? effectiveVip({ vip: user.vip, ...expiries }, seconds(now)) : 0,
    ...expiries,
  };
}
