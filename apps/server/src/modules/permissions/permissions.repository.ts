import type { Db, DbOrTx } from '../../db/database.js';

export class PermissionsRepository {
  constructor(private readonly db: Db) {}

  listAllowed(trx: DbOrTx = this.db): Promise<{ vip: number; flag: string }[]> {
    return trx.selectFrom('permissions').select(['vip', 'flag']).where('allowed', '=', 1).execute();
  }

  async set(vip: number, flag: string, allowed: boolean, trx: DbOrTx = this.db): Promise<void> {
    await trx.updateTable('permissions').set({ allowed: allowed ? 1 : 0 }).where('vip', '=', vip).where('flag', '=', flag).execute();
  }
}
