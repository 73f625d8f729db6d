import type { Selectable } from 'kysely';
import type { Db, DbOrTx } from '../../db/database.js';
import type { AdminSessionsTable, StaffFactorsTable, UserRow } from '../../db/schema.js';

export type StaffFactorRow = Selectable<StaffFactorsTable>;
export type AdminSessionRow = Selectable<AdminSessionsTable>;

/**
 * Staff sign-in state: TOTP factors, recovery codes, step-1 tickets and console sessions. Tokens,
 * tickets and recovery codes are stored as SHA-256 hashes only; the TOTP secret sealed (SecretBox).
 */
export class StaffAuthRepository {
  constructor(private readonly db: Db) {}

  // --- factors -------------------------------------------------------------------------------

  findFactor(userId: number, trx: DbOrTx = this.db): Promise<StaffFactorRow | undefined> {
    return trx.selectFrom('staff_factors').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  /** A new, unconfirmed secret (replacing an unconfirmed one; a confirmed factor is never replaced here). */
  async putPendingFactor(userId: number, secretEnc: string, now: number, trx: DbOrTx = this.db): Promise<boolean> {
    const result = await trx
      .insertInto('staff_factors')
      .values({ user_id: userId, secret_enc: secretEnc, confirmed: 0, last_step: 0, created_at: now, updated_at: now })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ secret_enc: secretEnc, last_step: 0, updated_at: now }).where('staff_factors.confirmed', '=', 0))
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /**
   * Accepts a code of time step `step`: only if it is later than the last accepted one (a replay in
   * the same step, or an older code, changes nothing), and confirms the factor. Answers whether it did.
   * The condition is evaluated by the database, so two requests with one code cannot both pass.
   */
  async acceptStep(userId: number, step: number, now: number, trx: DbOrTx = this.db): Promise<boolean> {
    const result = await trx
      .updateTable('staff_factors')
      .set({ last_step: step, confirmed: 1, updated_at: now })
      .where('user_id', '=', userId)
      .where('last_step', '<', step)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  // --- recovery codes ------------------------------------------------------------------------

  async replaceRecoveryCodes(userId: number, hashes: readonly string[], now: number, trx: DbOrTx = this.db): Promise<void> {
    await trx.deleteFrom('staff_recovery_codes').where('user_id', '=', userId).execute();
    await trx
      .insertInto('staff_recovery_codes')
      .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null, created_at: now })))
      .execute();
  }

  /** Uses an unused code once (the database decides between two racing uses); answers whether it did. */
  async useRecoveryCode(userId: number, hash: string, now: number, trx: DbOrTx = this.db): Promise<boolean> {
    const result = await trx
      .updateTable('staff_recovery_codes')
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('code_hash', '=', hash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async countRecoveryCodesLeft(userId: number, trx: DbOrTx = this.db): Promise<number> {
    const row = await trx
      .selectFrom('staff_recovery_codes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  // --- tickets (step 1 passed) ---------------------------------------------------------------

  async insertTicket(userId: number, tokenHash: string, now: number, expiresAt: number, trx: DbOrTx = this.db): Promise<void> {
    // One sign-in in progress per account: an older ticket stops working.
    await trx.deleteFrom('staff_tickets').where('user_id', '=', userId).execute();
    await trx.insertInto('staff_tickets').values({ user_id: userId, token_hash: tokenHash, created_at: now, expires_at: expiresAt }).execute();
  }

  /** The live ticket's staff account, counting this use; past `maxAttempts` wrong codes it is gone. */
  async useTicket(tokenHash: string, now: number, maxAttempts: number, trx: DbOrTx = this.db): Promise<UserRow | undefined> {
    const ticket = await trx
      .updateTable('staff_tickets')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('token_hash', '=', tokenHash)
      .where('expires_at', '>', now)
      .where('attempts', '<', maxAttempts)
      .returning(['user_id'])
      .executeTakeFirst();
    if (!ticket) return undefined;
    return trx.selectFrom('users').selectAll().where('id', '=', ticket.user_id).where('role', '=', 'admin').executeTakeFirst();
  }

  async deleteTicket(tokenHash: string, trx: DbOrTx = this.db): Promise<void> {
    await trx.deleteFrom('staff_tickets').where('token_hash', '=', tokenHash).execute();
  }

  // --- console sessions ----------------------------------------------------------------------

  async insertSession(row: Omit<AdminSessionRow, 'id'>, trx: DbOrTx = this.db): Promise<number> {
    const inserted = await trx.insertInto('admin_sessions').values(row).returning('id').executeTakeFirstOrThrow();
    return inserted.id;
  }

  /**
   * A live console session and its administrator: not past its absolute end, not idle longer than
   * `idleMs`, and the account still an administrator.
   */
  async findLiveSession(tokenHash: string, now: number, idleMs: number, trx: DbOrTx = this.db): Promise<{ session: AdminSessionRow; user: UserRow } | undefined> {
    const session = await trx
      .selectFrom('admin_sessions')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .where('expires_at', '>', now)
      .where('last_seen_at', '>', now - idleMs)
      .executeTakeFirst();
    if (!session) return undefined;
    const user = await trx.selectFrom('users').selectAll().where('id', '=', session.user_id).where('role', '=', 'admin').executeTakeFirst();
    return user && { session, user };
  }

  async touchSession(id: number, now: number, trx: DbOrTx = this.db): Promise<void> {
    await trx.updateTable('admin_sessions').set({ last_seen_at: now }).where('id', '=', id).execute();
  }

  async deleteSession(id: number, trx: DbOrTx = this.db): Promise<void> {
    await trx.deleteFrom('admin_sessions').where('id', '=', id).execute();
  }

  async deleteExpired(now: number, idleMs: number, trx: DbOrTx = this.db): Promise<void> {
    await trx
      .deleteFrom('admin_sessions')
      .where((eb) => eb.or([eb('expires_at', '<=', now), eb('last_seen_at', '<=', now - idleMs)]))
      .execute();
    await trx.deleteFrom('staff_tickets').where('expires_at', '<=', now).execute();
  }
}
