import type { Db, DbOrTx } from '../../db/database.js';

/**
 * Whether a member's uploaded file is still used by any of their rows. Only the owner's own rows
 * can name it (ownership.ts refuses other members' paths), so every probe is an index range on the
 * owner's id, never a scan of a whole table.
 */
export class FileReferencesRepository {
  constructor(private readonly db: Db) {}

  async isInUse(ownerId: number, url: string, trx: DbOrTx = this.db): Promise<boolean> {
    const probes = await Promise.all([
      trx.selectFrom('users').select('id').where('id', '=', ownerId).where('avatar', '=', url).executeTakeFirst(),
      trx.selectFrom('trends').select('id').where('user_id', '=', ownerId).where('img', '=', url).executeTakeFirst(),
      trx.selectFrom('photos').select('id').where('user_id', '=', ownerId).where('img', '=', url).executeTakeFirst(),
      trx.selectFrom('background_photos').select('id').where('user_id', '=', ownerId).where('img', '=', url).executeTakeFirst(),
      trx.selectFrom('messages').select('id').where('sender_id', '=', ownerId).where('img', '=', url).executeTakeFirst(),
      trx.selectFrom('reports').select('id').where('reporter_id', '=', ownerId).where('img', '=', url).executeTakeFirst(),
    ]);
    return probes.some(Boolean);
  }

  /** Which of `urls` (all under the owner's id) some row of the owner still uses: one query per table. */
  async usedOf(ownerId: number, urls: readonly string[]): Promise<Set<string>> {
    if (urls.length === 0) return new Set();
    const list = [...urls];
    const found = await Promise.all([
      this.db.selectFrom('users').select('avatar as url').where('id', '=', ownerId).where('avatar', 'in', list).execute(),
      this.db.selectFrom('trends').select('img as url').where('user_id', '=', ownerId).where('img', 'in', list).execute(),
      this.db.selectFrom('photos').select('img as url').where('user_id', '=', ownerId).where('img', 'in', list).execute(),
      this.db.selectFrom('background_photos').select('img as url').where('user_id', '=', ownerId).where('img', 'in', list).execute(),
      this.db.selectFrom('messages').select('img as url').distinct().where('sender_id', '=', ownerId).where('img', 'in', list).execute(),
      this.db.selectFrom('reports').select('img as url').where('reporter_id', '=', ownerId).where('img', 'in', list).execute(),
    ]);
    return new Set(found.flat().map((row) => row.url));
  }
}
