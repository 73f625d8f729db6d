import SQLite from 'better-sqlite3';
import { describe, expect, it, onTestFinished } from 'vitest';
import { openDatabase } from '../../src/db/database.js';
import { buildUser } from '../helpers/factories.js';
import { startApp } from '../helpers/test-app.js';

/**
 * Two connections write the SQLite file: the server's and the chat's writer thread's
 * (modules/chat/message-writer-thread.ts).
 */
describe('two connections writing one SQLite file', () => {
  it('a transaction takes the write lock at BEGIN: it never meets a snapshot the other connection moved on', async () => {
    const ctx = await startApp();
    const { user: her } = await buildUser(ctx);
    const other = new SQLite(ctx.config.database.kind === 'sqlite' ? ctx.config.database.file : '');
    onTestFinished(() => void other.close());
    // Fail at once instead of waiting out busy_timeout in this thread.
    other.pragma('busy_timeout = 0');
    const write = other.prepare('update users set signature = ? where id = ?');

    await ctx.db.transaction().execute(async (trx) => {
      await trx.selectFrom('users').select('signature').where('id', '=', her.id).executeTakeFirstOrThrow();
      // DEFERRED, the other connection would commit here, and the update below would fail (SQLITE_BUSY_SNAPSHOT).
      expect(() => write.run('from the other connection', her.id)).toThrow(expect.objectContaining({ code: 'SQLITE_BUSY' }));
      await trx.updateTable('users').set({ signature: 'from the transaction' }).where('id', '=', her.id).execute();
    });

    expect(write.run('after the commit', her.id).changes).toBe(1);
    const reopened = openDatabase({ kind: 'sqlite', file: other.name });
    onTestFinished(() => reopened.destroy());
    expect(await reopened.db.selectFrom('users').select('signature').where('id', '=', her.id).executeTakeFirst()).toEqual({ signature: 'after the commit' });
  });
});
