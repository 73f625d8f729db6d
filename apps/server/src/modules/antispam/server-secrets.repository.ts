import type { Db } from '../../db/database.js';

export class ServerSecretsRepository {
  constructor(private readonly db: Db) {}

  /** The stored secret `name`, stored first from `generate()` if there is none: when nodes race, the first insert wins for all. */
  async getOrCreate(name: string, generate: () => string, now: number, trx: Db = this.db): Promise<string> {
    await trx
      .insertInto('server_secrets')
      .values({ name, value: generate(), created_at: now })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const row = await trx.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
    return row.value;
  }
}
