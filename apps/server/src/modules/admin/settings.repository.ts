import type { Db, DbOrTx } from '../../db/database.js';

/** Run-time settings staff change (migration 0011's settings table): key → text value. */
export class SettingsRepository {
  constructor(private readonly db: Db) {}

  async get(key: string, trx: DbOrTx = this.db): Promise<string | undefined> {
    return (await trx.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst())?.value;
  }

  async put(key: string, value: string, now: number, trx: DbOrTx = this.db): Promise<void> {
    await trx
      .insertInto('settings')
      .values({ key, value, updated_at: now })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: now }))
      .execute();
  }
}
