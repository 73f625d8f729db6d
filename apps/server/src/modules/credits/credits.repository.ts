import { sql } from 'kysely';
import type { Db, DbOrTx, Tx } from '../../db/database.js';
import { inTransaction } from '../../db/transaction.js';

/** What a balance change is about, written on its ledger row (e.g. { type: 'translation' }). */
export interface LedgerRef {
  type: string;
  id?: number | null;
}

/**
 * Credit balances (integer hundredths) and their ledger. Every change is one conditional update of
 * users.credits plus one ledger row, in one transaction: the condition `credits >= amount` is
 * evaluated by the database on the locked row, so concurrent charges can never take a balance
 * below zero, and the ledger's balance_after is the balance that change produced.
 */
export class CreditsRepository {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  async balance(userId: number, trx: DbOrTx = this.db): Promise<number> {
    const row = await trx.selectFrom('users').select('credits').where('id', '=', userId).executeTakeFirst();
    return row ? Number(row.credits) : 0;
  }

  /**
   * Takes `amount` from the balance if it is there. Answers the new balance, or null (and changes
   * nothing) when the balance is short. Pass `trx` to make the charge part of a larger change;
   * without it the charge runs in its own transaction.
   */
  async charge(userId: number, amount: number, reason: string, ref: LedgerRef, trx?: Tx): Promise<number | null> {
    if (!Number.isInteger(amount) || amount <= 0) throw new Error(`charge amount must be a positive integer, not ${amount}`);
    return this.changeBalance(trx, (t) => this.apply(t, userId, -amount, reason, ref));
  }

  /**
   * Several charges of one member in the caller's transaction, as if made one after the other:
   * one conditional update for their sum and one ledger row each, whose balance_after steps down
   * from the balance before. Answers the balance after each charge, or null (nothing changed) when
   * the balance cannot pay them all.
   */
  async chargeEach(userId: number, charges: readonly { amount: number; reason: string; ref: LedgerRef }[], trx: Tx): Promise<number[] | null> {
    for (const { amount } of charges) {
      if (!Number.isInteger(amount) || amount <= 0) throw new Error(`charge amount must be a positive integer, not ${amount}`);
    }
    if (!charges.length) return [];
    const total = charges.reduce((sum, c) => sum + c.amount, 0);
    const updated = await trx
      .updateTable('users')
      .set({ credits: sql<number>`credits - ${total}` })
      .where('id', '=', userId)
      .where('credits', '>=', total)
      .returning('credits')
      .executeTakeFirst();
    if (!updated) return null;
    let balance = Number(updated.credits) + total;
    const at = this.now();
    const rows = charges.map(({ amount, reason, ref }) => {
      balance -= amount;
      return { user_id: userId, delta: -amount, balance_after: balance, reason, ref_type: ref.type, ref_id: ref.id ?? null, created_at: at };
    });
    // One statement: ids follow the order of the values, so the ledger reads in the order charged.
    await trx.insertInto('ledger').values(rows).execute();
    return rows.map((r) => r.balance_after);
  }

  /** Adds `amount` (recharges, refunds, gifts received...); answers the new balance. */
  async credit(userId: number, amount: number, reason: string, ref: LedgerRef, trx?: Tx): Promise<number> {
    if (!Number.isInteger(amount) || amount <= 0) throw new Error(`credit amount must be a positive integer, not ${amount}`);
    const balance = await this.changeBalance(trx, (t) => this.apply(t, userId, amount, reason, ref));
    if (balance === null) throw new Error(`no such user ${userId}`);
    return balance;
  }

  ledger(userId: number, limit = 50, trx: DbOrTx = this.db) {
    return trx.selectFrom('ledger').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').limit(limit).execute();
  }

  private async apply(trx: DbOrTx, userId: number, delta: number, reason: string, ref: LedgerRef): Promise<number | null> {
    const updated = await trx
      .updateTable('users')
      .set({ credits: sql<number>`credits + ${delta}` })
      .where('id', '=', userId)
      .$if(delta < 0, (q) => q.where('credits', '>=', -delta))
      .returning('credits')
      .executeTakeFirst();
    if (!updated) return null;
    const balance = Number(updated.credits);
    await trx
      .insertInto('ledger')
      .values({ user_id: userId, delta, balance_after: balance, reason, ref_type: ref.type, ref_id: ref.id ?? null, created_at: this.now() })
      .execute();
    return balance;
  }

  /** Within the caller's transaction when there is one, else in a transaction of its own. */
  private changeBalance<T>(trx: Tx | undefined, work: (t: Tx) => Promise<T>): Promise<T> {
    return trx ? work(trx) : inTransaction(this.db, (unit) => work(unit.trx));
  }
}
