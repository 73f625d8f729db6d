import type { ErrorId } from '@kindred/protocol';
import type { Config } from '../../config.js';
import type { MessageRow } from '../../db/schema.js';
import { DomainError } from '../../errors.js';
import type { PendingMessage } from './message-writer.js';

// What crosses between the process and the chat's writer thread (message-writer-thread.ts and
// message-writer.worker.ts), apart from both so that neither loads the other.

/** What the thread is started with (workerData). */
export interface WriterThreadData {
  /** The server's database: the thread opens connections of its own to it. */
  database: Config['database'];
  /** FREE_CHATS: the quota until staff set one. */
  freeChats: number;
}

/** A failure as it crosses the thread: a domain error keeps its id and data, any other its code. */
export type WireError = { id: ErrorId; message: string; data: unknown } | { id?: undefined; name: string; message: string; code?: string };

export type ToWriter = { type: 'write'; items: { seq: number; pending: PendingMessage }[] } | { type: 'close' };

export type FromWriter =
  | { type: 'written'; results: ({ seq: number; row: MessageRow } | { seq: number; error: WireError })[] }
  | { type: 'committed'; writer: string; waits: number[] }
  | { type: 'query-error'; error: WireError };

export function toWire(error: unknown): WireError {
  if (error instanceof DomainError) return { id: error.id, message: error.message, data: error.data };
  const e = error as { name?: unknown; message?: unknown; code?: unknown } | null;
  return { name: String(e?.name ?? 'Error'), message: String(e?.message ?? error), code: typeof e?.code === 'string' ? e.code : undefined };
}

/** The failure as the caller would have had it in-process: storage failures and unique violations keep their code. */
export function fromWire(wire: WireError): Error {
  if (wire.id !== undefined) return new DomainError(wire.id, wire.message, wire.data);
  return Object.assign(new Error(wire.message), { name: wire.name, ...(wire.code ? { code: wire.code } : {}) });
}
