import { describe, expect, it } from 'vitest';
import { buildUser } from './helpers/factories.js';
import { useSharedApp } from './helpers/test-app.js';

const app = useSharedApp();

describe('the database handle', () => {
  it('answers repeated and interleaved queries alike, inside and outside transactions', async () => {
    const ctx = app();
    const { user } = await buildUser(ctx);
    const byId = (id: number) => ctx.db.selectFrom('users').select(['id', 'username']).where('id', '=', id).executeTakeFirst();

    for (let i = 0; i < 7; i++) expect(await byId(user.id)).toEqual({ id: user.id, username: user.username });
    await ctx.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ signature: 'named' }).where('id', '=', user.id).execute();
      expect(await trx.selectFrom('users').select('signature').where('id', '=', user.id).executeTakeFirst()).toEqual({ signature: 'named' });
    });
    expect(await byId(-1)).toBeUndefined();
  });
});
