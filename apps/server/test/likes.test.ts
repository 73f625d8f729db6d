import { describe, expect, it } from 'vitest';
import { as, buildUser } from './helpers/factories.js';
import { buildLike, buildMembers, buildVip, emptyCommunity, idsOf } from './helpers/discovery-factories.js';
import { useSharedApp, type TestApp } from './helpers/test-app.js';

const shared = useSharedApp();

const likeRows = (ctx: TestApp, likerId: number, targetId: number) =>
  ctx.db.selectFrom('likes').selectAll().where('liker_id', '=', likerId).where('target_id', '=', targetId).execute();

describe('POST /member/like/like', () => {
  it("toggles: the first call likes (msg 'follow'), the second takes it back (msg 'cancel follow')", async () => {
    const ctx = shared();
    const viewer = await buildUser(ctx);
    const target = await buildUser(ctx);
    await buildLike(ctx, (await buildUser(ctx)).user.id, target);

    const first = await as(ctx, viewer.token).post('/member/like/like', { target_id: target.user.id });
    expect(first.body).toMatchObject({ status: 200, msg: 'follow', data: { is_like: 1, likecount: 2 } });
    expect(await likeRows(ctx, viewer.user.id, target.user.id)).toHaveLength(1);

    const second = await as(ctx, viewer.token).post('/member/like/like', { target_id: target.user.id });
    expect(second.body).toMatchObject({ status: 200, msg: 'cancel follow', data: { is_like: 0, likecount: 1 } });
    expect(await likeRows(ctx, viewer.user.id, target.user.id)).toHaveLength(0);
  });

  it('is reflected in the target profile (is_like, likecount)', async () => {
    const ctx = shared();
    const viewer = await buildUser(ctx);
    const target = await buildUser(ctx);

    await as(ctx, viewer.token).post('/member/like/like', { target_id: target.user.id });
    const detail = await as(ctx, viewer.token).post('/member/index/userdetail', { id: target.user.id });

    expect(detail.body.data).toMatchObject({ is_like: 1, likecount: 1 });
  });

  it('refuses liking yourself with 400 cannot_like_self', async () => {
    const ctx = shared();
    const viewer = await buildUser(ctx);

    const res = await as(ctx, viewer.token).post('/member/like/like', { target_id: viewer.user.id });

    expect([res.http, res.body.status, res.body.error]).toEqual([400, 400, 'cannot_like_self']);
    expect(await likeRows(ctx, viewer.user.id, viewer.user.id)).toHaveLength(0);
  });

  it('answers -1 "User does not exist" for unknown, pending, disabled and staff accounts', async () => {
    const ctx = shared();
    const viewer = await buildUser(ctx);
    const targets = [999_999, (await buildUser(ctx, { status: 2 })).user.id, (await buildUser(ctx, { status: 3 })).user.id, 2];

    for (const target_id of targets) {
      const res = await as(ctx, viewer.token).post('/member/like/like', { target_id });
      expect(res.body).toMatchObject({ status: -1, msg: 'User does not exist', error: 'user_not_found' });
    }
    expect(await ctx.db.selectFrom('likes').selectAll().where('liker_id', '=', viewer.user.id).execute()).toEqual([]);
  });

  it('refuses a missing or malformed target_id with 400', async () => {
    const ctx = shared();
    const viewer = await buildUser(ctx);

    expect((await as(ctx, viewer.token).post('/member/like/like', {})).http).toBe(400);
    expect((await as(ctx, viewer.token).post('/member/like/like', { target_id: 'abc' })).http).toBe(400);
  });

  it('survives a double tap: concurrent toggles never fail and leave at most one like', async () => {
    const ctx = shared();
    const viewer = await buildUser(ctx);
    const target = await buildUser(ctx);

    const answers = await Promise.all([1, 2, 3, 4].map(() => as(ctx, viewer.token).post('/member/like/like', { target_id: target.user.id })));

    expect(answers.map((a) => a.body.status)).toEqual([200, 200, 200, 200]);
    expect((await likeRows(ctx, viewer.user.id, target.user.id)).length).toBeLessThanOrEqual(1);
  });
});

describe('POST /member/like/i_like, love_me, mutual_like', () => {
  async function likesWeb() {
    const ctx = await emptyCommunity(shared());
    const viewer = await buildVip(ctx, 1);
    const [a, b, c, d] = await buildMembers(ctx, 4);
    await buildLike(ctx, viewer, a!, 1000);
    await buildLike(ctx, viewer, b!, 2000);
    await buildLike(ctx, viewer, c!, 3000);
    await buildLike(ctx, b!, viewer);
    await buildLike(ctx, d!, viewer);
    await buildLike(ctx, a!, viewer);
    await ctx.db.updateTable('users').set({ status: 3 }).where('id', '=', c!.user.id).execute();
    const list = async (path: string, page = 1) => (await as(ctx, viewer.token).post(path, { page })).body;
    return { ctx, viewer, a: a!, b: b!, c: c!, d: d!, list };
  }

  it('i_like: members the viewer likes, most recent like first, leaving out disabled accounts', async () => {
    const { a, b, list } = await likesWeb();

    const body = await list('/member/like/i_like');

    expect(body.status).toBe(200);
    expect(idsOf(body)).toEqual([b.user.id, a.user.id]);
    expect(body.data).toMatchObject({ total: 2, last_page: 1, user: { vip: 1 } });
    expect(body.data.data.every((m: { is_like: number }) => m.is_like === 1)).toBe(true);
  });

  it('love_me: members who like the viewer, with is_like telling whether the viewer likes back', async () => {
    const { a, b, d, list } = await likesWeb();

    const body = await list('/member/like/love_me');

    expect(idsOf(body)).toEqual([a.user.id, d.user.id, b.user.id]);
    expect(body.data.data.map((m: { is_like: number }) => m.is_like)).toEqual([1, 0, 1]);
  });

  it('mutual_like: likes both ways only', async () => {
    const { a, b, list } = await likesWeb();

    const body = await list('/member/like/mutual_like');

    expect(idsOf(body)).toEqual([b.user.id, a.user.id]);
    expect(body.data.total).toBe(2);
  });

  it('pages by 20; a free member gets page 1 only', async () => {
    const ctx = await emptyCommunity(shared());
    const silver = await buildVip(ctx, 1);
    const free = await buildUser(ctx);
    const members = await buildMembers(ctx, 23);
    for (const [i, m] of members.entries()) {
      await buildLike(ctx, silver, m, i);
      await buildLike(ctx, free, m, i);
    }

    const second = await as(ctx, silver.token).post('/member/like/i_like', { page: 2 });
    const denied = await as(ctx, free.token).post('/member/like/i_like', { page: 2 });

    expect(idsOf(second.body)).toEqual(members.slice(0, 3).map((m) => m.user.id).reverse());
    expect(second.body.data.last_page).toBe(2);
    expect(denied.body).toMatchObject({ status: -5, msg: 'Need to upgrade~', data: { redirect: 'upgrade' } });
  });

  it('need a token', async () => {
    const ctx = shared();

    for (const path of ['/member/like/like', '/member/like/i_like', '/member/like/love_me', '/member/like/mutual_like']) {
      expect((await as(ctx).post(path, { target_id: 5 })).http).toBe(401);
    }
  });
});
