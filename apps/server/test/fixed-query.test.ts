import { describe, expect, it, vi } from 'vitest';
import { fixedQuery, listQuery } from '../src/db/fixed-query.js';
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

  it('compiles anew inside a transaction (a new handle each time), with the same answers', async () => {
    const ctx = app();
    const { user } = await buildUser(ctx);
    const build = vi.fn((db: Parameters<Parameters<typeof fixedQuery>[0]>[0], id: number) => db.selectFrom('users').select('username').where('id', '=', id));
    const query = fixedQuery(build);

    const inside = await ctx.db.transaction().execute((trx) => query(trx, user.id));
    await ctx.db.transaction().execute((trx) => query(trx, user.id));

    expect(inside).toEqual([{ username: user.username }]);
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

  it('compiles anew inside a transaction, with the same answers', async () => {
    const ctx = app();
    const [a, b] = [await buildUser(ctx), await buildUser(ctx)];
    const build = vi.fn((db: Handle, list: readonly number[]) => db.selectFrom('users').select('username').where('id', 'in', list).orderBy('id'));
    const query = listQuery(build);

    const inside = await ctx.db.transaction().execute((trx) => query(trx, [a.user.id, b.user.id]));
    await ctx.db.transaction().execute((trx) => query(trx, [a.user.id, b.user.id]));

    expect(inside.map((r) => r.username)).toEqual([a.user.username, b.user.username]);
    expect(build).toHaveBeenCalledTimes(2);
  });

  it('refuses a build that shapes the query with a list item instead of using it as a value', async () => {
    const ctx = app();
    const { user } = await buildUser(ctx);
    const query = listQuery((db: Handle, list: readonly number[]) => db.selectFrom('users').select('id').where('id', 'in', list.slice(1)));
    await expect(query(ctx.db, [user.id, user.id])).rejects.toThrow(/every argument must appear as a plain value/);
  });
});
