import type { Insertable, Selectable } from 'kysely';
import type { Db, DbOrTx } from '../../db/database.js';
import { isUniqueViolation } from '../../db/dialect.js';
import type { OrdersTable } from '../../db/schema.js';

export type OrderRow = Selectable<OrdersTable>;
export type NewOrder = Insertable<OrdersTable>;

/** Orders, the guids that start them and the provider events already applied. Kysely only. */
export class OrdersRepository {
  constructor(private readonly db: Db) {}

  async issueGuid(guid: string, userId: number, now: number, ttlMs: number): Promise<void> {
    await this.db.insertInto('pay_guids').values({ guid, user_id: userId, created_at: now, expires_at: now + ttlMs }).execute();
  }

  findGuid(guid: string, trx: DbOrTx = this.db) {
    return trx.selectFrom('pay_guids').selectAll().where('guid', '=', guid).executeTakeFirst();
  }

  /** The new order, or null when the member already has one with this guid (a retry, maybe a concurrent one). */
  async insert(order: NewOrder, trx: DbOrTx = this.db): Promise<OrderRow | null> {
    try {
      return await trx.insertInto('orders').values(order).returningAll().executeTakeFirstOrThrow();
    } catch (error) {
      if (isUniqueViolation(error)) return null;
      throw error;
    }
  }

  findByGuid(userId: number, guid: string, trx: DbOrTx = this.db) {
    return trx.selectFrom('orders').selectAll().where('user_id', '=', userId).where('guid', '=', guid).executeTakeFirst();
  }

  findById(id: number, trx: DbOrTx = this.db) {
    return trx.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByProviderRef(provider: string, ref: string, trx: DbOrTx = this.db) {
    return trx.selectFrom('orders').selectAll().where('provider', '=', provider).where('provider_ref', '=', ref).executeTakeFirst();
  }

  async setIntent(id: number, fields: { provider_ref: string; next_type: string; next_url: string }, now: number): Promise<void> {
    await this.db.updateTable('orders').set({ ...fields, updated_at: now }).where('id', '=', id).execute();
  }

  /** pending (or expired, or failed: the provider took the money after all) → paid, once: true for the one caller that made the change. */
  async markPaid(id: number, now: number, trx: DbOrTx): Promise<boolean> {
    const result = await trx
      .updateTable('orders')
      .set({ status: 'paid', paid_at: now, updated_at: now, failure_code: '', next_type: '', next_url: '' })
      .where('id', '=', id)
      .where('status', '!=', 'paid')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** pending → failed (an expired or paid order stays as it is). */
  async markFailed(id: number, failureCode: string, now: number, trx: DbOrTx = this.db): Promise<boolean> {
    const result = await trx
      .updateTable('orders')
      .set({ status: 'failed', failure_code: failureCode, updated_at: now, next_type: '', next_url: '' })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Pending orders past their expiry become expired; answers how many. */
  async expirePending(now: number): Promise<number> {
    const result = await this.db
      .updateTable('orders')
      .set({ status: 'expired', failure_code: 'expired', updated_at: now, next_type: '', next_url: '' })
      .where('status', '=', 'pending')
      .where('expires_at', '>', 0)
      .where('expires_at', '<', now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async deleteExpiredGuids(now: number): Promise<void> {
    await this.db.deleteFrom('pay_guids').where('expires_at', '<', now).execute();
  }

  /**
   * Records a provider event as applied, in the transaction that applies it. False when it was
   * applied before (the caller then changes nothing). On PostgreSQL a duplicate aborts the
   * transaction, so this probes first; the unique key still decides between concurrent deliveries.
   */
  async recordEvent(provider: string, eventId: string, orderId: number | null, now: number, trx: DbOrTx): Promise<boolean> {
    const seen = await trx.selectFrom('payment_events').select('id').where('provider', '=', provider).where('event_id', '=', eventId).executeTakeFirst();
    if (seen) return false;
    await trx.insertInto('payment_events').values({ provider, event_id: eventId, order_id: orderId, created_at: now }).execute();
    return true;
  }
}
