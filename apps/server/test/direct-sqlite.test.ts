import { describe, expect, it } from 'vitest';
import { userById } from '../src/modules/users/users.repository.js';
import { buildUser } from './helpers/factories.js';
import { useSharedApp } from './helpers/test-app.js';

const app = useSharedApp();

/**
 * Fixed and shaped queries run their prepared statement past Kysely on SQLite (db/database.ts,
 * directSqlite). SQLite has one connection: while a transaction is open on it, a statement run
 * there would read the transaction's uncommitted rows. It must wait as Kysely would.
 */
describe('queries run past Kysely', () => {
  it('never read what an open transaction has not committed (it rolls back here)', async () => {
    const ctx = app();
    const member = await buildUser(ctx);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let changed!: () => void;
    const inside = new Promise<void>((resolve) => (changed = resolve));
    const transaction = ctx.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ username: 'uncommitted1' }).where('id', '=', member.user.id).execute();
      changed();
      await held;
      throw new Error('roll back');
    });
    await inside;

    const read = userById(ctx.db, member.user.id);
    release();
    await expect(transaction).rejects.toThrow('roll back');
    expect((await read)[0]?.username).toBe(member.user.username);
    // And outside any transaction the direct way answers at once.
    expect((await userById(ctx.db, member.user.id))[0]?.username).toBe(member.user.username);
  });
});
