import { Migrator, sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate.js';
import { migrationsFor } from '../src/db/migrations/index.js';
import { memberReferences } from '../src/db/member-references.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-app.js';

let testDb: TestDatabase | undefined;
afterEach(async () => {
  await testDb?.drop();
  testDb = undefined;
});

/** Migration 0009 rebuilds ledger and orders on SQLite: rows, ids, indexes and the tables that point at them must survive. */
describe('migration 0009 on a database with data', () => {
  it('keeps every ledger row and order (and what references them) and makes their member columns SET NULL', async () => {
    testDb = await createTestDatabase();
    const { db, dialect } = testDb.handle;
    const any = db as unknown as Kysely<any>;
    const schema = dialect === 'postgres' ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]!.s : undefined;
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrationsFor(dialect) }, ...(schema ? { migrationTableSchema: schema } : {}) });
    const before = await migrator.migrateTo('0008-gift-catalogue');
    expect(before.error).toBeUndefined();

    const now = Date.now();
    const user = (name: string) => ({ username: name, username_key: name, email: `${name}@x.io`, password_hash: 'x', sex: 1, birthday: 0, invitation_code: name, created_at: now, updated_at: now });
    const a = await any.insertInto('users').values(user('alpha')).returning('id').executeTakeFirstOrThrow();
    const b = await any.insertInto('users').values(user('beta')).returning('id').executeTakeFirstOrThrow();
    const ledger = await any.insertInto('ledger').values({ user_id: a.id, delta: 500, balance_after: 500, reason: 'recharge', created_at: now }).returning('id').executeTakeFirstOrThrow();
    const order = await any.insertInto('orders').values({ user_id: a.id, gainer_id: b.id, order_type: 1, pay_type: 2, amount_cents: 499, created_at: now }).returning('id').executeTakeFirstOrThrow();
    await any.insertInto('payment_events').values({ provider: 'sandbox', event_id: 'evt_1', order_id: order.id, created_at: now }).execute();
    await any.insertInto('messages').values({ sender_id: a.id, reciver_id: b.id, type: 'text', content: 'hi', img: '', client_id: 'c', created_at: now }).execute();

    await migrateToLatest(testDb.handle);

    expect(await any.selectFrom('ledger').selectAll().execute()).toMatchObject([{ id: ledger.id, user_id: a.id, delta: 500 }]);
    expect(await any.selectFrom('orders').selectAll().execute()).toMatchObject([{ id: order.id, user_id: a.id, gainer_id: b.id, amount_cents: 499 }]);
    expect(await any.selectFrom('payment_events').select('order_id').execute()).toEqual([{ order_id: order.id }]);
    const refs = await memberReferences(any, dialect);
    for (const [table, column] of [['ledger', 'user_id'], ['orders', 'user_id'], ['orders', 'gainer_id']] as const) {
      expect(refs.find((r) => r.table === table && r.column === column)?.onDelete, `${table}.${column}`).toBe('set null');
    }
    // New ids keep counting past the old ones; the indexes are back.
    const next = await any.insertInto('ledger').values({ user_id: b.id, delta: 1, balance_after: 1, reason: 'x', created_at: now }).returning('id').executeTakeFirstOrThrow();
    expect(next.id).toBeGreaterThan(ledger.id);
    if (dialect === 'sqlite') {
      const indexes = await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name in ('ledger', 'orders')`.execute(db);
      expect(indexes.rows.map((r) => r.name)).toEqual(expect.arrayContaining(['ledger_user', 'orders_user']));
      expect((await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db)).rows[0]!.foreign_keys).toBe(1);
    }

    // Deleting the member: their messages go with them, the bookkeeping stays without the person.
    await any.deleteFrom('users').where('id', '=', a.id).execute();
    expect(await any.selectFrom('ledger').select(['user_id', 'delta']).where('id', '=', ledger.id).execute()).toEqual([{ user_id: null, delta: 500 }]);
    expect(await any.selectFrom('orders').select(['user_id', 'gainer_id']).execute()).toEqual([{ user_id: null, gainer_id: b.id }]);
    expect(await any.selectFrom('messages').selectAll().execute()).toEqual([]);
  });
});
