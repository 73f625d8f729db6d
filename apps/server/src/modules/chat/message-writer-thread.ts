import { Worker } from 'node:worker_threads';
import { reportQueryError, type Db } from '../../db/database.js';
import { reportGroupCommit } from '../../db/group-commit.js';
import { leaveCheckpointsToWriterThread } from '../../db/sqlite-checkpoints.js';
import type { MessageRow } from '../../db/schema.js';
import type { MessageSubmitter } from './chat.service.js';
import type { PendingMessage } from './message-writer.js';
import { fromWire, type FromWriter, type ToWriter, type WriterThreadData } from './message-writer.wire.js';

/**
 * The module of the thread, beside this one: in the bundle JavaScript (scripts/build.mjs builds it
 * next to main.js, where this module's code lands); from the TypeScript source, a bootstrap that
 * registers tsx in the thread first.
 */
const WORKER_URL = new URL(import.meta.url.endsWith('.ts') ? './message-writer.worker-source.mjs' : './message-writer.worker.js', import.meta.url);

/**
 * The chat's messages written by a thread of their own, with database connections of its own. On
 * SQLite a chat transaction is synchronous: in this process it held the event loop from its first
 * statement to its commit (the commit alone 40 % of the loop at half the chat's saturation,
 * 2026-11-28), and every socket's frames waited for it; the thread's connection writes beside this
 * process's reads (WAL). On PostgreSQL each of a batch's statements waited for a turn of this busy
 * loop while its backend sat idle in transaction (~70 % of the time); the thread's loop does nothing
 * else. The thread runs the same MessageWriter (its group commit, its rules, its order) and answers
 * each message once committed; a message is acknowledged only then, as before. Measured beside the
 * event loop's writer at the same rate: bench/JOURNAL.md, 2026-11-28 20:22.
 *
 * The messages queued in one turn of the event loop cross in one postMessage, and the answers of a
 * transaction come back in one. The thread starts with the first message and ends with `close`,
 * once every message handed to it has its answer; if it dies, the messages waiting fail with the
 * error and the next message starts a new thread.
 */
export class MessageWriterThread implements MessageSubmitter {
  private thread?: Thread;
  private seq = 0;
  private outbox: { seq: number; pending: PendingMessage; waiter: Waiter }[] = [];
  private flushing = false;
  private closing?: Promise<void>;
  private drained?: () => void;

  constructor(
    /** The process's own database: the thread's commits and failed queries are reported to its observers (the metrics). */
    private readonly db: Db,
    private readonly data: WriterThreadData,
  ) {}

  submit(pending: PendingMessage): Promise<MessageRow> {
    if (this.closing) return Promise.reject(new Error('the chat writer is closed'));
    return new Promise<MessageRow>((resolve, reject) => {
      this.outbox.push({ seq: ++this.seq, pending, waiter: { resolve, reject } });
      if (this.flushing) return;
      this.flushing = true;
      setImmediate(() => this.flush());
    });
  }

  /** Waits for every message handed over to be answered, then ends the thread and its connection. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      if (this.unanswered()) await new Promise<void>((resolve) => (this.drained = resolve));
      const worker = this.thread?.worker;
      if (!worker) return;
      await new Promise<void>((resolve) => {
        worker.once('exit', () => resolve());
        worker.postMessage({ type: 'close' } satisfies ToWriter);
      });
    })();
    return this.closing;
  }

  private flush(): void {
    this.flushing = false;
    const items = this.outbox;
    this.outbox = [];
    if (!items.length) return;
    const thread = this.started();
    for (const { seq, waiter } of items) thread.waiting.set(seq, waiter);
    thread.worker.postMessage({ type: 'write', items: items.map(({ seq, pending }) => ({ seq, pending })) } satisfies ToWriter);
  }

  private started(): Thread {
    if (this.thread) return this.thread;
    // SQLite: the thread checkpoints the WAL (message-writer.worker.ts); this process's commits leave it that work while it runs.
    const thread: Thread = { worker: new Worker(WORKER_URL, { workerData: this.data }), waiting: new Map(), restoreCheckpoints: leaveCheckpointsToWriterThread(this.db) };
    // The server's lifetime decides the process's: close() is what waits for the thread.
    thread.worker.unref();
    thread.worker.on('message', (message: FromWriter) => this.received(thread, message));
    thread.worker.on('error', (error) => this.ended(thread, error));
    thread.worker.on('exit', (code) => this.ended(thread, new Error(`the chat writer thread exited (code ${code})`)));
    this.thread = thread;
    return thread;
  }

  private received(thread: Thread, message: FromWriter): void {
    if (message.type === 'committed') return reportGroupCommit(this.db, message.writer, message.waits);
    if (message.type === 'query-error') return reportQueryError(this.db, fromWire(message.error));
    if (message.type !== 'written') return;
    for (const result of message.results) {
      const waiter = thread.waiting.get(result.seq);
      if (!waiter) continue;
      thread.waiting.delete(result.seq);
      if ('row' in result) waiter.resolve(result.row);
      else waiter.reject(fromWire(result.error));
    }
    this.answered();
  }

  /** A thread that failed or exited: what it had not answered fails with its error; the next message starts another. */
  private ended(thread: Thread, error: unknown): void {
    if (this.thread === thread) {
      this.thread = undefined;
      thread.restoreCheckpoints();
    }
    for (const waiter of thread.waiting.values()) waiter.reject(error);
    thread.waiting.clear();
    this.answered();
  }

  /**
   * Submitted and not answered yet: in the outbox or with the running thread (a thread that ended
   * failed what it held, and only the running one is handed messages).
   */
  private unanswered(): number {
    return this.outbox.length + (this.thread?.waiting.size ?? 0);
  }

  private answered(): void {
    if (this.unanswered() || !this.drained) return;
    this.drained();
    this.drained = undefined;
  }
}

interface Waiter {
  resolve(row: MessageRow): void;
  reject(error: unknown): void;
}

/** A running thread and the messages handed to it, not answered yet. */
interface Thread {
  worker: Worker;
  waiting: Map<number, Waiter>;
  restoreCheckpoints(): void;
}
