import type { Db, Tx } from './database.js';
import { inTransaction } from './transaction.js';

interface Pending<T, R> {
  item: T;
  /** performance.now() at submit: the wait the metrics report. */
  at: number;
  resolve(result: R): void;
  reject(error: unknown): void;
}

/** Told of every committed transaction (infra/metrics.ts): the writer's name and each item's wait. */
export interface GroupCommitObserver {
  committed(writer: string, waitsMs: number[]): void;
}

/**
 * Observers by the database the writers write to. Writers are built deep inside the services; the
 * metrics attach to the app's database instead of being handed down to each of them.
 */
const observers = new WeakMap<Db, GroupCommitObserver>();

/** Reports the group commits written to `db` to `observer`; answers how to stop. */
export function observeGroupCommits(db: Db, observer: GroupCommitObserver): () => void {
  observers.set(db, observer);
  return () => {
    if (observers.get(db) === observer) observers.delete(db);
  };
}

/**
 * Tells the observer of `db` of a transaction committed elsewhere on its behalf (the chat's writer
 * thread commits on a connection of its own and reports back here).
 */
export function reportGroupCommit(db: Db, writer: string, waitsMs: number[]): void {
  observers.get(db)?.committed(writer, waitsMs);
}

/** Work each batch written to a database waits for before it starts (beforeGroupCommitBatches). */
const beforeBatch = new WeakMap<Db, Set<() => void>>();

/**
 * Runs `hook` before every batch written to `db` starts; answers how to stop. The live connection
 * sends the frames it held back this turn (realtime/connection.ts): on SQLite a batch holds the
 * event loop from its first statement to its commit, and the next batch is taken in the same
 * phase of the loop as those frames would leave, before them, so each acknowledgement and delivery
 * also waited for the next batch's transaction (7–12 ms at saturation, 2026-11-28).
 */
export function beforeGroupCommitBatches(db: Db, hook: () => void): () => void {
  const hooks = beforeBatch.get(db) ?? new Set();
  beforeBatch.set(db, hooks.add(hook));
  return () => void hooks.delete(hook);
}

export interface GroupCommitOptions<T, R> {
  /** The writer's name in the metrics (default `writes`). */
  name?: string;
  /** Most items written in one transaction. */
  maxBatch: number;
  /**
   * Transactions written at the same time at most. PostgreSQL overlaps them on its connections;
   * on SQLite a transaction runs without yielding, so they never overlap whatever this says.
   */
  concurrency: number;
  /**
   * Batches are written in the order they were taken: the next batch starts only once the one
   * before it called `ordered` (handed to `writeMany`: e.g. after its rows got their ids), so
   * items submitted later are never written before items submitted earlier, while the earlier
   * batch's last statements and its commit overlap the next batch's first ones. Without it, up to
   * `concurrency` batches are written side by side in no particular order.
   */
  pipelined?: boolean;
  /**
   * The order items are written in within a transaction (stable: equal items keep their arrival
   * order). Writers that lock rows pass one that locks them in a global order, so two nodes'
   * transactions never wait for each other in a cycle.
   */
  order?: (a: T, b: T) => number;
  /**
   * Writes a whole batch (in the order given) and answers one result per item, in that order:
   * set-based statements instead of one write per item. Without it the items are written one after
   * another in the shared transaction. It must leave what `write` would, item after item.
   */
  writeMany?: (trx: Tx, items: T[], ordered: () => void) => Promise<R[]>;
  /**
   * Writes a whole batch as one statement that commits on its own (no BEGIN/COMMIT round trips);
   * answers one result per item, in order, or undefined when it wrote nothing (a rule refused an
   * item, or the batch is not one it takes): the batch then goes the transaction's way, whose
   * errors say which item failed and why; so does a throw (a unique violation, a lost connection:
   * nothing was committed, or the retry meets what was). Pipelined, the next batch starts once it
   * returned.
   */
  writeAtOnce?: (items: T[]) => Promise<R[] | undefined>;
}

/**
 * Group commit: items that arrive while a transaction is being written wait for it and are then
 * written together, in one transaction. Under load a commit (the costly part: WAL pages on
 * SQLite, an fsync on PostgreSQL) is shared by many items; alone, an item is written at once.
 * Each promise settles after its item's transaction committed (or failed), never before.
 *
 * A batch is optimistic: if any item fails, nothing of the batch is kept and each of its items is
 * written again in a transaction of its own, so one refused or conflicting item costs the others
 * time, never their write, and its own error is the one it would have had alone.
 */
export class GroupCommit<T, R> {
  private queue: Pending<T, R>[] = [];
  /** Batches taken and not settled yet. */
  private inFlight = 0;
  /** Pipelined: the last batch taken has not reached its ordering point, so none may start. */
  private gated = false;
  private scheduled = false;

  constructor(
    private readonly db: Db,
    private readonly write: (trx: Tx, item: T) => Promise<R>,
    private readonly options: GroupCommitOptions<T, R>,
  ) {}

  submit(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, at: performance.now(), resolve, reject });
      this.schedule();
    });
  }

  /**
   * The next batch is taken after this turn's I/O callbacks: items read from every socket that was
   * ready share the transaction. (On SQLite a transaction runs without yielding to I/O, so a batch
   * must not be taken in the middle of the turn, or every item would get a transaction of its own.)
   */
  private schedule(): void {
    if (this.scheduled || !this.queue.length || this.gated || this.inFlight >= this.options.concurrency) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.take();
    });
  }

  private take(): void {
    if (!this.queue.length || this.gated || this.inFlight >= this.options.concurrency) return;
    const batch = this.queue.splice(0, this.options.maxBatch);
    if (this.options.order) batch.sort((a, b) => this.options.order!(a.item, b.item));
    for (const hook of beforeBatch.get(this.db) ?? []) hook();
    this.inFlight += 1;
    let open = !this.options.pipelined;
    this.gated = !open;
    const ordered = () => {
      if (open) return;
      open = true;
      this.gated = false;
      this.schedule();
    };
    void this.run(batch, ordered).finally(() => {
      this.inFlight -= 1;
      ordered();
      this.schedule();
    });
    // More waiting than one batch holds, and room for another beside it.
    this.schedule();
  }

  /**
   * A batch that fails before its ordering point is written again item by item before any later
   * batch starts, so order holds; one that fails after it (its commit) is rewritten beside them.
   */
  private async run(batch: Pending<T, R>[], ordered: () => void): Promise<void> {
    try {
      if (this.options.writeAtOnce && (await this.writeAtOnce(batch))) return;
      if (batch.length > 1 && (await this.writeTogether(batch, ordered))) return;
      for (const pending of batch) await this.writeAlone(pending);
    } catch (error) {
      for (const pending of batch) pending.reject(error);
    }
  }

  private async writeTogether(batch: Pending<T, R>[], ordered: () => void): Promise<boolean> {
    let results: R[];
    try {
      results = await inTransaction(this.db, async ({ trx }) => {
        const items = batch.map((p) => p.item);
        if (this.options.writeMany) return this.options.writeMany(trx, items, ordered);
        const written: R[] = [];
        for (const item of items) written.push(await this.write(trx, item));
        return written;
      });
    } catch {
      return false;
    }
    this.settle(batch, results);
    return true;
  }

  private async writeAtOnce(batch: Pending<T, R>[]): Promise<boolean> {
    let results: R[] | undefined;
    try {
      results = await this.options.writeAtOnce!(batch.map((p) => p.item));
    } catch {
      return false;
    }
    if (!results) return false;
    this.settle(batch, results);
    return true;
  }

  /** A batch committed: counted, then each item answered with its result. */
  private settle(batch: Pending<T, R>[], results: R[]): void {
    this.committed(batch);
    batch.forEach((pending, i) => pending.resolve(results[i]!));
  }

  private async writeAlone(pending: Pending<T, R>): Promise<void> {
    let result: R;
    try {
      result = await inTransaction(this.db, ({ trx }) => this.write(trx, pending.item));
    } catch (error) {
      return pending.reject(error);
    }
    this.committed([pending]);
    pending.resolve(result);
  }

  private committed(batch: Pending<T, R>[]): void {
    if (!observers.has(this.db)) return;
    const now = performance.now();
    reportGroupCommit(this.db, this.options.name ?? 'writes', batch.map((p) => now - p.at));
  }
}
