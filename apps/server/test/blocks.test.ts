import { SUPPORT_ACCOUNT_ID } from '@kindred/protocol';
import { describe, expect, it } from 'vitest';
import { sayOk } from './helpers/chat.js';
import { block, blockingWorld, unblock } from './helpers/blocking-world.js';
import { buildLike } from './helpers/discovery-factories.js';
import { as, buildUser } from './helpers/factories.js';
import { connectMember } from './helpers/socket-client.js';
import { useSharedApp } from './helpers/test-app.js';

/** The blocking calls themselves; every path a block closes is in blocking-coverage.test.ts. */
const shared = useSharedApp();

const blockRows = (w: { ctx: ReturnType<typeof shared> }, blockerId: number) =>
  w.ctx.db.selectFrom('blocks').select(['blocker_id', 'blocked_id']).where('blocker_id', '=', blockerId).execute();

describe('POST /member/block/add', () => {
  it('blocks once, however often it is asked, and ends the likes both ways', async () => {
    const w = await blockingWorld(shared());
    await buildLike(w.ctx, w.a, w.b);
    await buildLike(w.ctx, w.b, w.a);

    await block(w.ctx, w.a, w.b);
    await block(w.ctx, w.a, w.b);

    expect(await blockRows(w, w.a.user.id)).toEqual([{ blocker_id: w.a.user.id, blocked_id: w.b.user.id }]);
    const likes = await w.ctx.db.selectFrom('likes').select('id').where('liker_id', 'in', [w.a.user.id, w.b.user.id]).where('target_id', 'in', [w.a.user.id, w.b.user.id]).execute();
    expect(likes).toEqual([]);
  });

  it('refuses oneself (400 cannot_block_self), unknown, pending and disabled members (-1 user_not_found), staff (403)', async () => {
    const ctx = shared();
    const me = await buildUser(ctx);
    const self = await as(ctx, me.token).post('/member/block/add', { userid: me.user.id });
    expect([self.http, self.body.status, self.body.error]).toEqual([400, 400, 'cannot_block_self']);
    for (const userid of [999_999, (await buildUser(ctx, { status: 2 })).user.id, (await buildUser(ctx, { status: 3 })).user.id]) {
      expect((await as(ctx, me.token).post('/member/block/add', { userid })).body).toMatchObject({ status: -1, error: 'user_not_found' });
    }
    const support = await as(ctx, me.token).post('/member/block/add', { userid: SUPPORT_ACCOUNT_ID });
    expect([support.http, support.body.error]).toEqual([403, 'no_permission']);
    expect(await blockRows({ ctx }, me.user.id)).toEqual([]);
  });

  it('answers 400 to a missing or malformed userid, 401 without a token', async () => {
    const ctx = shared();
    const me = await buildUser(ctx);
    for (const form of [{}, { userid: 'abc' }, { userid: '-3' }, { userid: '1'.repeat(40) }]) {
      const res = await as(ctx, me.token).post('/member/block/add', form);
      expect([res.http, res.body.error]).toEqual([400, 'validation']);
    }
    expect((await as(ctx).post('/member/block/add', { userid: 5 })).http).toBe(401);
  });

  it('takes the conversation off both live chat lists at once (kind 6)', async () => {
    const w = await blockingWorld(shared());
    const { socket: sa } = await connectMember(w.ctx, w.a.token);
    const { socket: sb } = await connectMember(w.ctx, w.b.token);
    await sayOk(sb, w.a.user.id, 'hello');

    await block(w.ctx, w.a, w.b);

    expect(await sa.next(6, (m) => m.uid === w.b.user.id)).toMatchObject({ kind: 6 });
    expect(await sb.next(6, (m) => m.uid === w.a.user.id)).toMatchObject({ kind: 6 });
  });
});

describe('POST /member/block/list and /member/block/remove', () => {
  it('lists the members I blocked, newest first, and only mine', async () => {
    const ctx = shared();
    const me = await buildUser(ctx);
    const [first, second] = [await buildUser(ctx), await buildUser(ctx)];
    await as(ctx, me.token).post('/member/block/add', { userid: first.user.id });
    await as(ctx, me.token).post('/member/block/add', { userid: second.user.id });
    await as(ctx, first.token).post('/member/block/add', { userid: me.user.id });

    const res = await as(ctx, me.token).post('/member/block/list', { page: 1 });

    expect(res.body).toMatchObject({ status: 200, data: { page: 1, last_page: 1, total: 2 } });
    expect(res.body.data.data.map((m: { id: number }) => m.id)).toEqual([second.user.id, first.user.id]);
    expect(res.body.data.data[0]).toMatchObject({ username: second.user.username, avatar: second.user.avatar, sex: second.user.sex });
    expect(typeof res.body.data.data[0].blocked_at).toBe('number');
    expect((await as(ctx, me.token).post('/member/block/list', { page: 0 })).http).toBe(400);
  });

  it('unblocking restores lists, profile and chat (likes ended by the block stay ended); unblocking again is harmless', async () => {
    const w = await blockingWorld(shared());
    await block(w.ctx, w.a, w.b);
    // The blocked member cannot lift the block the other made.
    await unblock(w.ctx, w.b, w.a);
    expect((await as(w.ctx, w.b.token).post('/member/index/userdetail', { id: w.a.user.id })).body.error).toBe('user_not_found');

    await unblock(w.ctx, w.a, w.b);
    await unblock(w.ctx, w.a, w.b);

    expect((await as(w.ctx, w.b.token).post('/member/index/userdetail', { id: w.a.user.id })).body).toMatchObject({ status: 200, data: { id: w.a.user.id, is_like: 0 } });
    const search = await as(w.ctx, w.b.token).post('/member/index/search_opposite_sex', { username: w.a.user.username });
    expect(search.body.data.data.map((m: { id: number }) => m.id)).toContain(w.a.user.id);
    const { socket: sb } = await connectMember(w.ctx, w.b.token);
    expect(await sayOk(sb, w.a.user.id, 'friends again?')).toMatchObject({ kind: 2 });
    expect((await as(w.ctx, w.a.token).post('/member/block/list')).body.data.total).toBe(0);
  });

  it('leaves blocked members out of the list counts too (total, last_page), a block both ways counted once', async () => {
    const w = await blockingWorld(shared());
    const total = async () => (await as(w.ctx, w.b.token).post('/member/index/userlist', { type: 'all' })).body.data.total as number;
    const before = await total();
    await block(w.ctx, w.a, w.b);
    await block(w.ctx, w.b, w.a);
    expect(await total()).toBe(before - 1);
    await unblock(w.ctx, w.a, w.b);
    await unblock(w.ctx, w.b, w.a);
    expect(await total()).toBe(before);
  });

  it("goes with either member's account (foreign keys cascade)", async () => {
    const w = await blockingWorld(shared());
    await block(w.ctx, w.a, w.b);
    await w.ctx.db.deleteFrom('users').where('id', '=', w.b.user.id).execute();
    expect(await blockRows(w, w.a.user.id)).toEqual([]);
  });
});
