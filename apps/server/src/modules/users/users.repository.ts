import type { Expression, ExpressionBuilder } from 'kysely';
import type { Db, DbOrTx } from '../../db/database.js';
import { fixedQuery, listQuery } from '../../db/fixed-query.js';
import type { Database, NewUser, UserRow, UserUpdate } from '../../db/schema.js';

/** A member's row by id, compiled once: the session check of every request reads it too. */
export const userById = fixedQuery((db, id: number) => db.selectFrom('users').selectAll().where('id', '=', id));
/** Role and status of a chat batch's peers, compiled once per padded list length. */
const statusesOf = listQuery((db: DbOrTx, ids: readonly number[]) => db.selectFrom('users').select(['id', 'role', 'status']).where('id', 'in', ids));

/** The one activity stamp UPDATE (UsersRepository.touchActive and touchActiveReturning). */
function stampActivity(trx: DbOrTx, ids: readonly number[], now: number) {
  return trx
    .updateTable('users')
    .set((eb) => withShownActivity(eb, { last_active_at: now }))
    .where('id', 'in', ids);
}

export class UsersRepository {
  constructor(private readonly db: Db) {}

  async findById(id: number, trx: DbOrTx = this.db): Promise<UserRow | undefined> {
    return (await userById(trx, id))[0];
  }

  /** Role and status of several members at once (the chat's batch write checks every peer in one query). */
  findStatuses(ids: readonly number[], trx: DbOrTx = this.db): Promise<Pick<UserRow, 'id' | 'role' | 'status'>[]> {
    if (!ids.length) return Promise.resolve([]);
    return statusesOf(trx, ids);
  }

  /** Several members' rows at once (the socket gateway's batched connects). */
  findByIds(ids: readonly number[], trx: DbOrTx = this.db): Promise<UserRow[]> {
    if (!ids.length) return Promise.resolve([]);
    return trx.selectFrom('users').selectAll().where('id', 'in', ids).execute();
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
    return trx
      .insertInto('users')
      .values({ ...user, shown_active_at: user.shown_active_at ?? user.last_active_at })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Any change of last_active_at or is_yin keeps shown_active_at in step (see withShownActivity). */
  async update(id: number, patch: UserUpdate, trx: DbOrTx = this.db): Promise<UserRow> {
    return trx
      .updateTable('users')
      .set((eb) => withShownActivity(eb, patch))
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Activity stamp: seen by everyone while the member is visible, only by those who see through invisible mode while not. */
  async touchActive(id: number | readonly number[], now: number, trx: DbOrTx = this.db): Promise<void> {
    if (typeof id !== 'number' && !id.length) return;
    await stampActivity(trx, typeof id === 'number' ? [id] : id, now).execute();
  }

  /** touchActive, answering the rows as they are after it (in no particular order). */
  touchActiveReturning(ids: readonly number[], now: number, trx: DbOrTx = this.db): Promise<UserRow[]> {
    if (!ids.length) return Promise.resolve([]);
    return stampActivity(trx, ids, now).returningAll().execute();
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

/**
 * shown_active_at is last_active_at as viewers who cannot see through invisible mode may know it
 * (hardening finding 8; member lists order and filter by it for them): it follows last_active_at
 * while is_yin is 1 and stands still while it is 0. Going visible shows her activity as it is (she
 * is online to everyone from then on anyway); going invisible leaves the last visible value.
 */
function withShownActivity(eb: ExpressionBuilder<Database, 'users'>, patch: UserUpdate) {
  if (patch.shown_active_at !== undefined || (patch.last_active_at === undefined && patch.is_yin === undefined)) return patch;
  if (patch.is_yin === 0) return patch;
  const active: Expression<number> = patch.last_active_at !== undefined ? eb.val(patch.last_active_at) : eb.ref('last_active_at');
  if (patch.is_yin === 1) return { ...patch, shown_active_at: active };
  return { ...patch, shown_active_at: eb.case().when('is_yin', '=', 1).then(active).else(eb.ref('shown_active_at')).end() };
}
