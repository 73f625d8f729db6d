/**
 * Errors that mean "the storage cannot take this write now" (disk full, quota, I/O error, a
 * read-only or recovering database), as opposed to a bug or bad input. They answer 503 with a
 * stable id instead of a bare 500, mark /readyz unhealthy, and non-essential writes (the activity
 * stamps of sign-in and of each request) skip over them. Codes by source:
 * - better-sqlite3: SQLITE_FULL, SQLITE_IOERR_* (extended codes), SQLITE_READONLY_*, SQLITE_CANTOPEN;
 * - PostgreSQL SQLSTATE: 53100 disk_full, 58030 io_error, 25006 read_only_sql_transaction (a
 *   standby), 57P03 cannot_connect_now (starting or recovering);
 * - Node's fs (uploads, the outbox): ENOSPC, EDQUOT, EROFS, EIO.
 */
const SQLITE = /^SQLITE_(FULL|IOERR|READONLY|CANTOPEN)(_|$)/;
const CODES = new Set(['53100', '58030', '25006', '57P03', 'ENOSPC', 'EDQUOT', 'EROFS', 'EIO']);

/** The failure's code when it is a storage failure, else undefined. */
export function storageFailureCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return undefined;
  return SQLITE.test(code) || CODES.has(code) ? code : undefined;
}

/** When each kind of skipped write was last logged: a full disk fails every request's stamp. */
const lastLogged = new Map<string, number>();
const LOG_EVERY_MS = 60_000;

/**
 * Runs a write the request does not need (an activity stamp, a last-sign-in time): if the storage
 * cannot take it, the request goes on without it (answering undefined) and the log says so, at
 * most once a minute per `what`. Any other failure is thrown as usual.
 */
export async function unlessStorageFails<T>(what: string, write: () => Promise<T>, log: { error(obj: unknown, msg: string): void }): Promise<T | undefined> {
  try {
    return await write();
  } catch (error) {
    const code = storageFailureCode(error);
    if (!code) throw error;
    const now = Date.now();
    if (now - (lastLogged.get(what) ?? -Infinity) >= LOG_EVERY_MS) {
      lastLogged.set(what, now);
      log.error({ err: error, code }, `storage failure (${code}): ${what} skipped — free disk space under DATA_DIR or on the database server`);
    }
    return undefined;
  }
}
