import type { Db, Tx } from './database.js';

/**
 * A transaction and what must wait for its commit: a live push (a notice, a message) must never
 * tell a member about a row that may still roll back. Effects registered with `afterCommit` run
 * once the transaction committed, in order; a rolled-back transaction runs none.
 */
export interface UnitOfWork {
  trx: Tx;
  afterCommit(effect: () => void): void;
}

/**
 * The one way the server runs a transaction (services, repositories, the group commit). Code that
 * takes part in a larger change is handed that change's `trx` (or unit) instead of starting one.
 */
export async function inTransaction<T>(db: Db, work: (unit: UnitOfWork) => Promise<T>): Promise<T> {
  const effects: (() => void)[] = [];
  const result = await db.transaction().execute((trx) => work({ trx, afterCommit: (effect) => void effects.push(effect) }));
  for (const effect of effects) effect();
  return result;
}
