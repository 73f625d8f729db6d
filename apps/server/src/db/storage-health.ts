import fs from 'node:fs';

/**
 * Whether this node can still write, for /readyz and the operator's log (hardening finding 11).
 * Two signals: free space on the file system under DATA_DIR (the SQLite file and its WAL, uploads,
 * the mail outbox) below MIN_FREE_DISK_MB, and a storage failure seen by a request within the last
 * FAILURE_HOLD_MS (the only signal for a PostgreSQL server's own disk). A failure is held for a
 * while rather than probed with a write of our own: a probe that succeeds in space SQLite already
 * holds (a reused WAL) would report health the next real write does not have.
 */
export const FAILURE_HOLD_MS = 60_000;
/** At most one log line per this long for repeated write failures (a full disk fails every request). */
const LOG_EVERY_MS = 60_000;

export type StorageStatus =
  | { ok: true; freeBytes?: number }
  | { ok: false; reason: 'disk_low' | 'writes_failing'; detail: string; freeBytes?: number };

export interface StorageLog {
  error(obj: unknown, msg: string): void;
  info(obj: unknown, msg: string): void;
}

export interface StorageHealthOptions {
  dataDir: string;
  minFreeBytes: number;
  log: StorageLog;
  now?: () => number;
  /** Bytes an unprivileged process may still write on the file system holding `dir`. */
  freeBytes?: (dir: string) => Promise<number>;
}

const freeBytesUnder = async (dir: string) => {
  const stats = await fs.promises.statfs(dir);
  return stats.bavail * stats.bsize;
};
const mb = (bytes: number) => Math.floor(bytes / 1_048_576);

export class StorageHealth {
  private lastFailure?: { at: number; code: string };
  private lastLoggedAt = -Infinity;
  private reported: StorageStatus = { ok: true };
  private readonly now: () => number;
  private readonly freeBytes: (dir: string) => Promise<number>;

  constructor(private readonly options: StorageHealthOptions) {
    this.now = options.now ?? Date.now;
    this.freeBytes = options.freeBytes ?? freeBytesUnder;
  }

  /** A write failed for lack of storage (see storage-failure.ts): tell the operator, mark unhealthy. */
  failed(error: unknown, code: string): void {
    const now = this.now();
    this.lastFailure = { at: now, code };
    if (now - this.lastLoggedAt < LOG_EVERY_MS) return;
    this.lastLoggedAt = now;
    this.options.log.error(
      { err: error, code, dataDir: this.options.dataDir },
      `storage failure (${code}): writes are failing — free disk space under DATA_DIR or on the database server; /readyz answers 503 meanwhile`,
    );
  }

  async check(): Promise<StorageStatus> {
    const now = this.now();
    // A DATA_DIR that does not exist yet (PostgreSQL, nothing uploaded) has nothing to measure.
    const free = await this.freeBytes(this.options.dataDir).catch(() => undefined);
    let status: StorageStatus;
    if (free !== undefined && free < this.options.minFreeBytes) {
      status = { ok: false, reason: 'disk_low', detail: `${mb(free)} MB free under DATA_DIR, below MIN_FREE_DISK_MB (${mb(this.options.minFreeBytes)})`, freeBytes: free };
    } else if (this.lastFailure && now - this.lastFailure.at < FAILURE_HOLD_MS) {
      status = { ok: false, reason: 'writes_failing', detail: `a write failed ${Math.round((now - this.lastFailure.at) / 1000)} s ago (${this.lastFailure.code})`, freeBytes: free };
    } else {
      status = { ok: true, freeBytes: free };
    }
    this.report(status);
    return status;
  }

  /** Checks every `everyMs`, so the log tells the operator even when nothing polls /readyz; answers how to stop. */
  watch(everyMs: number): () => void {
    const timer = setInterval(() => void this.check(), everyMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  /** Logs changes of state only (a health poller every few seconds must not flood the log). */
  private report(status: StorageStatus): void {
    const before = this.reported;
    this.reported = status;
    if (!status.ok && (before.ok || before.reason !== status.reason)) {
      this.options.log.error({ reason: status.reason, freeBytes: status.freeBytes, dataDir: this.options.dataDir }, `storage unhealthy: ${status.detail}`);
    } else if (status.ok && !before.ok) {
      this.options.log.info({ freeBytes: status.freeBytes }, 'storage healthy again');
    }
  }
}
