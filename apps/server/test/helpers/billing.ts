import { SANDBOX_TEST_CARDS } from '@kindred/protocol';
import { as, type Answer } from './factories.js';
import type { TestApp } from './test-app.js';

/**
 * Price lists of the tests' own (one inactive package, a 12-month gold one), in place of the
 * defaults migration 0013 wrote; answers their ids.
 */
export async function seedPackages(ctx: TestApp) {
  for (const table of ['upgrade_packages', 'recharge_packages', 'membership_prices'] as const) await ctx.db.deleteFrom(table).execute();
  const recharge = await ctx.db
    .insertInto('recharge_packages')
    .values([
      { amount_cents: 1000, credits: 1000, sort: 1, active: 1 },
      { amount_cents: 3000, credits: 3200, sort: 2, active: 1 },
      { amount_cents: 5000, credits: 5500, sort: 3, active: 1 },
      { amount_cents: 10000, credits: 12000, sort: 4, active: 0 },
    ])
    .returning('id')
    .execute();
  await ctx.db.insertInto('membership_prices').values([
    { vip: 1, monthly_list_price_cents: 2999 },
    { vip: 2, monthly_list_price_cents: 4999 },
  ]).execute();
  const upgrade = await ctx.db
    .insertInto('upgrade_packages')
    .values([
      { vip: 1, months: 1, amount_cents: 2999, sort: 1, active: 1 },
      { vip: 1, months: 3, amount_cents: 7499, sort: 2, active: 1 },
      { vip: 2, months: 1, amount_cents: 4999, sort: 1, active: 1 },
      { vip: 2, months: 12, amount_cents: 41999, sort: 3, active: 1 },
    ])
    .returning('id')
    .execute();
  return {
    recharge10: recharge[0]!.id,
    recharge30: recharge[1]!.id,
    recharge50: recharge[2]!.id,
    rechargeInactive: recharge[3]!.id,
    silver1: upgrade[0]!.id,
    silver3: upgrade[1]!.id,
    gold1: upgrade[2]!.id,
    gold12: upgrade[3]!.id,
  };
}

export async function newGuid(ctx: TestApp, token: string): Promise<string> {
  const res = await as(ctx, token).post('/member/pay/generateuuid');
  if (res.body.status !== 200) throw new Error(`generateuuid answered ${res.raw}`);
  return res.body.data.guid as string;
}

export const card = (number: string = SANDBOX_TEST_CARDS.success) => ({
  card_fullName: 'Ann Lee',
  card_email: 'ann@example.test',
  card_fullPhone: '+1 555 0100',
  card_number: number,
  exp_month: 12,
  // Far enough ahead for tests that move the clock years on.
  exp_year: 2099,
  cvv: '123',
  card_country: 'US',
  card_state: 'CA',
  card_city: 'Los Angeles',
  card_address: '1 Main St',
  card_ZipCode: '90001',
});

export const wallet = { card_fullName: 'Ann Lee', card_email: 'ann@example.test', card_fullPhone: '+1 555 0100' };

export interface PayArgs {
  userId: number;
  guid: string;
  payType: number;
  income: string | number;
  orderType?: number;
  packageId?: number;
  extra?: Record<string, unknown>;
}

export function payBody(a: PayArgs) {
  return {
    user_id: a.userId,
    gainer_id: a.userId,
    pay_type: a.payType,
    income: a.income,
    order_type: a.orderType ?? 1,
    packege_id: a.packageId ?? 0,
    guid: a.guid,
    ...(a.payType === 4 ? card() : a.payType === 2 || a.payType === 3 ? wallet : {}),
    ...a.extra,
  };
}

export function payAs(ctx: TestApp, token: string, a: PayArgs): Promise<Answer> {
  return as(ctx, token).postJson('/member/Pay/pay', payBody(a));
}

/** The path and query of an absolute URL the server answered (app.inject takes paths). */
export const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

/** A sandbox page's decision form, posted as the browser would; answers the redirect or page. */
export async function decide(ctx: TestApp, nextUrl: string, decision: string) {
  const ref = /\/(sbx_[0-9a-f]{32})/.exec(nextUrl)![1]!;
  return ctx.app.inject({
    method: 'POST',
    url: `/payments/sandbox/${ref}/decide`,
    payload: `decision=${decision}&lang=en`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

export const refOf = (nextUrl: string) => /\/(sbx_[0-9a-f]{32})/.exec(nextUrl)![1]!;
