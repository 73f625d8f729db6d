import type { Db, DbOrTx } from '../../db/database.js';
import { fixedQuery } from '../../db/fixed-query.js';
import type { NewUser, UserRow, UserUpdate } from '../../db/schema.js';

/** A member's row by id, compiled once: the session check of every request reads it too. */
export const userById = fixedQuery((db, id: number) => db.selectFrom('users').selectAll().where('id', '=', id));

export class UsersRepository {
  constructor(private readonly db: Db) {}

  async findById(id: number, trx: DbOrTx = this.db): Promise<UserRow | undefined> {
    return (await userById(trx, id))[0];
  }

  /** Role and status of several members at once (the chat's batch write checks every peer in one query). */
  findStatuses(ids: readonly number[], trx: DbOrTx = this.db): Promise<Pick<UserRow, 'id' | 'role' | 'status'>[]> {
    if (!ids.length) return Promise.resolve([]);
    return trx.selectFrom('users').select(['id', 'role', 'status']).where('id', 'in', ids).execute();
  }

  /** Sign-in takes a username (any case) or an e-mail address. */
  findByAccount(account: string, trx: DbOrTx = this.db): Promise<UserRow | undefined> {
    const key = account.trim().toLowerCase();
    return trx
      .selectFrom('users')
      .selectAll()
      .where((eb) => eb.or([eb('username_key', '=', key), eb('email', '=', key)]))
      .executeTakeFirst();
  }

  findByUsername(username: string, trx: DbOrTx = this.db): Promise<UserRow | undefined> {
    return trx.selectFrom('users').selectAll().where('username_key', '=', username.toLowerCase()).executeTakeFirst();
  }

  findByEmail(email: string, trx: DbOrTx = this.db): Promise<UserRow | undefined> {
    return trx.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
  }

  findByInvitationCode(code: string, trx: DbOrTx = this.db): Promise<UserRow | undefined> {
    return trx.selectFrom('users').selectAll().where('invitation_code', '=', code).executeTakeFirst();
  }

  insert(user: NewUser, trx: DbOrTx = this.db): Promise<UserRow> {
    return trx.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
  }

  async update(id: number, patch: UserUpdate, trx: DbOrTx = this.db): Promise<UserRow> {
    return trx.updateTable('users').set(patch).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
  }

  async touchActive(id: number, now: number, trx: DbOrTx = this.db): Promise<void> {
    await trx.updateTable('users').set({ last_active_at: now }).where('id', '=', id).execute();
  }

  listByStatus(status: number, limit: number, trx: DbOrTx = this.db): Promise<UserRow[]> {
    return trx.selectFrom('users').selectAll().where('status', '=', status).orderBy('id', 'asc').limit(limit).execute();
  }

  /** Changes the status only from the expected one; answers whether a row changed. */
  async transitionStatus(id: number, from: number, to: number, now: number, trx: DbOrTx = this.db): Promise<boolean> {
    const result = await trx
      .updateTable('users')
      .set({ status: to, updated_at: now })
      .where('id', '=', id)
      .where('status', '=', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async countMembers(trx: DbOrTx = this.db): Promise<number> {
    const row = await trx
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('role', '=', 'member')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
