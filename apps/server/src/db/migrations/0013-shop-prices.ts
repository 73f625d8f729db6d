import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';
import { seedShopPrices } from '../seed/shop-prices.js';

/** The default prices (seed/shop-prices.ts) once, so every installation can sell from its first start. */
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await seedShopPrices(db);
}
