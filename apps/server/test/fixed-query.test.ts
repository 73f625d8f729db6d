import { describe, expect, it, vi } from 'vitest';
import { fixedQuery } from '../src/db/fixed-query.js';
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

  it('refuses a build that leaves an argument out of the query (it would shape the query, not fill it)', async () => {
    const ctx = app();
    const query = fixedQuery((db, _unused: number) => db.selectFrom('users').select('id').where('id', '=', 1));
    await expect(query(ctx.db, 5)).rejects.toThrow('every argument must appear');
  });
});
