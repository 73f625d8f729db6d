import type { Kysely } from 'kysely';

/**
 * The prices a new installation sells at: product data, not demo data, so a production start with
 * SEED_DEMO off still has recharge packages, upgrade packages and monthly list prices. Written once,
 * by migration 0013, into empty tables only; staff change them in /admin afterwards, and what they
 * delete stays deleted (no later start puts it back).
 */
export const DEFAULT_RECHARGE_PACKAGES = [
  { amount_cents: 1000, credits: 1000, sort: 1, active: 1 },
  { amount_cents: 3000, credits: 3200, sort: 2, active: 1 },
  { amount_cents: 5000, credits: 5500, sort: 3, active: 1 },
  { amount_cents: 10000, credits: 12000, sort: 4, active: 1 },
] as const;

export const DEFAULT_MEMBERSHIP_PRICES = [
  { vip: 1, monthly_list_price_cents: 2999 },
  { vip: 2, monthly_list_price_cents: 4999 },
] as const;

export const DEFAULT_UPGRADE_PACKAGES = [
  { vip: 1, months: 1, amount_cents: 2999, sort: 1, active: 1 },
  { vip: 1, months: 3, amount_cents: 7499, sort: 2, active: 1 },
  { vip: 1, months: 12, amount_cents: 23999, sort: 3, active: 1 },
  { vip: 2, months: 1, amount_cents: 4999, sort: 1, active: 1 },
  { vip: 2, months: 3, amount_cents: 12999, sort: 2, active: 1 },
  { vip: 2, months: 12, amount_cents: 41999, sort: 3, active: 1 },
] as const;

/** Fills each empty price table with its defaults; answers the tables it filled. */
export async function seedShopPrices(db: Kysely<any>): Promise<string[]> {
  const filled: string[] = [];
  if (!(await db.selectFrom('recharge_packages').select('id').limit(1).executeTakeFirst())) {
    await db.insertInto('recharge_packages').values([...DEFAULT_RECHARGE_PACKAGES]).execute();
    filled.push('recharge_packages');
  }
  if (!(await db.selectFrom('membership_prices').select('vip').limit(1).executeTakeFirst())) {
    await db.insertInto('membership_prices').values([...DEFAULT_MEMBERSHIP_PRICES]).execute();
    filled.push('membership_prices');
  }
  if (!(await db.selectFrom('upgrade_packages').select('id').limit(1).executeTakeFirst())) {
    await db.insertInto('upgrade_packages').values([...DEFAULT_UPGRADE_PACKAGES]).execute();
    filled.push('upgrade_packages');
  }
  return filled;
}
