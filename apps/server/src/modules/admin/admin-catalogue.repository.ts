import type { Insertable, Selectable } from 'kysely';
import type { Db, DbOrTx } from '../../db/database.js';
import type { GiftCategoriesTable, GiftsTable, MembershipPricesTable, RechargePackagesTable, UpgradePackagesTable } from '../../db/schema.js';

export type GiftCategoryRow = Selectable<GiftCategoriesTable>;
export type GiftRow = Selectable<GiftsTable>;
export type RechargePackageRow = Selectable<RechargePackagesTable>;
export type UpgradePackageRow = Selectable<UpgradePackagesTable>;
export type MonthlyPriceRow = Selectable<MembershipPricesTable>;

type Fields<T> = Omit<Insertable<T>, 'id'>;

/**
 * The catalogue and prices as staff edit them (inactive rows included). Members' reads are the
 * gifts and billing modules' own and go to the database on every request, so a change shows at once.
 */
export class AdminCatalogueRepository {
  constructor(private readonly db: Db) {}

  // --- gift categories -----------------------------------------------------------------------

  async categories(trx: DbOrTx = this.db): Promise<(GiftCategoryRow & { gifts: number })[]> {
    const rows = await trx
      .selectFrom('gift_categories as c')
      .leftJoin('gifts as g', 'g.category_id', 'c.id')
      .selectAll('c')
      .select((eb) => eb.fn.count<number>('g.id').as('gifts'))
      .groupBy(['c.id', 'c.name_en', 'c.name_zh_cn', 'c.name_zh_tw', 'c.sort'])
      .orderBy('c.sort')
      .orderBy('c.id')
      .execute();
    return rows.map((r) => ({ ...r, gifts: Number(r.gifts) }));
  }

  findCategory(id: number, trx: DbOrTx = this.db): Promise<GiftCategoryRow | undefined> {
    return trx.selectFrom('gift_categories').selectAll().where('id', '=', id).executeTakeFirst();
  }

  insertCategory(fields: Fields<GiftCategoriesTable>, trx: DbOrTx = this.db): Promise<GiftCategoryRow> {
    return trx.insertInto('gift_categories').values(fields).returningAll().executeTakeFirstOrThrow();
  }

  updateCategory(id: number, fields: Fields<GiftCategoriesTable>, trx: DbOrTx = this.db): Promise<GiftCategoryRow | undefined> {
    return trx.updateTable('gift_categories').set(fields).where('id', '=', id).returningAll().executeTakeFirst();
  }

  async deleteCategory(id: number, trx: DbOrTx = this.db): Promise<void> {
    await trx.deleteFrom('gift_categories').where('id', '=', id).execute();
  }

  // --- gifts ---------------------------------------------------------------------------------

  gifts(categoryId: number | undefined, trx: DbOrTx = this.db): Promise<GiftRow[]> {
    return trx
      .selectFrom('gifts')
      .selectAll()
      .$if(categoryId != null, (q) => q.where('category_id', '=', categoryId!))
      .orderBy('category_id')
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }

  findGift(id: number, trx: DbOrTx = this.db): Promise<GiftRow | undefined> {
    return trx.selectFrom('gifts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  insertGift(fields: Fields<GiftsTable>, trx: DbOrTx = this.db): Promise<GiftRow> {
    return trx.insertInto('gifts').values(fields).returningAll().executeTakeFirstOrThrow();
  }

  updateGift(id: number, fields: Partial<Fields<GiftsTable>>, trx: DbOrTx = this.db): Promise<GiftRow | undefined> {
    return trx.updateTable('gifts').set(fields).where('id', '=', id).returningAll().executeTakeFirst();
  }

  async giftWasGiven(id: number, trx: DbOrTx = this.db): Promise<boolean> {
    return (await trx.selectFrom('gift_sends').select('id').where('gift_id', '=', id).limit(1).executeTakeFirst()) !== undefined;
  }

  async deleteGift(id: number, trx: DbOrTx = this.db): Promise<void> {
    await trx.deleteFrom('gifts').where('id', '=', id).execute();
  }

  // --- packages ------------------------------------------------------------------------------

  rechargePackages(trx: DbOrTx = this.db): Promise<RechargePackageRow[]> {
    return trx.selectFrom('recharge_packages').selectAll().orderBy('sort').orderBy('amount_cents').orderBy('id').execute();
  }

  findRechargePackage(id: number, trx: DbOrTx = this.db): Promise<RechargePackageRow | undefined> {
    return trx.selectFrom('recharge_packages').selectAll().where('id', '=', id).executeTakeFirst();
  }

  insertRechargePackage(fields: Fields<RechargePackagesTable>, trx: DbOrTx = this.db): Promise<RechargePackageRow> {
    return trx.insertInto('recharge_packages').values(fields).returningAll().executeTakeFirstOrThrow();
  }

  updateRechargePackage(id: number, fields: Partial<Fields<RechargePackagesTable>>, trx: DbOrTx = this.db): Promise<RechargePackageRow | undefined> {
    return trx.updateTable('recharge_packages').set(fields).where('id', '=', id).returningAll().executeTakeFirst();
  }

  async deleteRechargePackage(id: number, trx: DbOrTx = this.db): Promise<void> {
    await trx.deleteFrom('recharge_packages').where('id', '=', id).execute();
  }

  upgradePackages(trx: DbOrTx = this.db): Promise<UpgradePackageRow[]> {
    return trx.selectFrom('upgrade_packages').selectAll().orderBy('vip').orderBy('sort').orderBy('months').orderBy('id').execute();
  }

  findUpgradePackage(id: number, trx: DbOrTx = this.db): Promise<UpgradePackageRow | undefined> {
    return trx.selectFrom('upgrade_packages').selectAll().where('id', '=', id).executeTakeFirst();
  }

  insertUpgradePackage(fields: Fields<UpgradePackagesTable>, trx: DbOrTx = this.db): Promise<UpgradePackageRow> {
    return trx.insertInto('upgrade_packages').values(fields).returningAll().executeTakeFirstOrThrow();
  }

  updateUpgradePackage(id: number, fields: Partial<Fields<UpgradePackagesTable>>, trx: DbOrTx = this.db): Promise<UpgradePackageRow | undefined> {
    return trx.updateTable('upgrade_packages').set(fields).where('id', '=', id).returningAll().executeTakeFirst();
  }

  async deleteUpgradePackage(id: number, trx: DbOrTx = this.db): Promise<void> {
    await trx.deleteFrom('upgrade_packages').where('id', '=', id).execute();
  }

  /** Whether any order names this package (order_type 1 recharge, 2 upgrade). */
  async packageOrdered(orderType: 1 | 2, id: number, trx: DbOrTx = this.db): Promise<boolean> {
    return (await trx.selectFrom('orders').select('id').where('order_type', '=', orderType).where('package_id', '=', id).limit(1).executeTakeFirst()) !== undefined;
  }

  // --- monthly prices ------------------------------------------------------------------------

  prices(trx: DbOrTx = this.db): Promise<MonthlyPriceRow[]> {
    return trx.selectFrom('membership_prices').selectAll().orderBy('vip').execute();
  }

  findPrice(vip: number, trx: DbOrTx = this.db): Promise<MonthlyPriceRow | undefined> {
    return trx.selectFrom('membership_prices').selectAll().where('vip', '=', vip).executeTakeFirst();
  }

  async putPrice(vip: number, cents: number, trx: DbOrTx = this.db): Promise<MonthlyPriceRow> {
    return trx
      .insertInto('membership_prices')
      .values({ vip, monthly_list_price_cents: cents })
      .onConflict((oc) => oc.column('vip').doUpdateSet({ monthly_list_price_cents: cents }))
      .returningAll()
      .executeTakeFirstOrThrow();
  }
}
