import type { Db, DbOrTx } from '../../db/database.js';

/** The price lists: recharge packages, upgrade packages and the monthly list price of each level. */
export class PackagesRepository {
  constructor(private readonly db: Db) {}

  listRecharge(trx: DbOrTx = this.db) {
    return trx.selectFrom('recharge_packages').selectAll().where('active', '=', 1).orderBy('sort').orderBy('amount_cents').orderBy('id').execute();
  }

  findRecharge(id: number, trx: DbOrTx = this.db) {
    return trx.selectFrom('recharge_packages').selectAll().where('id', '=', id).where('active', '=', 1).executeTakeFirst();
  }

  listUpgrade(trx: DbOrTx = this.db) {
    return trx.selectFrom('upgrade_packages').selectAll().where('active', '=', 1).orderBy('vip').orderBy('sort').orderBy('months').orderBy('id').execute();
  }

  findUpgrade(id: number, trx: DbOrTx = this.db) {
    return trx.selectFrom('upgrade_packages').selectAll().where('id', '=', id).where('active', '=', 1).executeTakeFirst();
  }

  listPrices(trx: DbOrTx = this.db) {
    return trx.selectFrom('membership_prices').selectAll().execute();
  }
}
