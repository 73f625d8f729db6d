import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { directSqlite, openDatabase } from '../../src/db/database.js';
import { deferCheckpoints } from '../../src/db/sqlite-checkpoints.js';
import { MessageWriterThread } from '../../src/modules/chat/message-writer-thread.js';
import { buildUser } from '../helpers/factories.js';
import { startApp } from '../helpers/test-app.js';

const PAGE = 4096;
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** A fresh SQLite file with a table whose rows each fill a page or so; the raw connection to count checkpoints on. */
async function database() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kindred-checkpoints-'));
  const file = path.join(dir, 'kindred.sqlite');
  const handle = openDatabase({ kind: 'sqlite', file });
  onTestFinished(async () => {
    await handle.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  await sql`create table pages (id integer primary key, body text not null)`.execute(handle.db);
  const sqlite = directSqlite(handle.db)!.sqlite;
  const insert = sqlite.prepare('insert into pages (body) values (?)');
  const write = (rows: number) => {
    for (let i = 0; i < rows; i++) insert.run('x'.repeat(PAGE));
  };
  const walPages = () => fs.statSync(`${file}-wal`).size / PAGE;
  const passiveCheckpoints = vi.spyOn(sqlite, 'pragma');
  const checkpointsRun = () => passiveCheckpoints.mock.calls.filter(([text]) => text === 'wal_checkpoint(PASSIVE)').length;
  return { handle, write, walPages, checkpointsRun };
}

describe('deferred WAL checkpoints (the chat writer thread’s SQLite connection)', () => {
  it('turns the checkpoint inside commits off: the WAL grows past the 1,000 pages that would have started one', async () => {
    const { handle, write, walPages, checkpointsRun } = await database();
    const checkpoints = deferCheckpoints(handle.db)!;
    onTestFinished(() => checkpoints.stop());

    write(1_500);

    expect(walPages()).toBeGreaterThan(1_500);
    expect(checkpointsRun()).toBe(0);
  });

  it('checkpoints on the turn after a commit asked for it, not inside it, and the next write starts the WAL over', async () => {
    const { handle, write, walPages, checkpointsRun } = await database();
    const checkpoints = deferCheckpoints(handle.db, 0)!;
    onTestFinished(() => checkpoints.stop());

    write(1_200);
    checkpoints.committed();
    expect(checkpointsRun()).toBe(0);
    await nextTurn();
    expect(checkpointsRun()).toBe(1);

    // Everything was copied: the next transactions write the WAL from its start again (it does not grow).
    const size = walPages();
    write(1_000);
    expect(walPages()).toBe(size);
  });

  it('checkpoints at most once per interval, and a timer takes what the last commits of a burst left', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'performance'] });
    onTestFinished(() => void vi.useRealTimers());
    const { handle, write, checkpointsRun } = await database();
    const checkpoints = deferCheckpoints(handle.db, 100)!;
    onTestFinished(() => checkpoints.stop());

    vi.advanceTimersByTime(100);
    for (let i = 0; i < 5; i++) {
      write(1);
      checkpoints.committed();
      await nextTurn();
    }
    expect(checkpointsRun()).toBe(1);

    // The burst ends; within ten intervals its last commits are checkpointed without another ask.
    vi.advanceTimersByTime(1_000);
    expect(checkpointsRun()).toBe(2);
    vi.advanceTimersByTime(5_000);
    expect(checkpointsRun()).toBe(2);
  });

  it('the process’s own connection leaves checkpoints to the chat’s writer thread while it runs (4,000 pages as a safety net), and takes them back after', async () => {
    const ctx = await startApp();
    const autoCheckpoint = () => directSqlite(ctx.db)!.sqlite.pragma('wal_autocheckpoint', { simple: true });
    expect(autoCheckpoint()).toBe(1_000);

    const her = await buildUser(ctx, { sex: 0 });
    const him = await buildUser(ctx, { sex: 1 });
    const writer = new MessageWriterThread(ctx.db, { database: ctx.config.database, freeChats: 3 });
    const body = { type: 'text' as const, content: 'the thread starts with the first message', img: '' };
    await writer.submit({ senderId: her.user.id, peerId: him.user.id, body, clientId: 'c-1', rights: null, now: Date.now() });
    expect(autoCheckpoint()).toBe(4_000);

    await writer.close();
    expect(autoCheckpoint()).toBe(1_000);
  });
});
