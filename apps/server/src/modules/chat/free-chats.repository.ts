import { sql } from 'kysely';
import type { Db, DbOrTx } from '../../db/database.js';

/** The count of free chats a member has started (users.free_chats_used). */
export class FreeChatsRepository {
  constructor(private readonly db: Db) {}

  async used(userId: number, trx: DbOrTx = this.db): Promise<number> {
    const row = await trx.selectFrom('users').select('free_chats_used').where('id', '=', userId).executeTakeFirst();
    return Number(row?.free_chats_used ?? 0);
  }

  /** Takes one free chat if one is left; the condition is checked on the locked row, so two sends never share the last one. */
  async take(userId: number, limit: number, trx: DbOrTx = this.db): Promise<boolean> {
    const result = await trx
      .updateTable('users')
      .set({ free_chats_used: sql<number>`free_chats_used + 1` })
      .where('id', '=', userId)
      .where('free_chats_used', '<', limit)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
