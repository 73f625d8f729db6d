import { describe, expect, it, vi } from 'vitest';
import { CamelCasePlugin } from 'kysely';
import { fixedQuery, listQuery, rowsQuery } from '../src/db/fixed-query.js';
import { buildUser } from './helpers/factories.js';
import { useSharedApp } from './helpers/test-app.js';

const app = useSharedApp();

describe('fixedQuery', () => {
  it('compiles once per database handle and answers what the built query answers, for every call’s arguments', async () => {
    const ctx = app();
    const [a, b] = [await buildUser(ctx, { sex: 0 }), await buildUser(ctx, { sex: 1 })];
    const build = vi.fn((db: Parameters<Parameters<typeof fixedQuery>[0]>[0], sex: number, minId: number) =>
      // A constant (status 1) between the two arguments, and the arguments out of their order.
      db.selectFrom('users').select(['id', 'sex']).where('id', '>=', minId).where('status', '=', 1).where('sex', '=', sex).orderBy('id'),
    );
    const query = fixedQuery(build);
    const low = Math.min(a.user.id, b.user.id);

    const women = await query(ctx.db, 0, low);
    const men = await query(ctx.db, 1, low);

    expect(build).toHaveBeenCalledTimes(1);
    expect(women).toEqual(await ctx.db.selectFrom('users').select(['id', 'sex']).where('id', '>=', low).where('status', '=', 1).where('sex', '=', 0).orderBy('id').execute());
    expect(women.map((r) => r.id)).toContain(a.user.id);
    expect(men.map((r) => r.id)).toContain(b.user.id);
    expect(men.every((r) => r.sex === 1)).toBe(true);
  });

  it('compiles once for every transaction of a database (a new handle each time), with the same answers', async () => {
    const ctx = app();
    const [a, b] = [await buildUser(ctx), await buildUser(ctx)];
    const build = vi.fn((db: Parameters<Parameters<typeof fixedQuery>[0]>[0], id: number) => db.selectFrom('users').select('username').where('id', '=', id));
    const query = fixedQuery(build);

    const first = await ctx.db.transaction().execute((trx) => query(trx, a.user.id));
    const second = await ctx.db.transaction().execute((trx) => query(trx, b.user.id));

    expect(first).toEqual([{ username: a.user.username }]);
    expect(second).toEqual([{ username: b.user.username }]);
    expect(build).toHaveBeenCalledTimes(1);
    // The database itself keeps its own (its statement may run past Kysely): one more.
    expect(await query(ctx.db, a.user.id)).toEqual(first);
    expect(build).toHaveBeenCalledTimes(2);
  });

  it('compiles every call for a handle with a plugin (it could change the SQL)', async () => {
    const ctx = app();
    const { user } = await buildUser(ctx);
    const build = vi.fn((db: Parameters<Parameters<typeof fixedQuery>[0]>[0], id: number) => db.selectFrom('users').select('username').where('id', '=', id));
    const query = fixedQuery(build);
    const withPlugin = ctx.db.withPlugin(new CamelCasePlugin());
    for (let i = 0; i < 2; i++) expect(await withPlugin.transaction().execute((trx) => query(trx, user.id))).toEqual([{ username: user.username }]);
    expect(build).toHaveBeenCalledTimes(2);
  });

  it('answers a wide row (all 31 columns of a member) with the keys, order and values Kysely gives, as one object shape', async () => {
    const ctx = app();
    const [a, b] = [await buildUser(ctx), await buildUser(ctx, { sex: 1 })];
    const query = fixedQuery((db, id: number) => db.selectFrom('users').selectAll().where('id', '=', id));

    for (const { user } of [a, b]) {
      const [row] = await query(ctx.db, user.id);
      const expected = await ctx.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
      expect(row).toEqual(expected);
      expect(Object.keys(row!)).toEqual(Object.keys(expected));
      expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    }
    // Two rows, then none: a query that finds nothing answers an empty list.
    expect(await query(ctx.db, -1)).toEqual([]);
  });

  it('keeps the last of two columns of the same name, as an object row would', async () => {
    const ctx = app();
    const { user } = await buildUser(ctx);
    const query = fixedQuery((db, id: number) => db.selectFrom('users').select(['id', 'username as name', 'email as name']).where('id', '=', id));

    expect(await query(ctx.db, user.id)).toEqual([{ id: user.id, name: user.email }]);
  });

  it('refuses a build that leaves an argument out of the query (it would shape the query, not fill it)', async () => {
    const ctx = app();
    const query = fixedQuery((db, _unused: number) => db.selectFrom('users').select('id').where('id', '=', 1));
    await expect(query(ctx.db, 5)).rejects.toThrow('every argument must appear');
  });
});

describe('listQuery', () => {
  type Handle = Parameters<Parameters<typeof fixedQuery>[0]>[0];

  it('compiles once per power-of-two list length and answers what the built query answers for each list and argument', async () => {
    const ctx = app();
    const built = await Promise.all([buildUser(ctx, { sex: 0 }), buildUser(ctx, { sex: 1 }), buildUser(ctx, { sex: 0 }), buildUser(ctx, { sex: 1 })]);
    const ids = built.map((b) => b.user.id);
    const build = vi.fn((db: Handle, list: readonly number[], sex: number) =>
      db.selectFrom('users').select(['id', 'sex']).where('id', 'in', list).where('status', '=', 1).where('sex', '=', sex).orderBy('id'),
    );
    const query = listQuery(build);
    const kysely = (list: number[], sex: number) => ctx.db.selectFrom('users').select(['id', 'sex']).where('id', 'in', list).where('status', '=', 1).where('sex', '=', sex).orderBy('id').execute();

    const calls: [number[], number][] = [
      [ids.slice(0, 2), 0],
      [ids.slice(2, 4), 1],
      [ids.slice(1, 3), 1],
      [ids, 0],
      [ids.slice().reverse(), 1],
      [[ids[3]!], 1],
      [ids.slice(0, 3), 0],
      [ids.slice(1, 4), 1],
    ];
    for (const [list, sex] of calls) expect(await query(ctx.db, list, sex)).toEqual(await kysely(list, sex));

    // Lengths 2, 4 and 1 (a list of 3 is padded to 4 by repeating its last id): three compilations for eight calls.
    expect(build).toHaveBeenCalledTimes(3);
    expect(build.mock.calls.map(([, list]) => list.length)).toEqual([2, 4, 1]);
    expect((await query(ctx.db, ids, 1)).map((r) => r.id)).toEqual([ids[1], ids[3]].sort((x, y) => x! - y!));
  });

  it('compiles once per length for every transaction of a database, with the same answers', async () => {
    const ctx = app();
    const [a, b] = [await buildUser(ctx), await buildUser(ctx)];
    const build = vi.fn((db: Handle, list: readonly number[]) => db.selectFrom('users').select('username').where('id', 'in', list).orderBy('id'));
    const query = listQuery(build);

    const inside = await ctx.db.transaction().execute((trx) => query(trx, [a.user.id, b.user.id]));
    const again = await ctx.db.transaction().execute((trx) => query(trx, [b.user.id, a.user.id]));

    expect(inside.map((r) => r.username)).toEqual([a.user.username, b.user.username]);
    expect(again).toEqual(inside);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('refuses a build that shapes the query with a list item instead of using it as a value', async () => {
    const ctx = app();
    const { user } = await buildUser(ctx);
    const query = listQuery((db: Handle, list: readonly number[]) => db.selectFrom('users').select('id').where('id', 'in', list.slice(1)));
    await expect(query(ctx.db, [user.id, user.id])).rejects.toThrow(/every argument must appear as a plain value/);
  });
});

describe('rowsQuery', () => {
  type Handle = Parameters<Parameters<typeof fixedQuery>[0]>[0];
  type Block = { blocker_id: number; blocked_id: number; created_at: number };

  it('compiles once per number of rows, in and out of transactions, and writes what the built statement writes', async () => {
    const ctx = app();
    const users = await Promise.all(Array.from({ length: 5 }, () => buildUser(ctx)));
    const [u0, u1, u2, u3, u4] = users.map((u) => u.user.id) as [number, number, number, number, number];
    const build = vi.fn((db: Handle, rows: readonly Block[], at: number) =>
      db
        .insertInto('blocks')
        .values(rows.map((r) => ({ blocker_id: r.blocker_id, blocked_id: r.blocked_id, created_at: r.created_at })))
        .onConflict((oc) => oc.columns(['blocker_id', 'blocked_id']).doUpdateSet({ created_at: at }))
        .returning(['blocker_id', 'blocked_id', 'created_at']),
    );
    const insert = rowsQuery(['blocker_id', 'blocked_id', 'created_at'], build);
    const sorted = (rows: Block[]) => rows.slice().sort((x, y) => x.blocker_id - y.blocker_id || x.blocked_id - y.blocked_id);

    expect(sorted(await insert(ctx.db, [{ blocker_id: u0, blocked_id: u1, created_at: 10 }, { blocker_id: u0, blocked_id: u2, created_at: 11 }], 99))).toEqual(
      sorted([{ blocker_id: u0, blocked_id: u1, created_at: 10 }, { blocker_id: u0, blocked_id: u2, created_at: 11 }]),
    );
    // Two rows again, other values, in a transaction; one of them conflicts and takes `at`.
    const inside = await ctx.db.transaction().execute((trx) => insert(trx, [{ blocker_id: u0, blocked_id: u1, created_at: 20 }, { blocker_id: u3, blocked_id: u4, created_at: 21 }], 77));
    expect(sorted(inside)).toEqual(sorted([{ blocker_id: u0, blocked_id: u1, created_at: 77 }, { blocker_id: u3, blocked_id: u4, created_at: 21 }]));
    await ctx.db.transaction().execute((trx) => insert(trx, [{ blocker_id: u1, blocked_id: u2, created_at: 30 }, { blocker_id: u2, blocked_id: u3, created_at: 31 }], 5));
    await insert(ctx.db, [{ blocker_id: u4, blocked_id: u0, created_at: 40 }], 5);

    // Counts 2 (the database), 2 (transactions), 1 (the database): three compilations for four calls.
    expect(build.mock.calls.map(([, rows]) => rows.length)).toEqual([2, 2, 1]);
    const stored = await ctx.db.selectFrom('blocks').select(['blocker_id', 'blocked_id', 'created_at']).where('blocker_id', 'in', [u0, u1, u2, u3, u4]).execute();
    expect(sorted(stored)).toEqual(
      sorted([
        { blocker_id: u0, blocked_id: u1, created_at: 77 },
        { blocker_id: u0, blocked_id: u2, created_at: 11 },
        { blocker_id: u3, blocked_id: u4, created_at: 21 },
        { blocker_id: u1, blocked_id: u2, created_at: 30 },
        { blocker_id: u2, blocked_id: u3, created_at: 31 },
        { blocker_id: u4, blocked_id: u0, created_at: 40 },
      ]),
    );
  });

  it('writes a field left undefined as null', async () => {
    const ctx = app();
    const { user } = await buildUser(ctx);
    const query = rowsQuery(['id', 'name'], (db: Handle, rows: readonly { id: number; name?: string }[]) =>
      db.selectFrom('users').select('id').where((eb) => eb.or(rows.map((r) => eb.and([eb('id', '=', r.id), eb(eb.fn.coalesce(eb.val(r.name), eb.val('none')), '=', 'none')])))),
    );
    expect(await query(ctx.db, [{ id: user.id }])).toEqual([{ id: user.id }]);
    expect(await query(ctx.db, [{ id: user.id, name: 'x' }])).toEqual([]);
  });

  it('refuses a build that shapes the statement with a field instead of using it as a value', async () => {
    const ctx = app();
    const { user } = await buildUser(ctx);
    const query = rowsQuery(['id', 'skip'], (db: Handle, rows: readonly { id: number; skip: boolean }[]) =>
      db.selectFrom('users').select('id').where('id', 'in', rows.filter((r) => !r.skip).map((r) => r.id)),
    );
    await expect(query(ctx.db, [{ id: user.id, skip: false }])).rejects.toThrow(/every argument must appear as a plain value/);
  });
});
