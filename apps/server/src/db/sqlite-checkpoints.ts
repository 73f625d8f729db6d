import { directSqlite, sqliteConnection, type Db } from './database.js';

/** Asks for a checkpoint after a commit; `stop` ends the timer that catches the last commits of a burst. */
export interface DeferredCheckpoints {
  committed(): void;
  stop(): void;
}

/**
 * SQLite's WAL checkpoints at moments the writer chooses. By default the commit that takes the WAL
 * past 1,000 pages also copies them into the database file and syncs it, inside that commit: in
 * the chat's writer thread at half the chat's saturation that was a checkpoint every ~15 commits,
 * 8–40 ms each, and that batch's messages and every batch queued behind it waited for it (5.7 % of
 * the commits took over 8 ms, about 1 % with no checkpoint at all; 2026-11-29). Deferred, a
 * checkpoint runs after the commit that asked for it has answered (the next turn of the loop), at
 * most once per `everyMs`: each page is copied once however often it changed meanwhile, and no
 * answer waits for it. PASSIVE: it never waits for readers or for the other connection's writes.
 * The connection's automatic checkpoint is off; a timer checkpoints what the last commits of a
 * burst left. Nothing to do on PostgreSQL (undefined).
 */
export function deferCheckpoints(db: Db, everyMs = 100): DeferredCheckpoints | undefined {
  // A setting, not a statement: the connection itself (directSqlite is for statements).
  const sqlite = sqliteConnection(db);
  if (!sqlite) return undefined;
  sqlite.pragma('wal_autocheckpoint = 0');
  let last = performance.now();
  let scheduled = false;
  let dirty = false;
  const checkpoint = () => {
    scheduled = false;
    // A transaction open on the connection (the writer's are synchronous: not expected) waits for the next ask.
    const direct = directSqlite(db);
    if (!direct) return;
    last = performance.now();
    dirty = false;
    try {
      direct.sqlite.pragma('wal_checkpoint(PASSIVE)');
    } catch (error) {
      direct.reportError(error);
    }
  };
  const timer = setInterval(() => {
    if (dirty && !scheduled) checkpoint();
  }, everyMs * 10).unref();
  return {
    committed() {
      dirty = true;
      if (scheduled || performance.now() - last < everyMs) return;
      scheduled = true;
      setImmediate(checkpoint);
    },
    stop: () => clearInterval(timer),
  };
}

/**
 * The process's own connection while the chat's writer thread checkpoints (deferCheckpoints, every
 * 100 ms while messages flow, ~1,750 pages apart at half the chat's saturation): its automatic
 * checkpoint waits for a WAL of `pages` instead of SQLite's 1,000, so a write of the process (a
 * like, an activity stamp) does not copy the thread's pages on the event loop; it stays as a safety
 * net should the thread stop checkpointing. Answers how to restore the setting it found; nothing on PostgreSQL.
 */
export function leaveCheckpointsToWriterThread(db: Db, pages = 4_000): () => void {
  const sqlite = sqliteConnection(db);
  if (!sqlite) return () => undefined;
  const found = Number(sqlite.pragma('wal_autocheckpoint', { simple: true }));
  sqlite.pragma(`wal_autocheckpoint = ${pages}`);
  return () => {
    if (sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${found}`);
  };
}
