import { describe, expect, it } from 'vitest';
import { as, buildUser } from './helpers/factories.js';
import {
  activeLongAgo,
  activeNow,
  buildLike,
  buildMan,
  buildMembers,
  buildVip,
  buildWoman,
  emptyCommunity,
  idsOf,
} from './helpers/discovery-factories.js';
import { useSharedApp } from './helpers/test-app.js';

/**
 * userlist and its filters (members-discovery.test.ts has the other member calls). Member lists
 * look at every member of the database, so list tests start from an empty community in this file's app.
 */
const shared = useSharedApp();
const fresh = () => emptyCommunity(shared());
const DAY = 86_400_000;

describe('POST /member/index/userlist', () => {
  it("answers data.data (member cards with the spec's fields), data.user.vip and data.last_page", async () => {
    const ctx = await fresh();
    const viewer = await buildVip(ctx, 1, { sex: 1 });
    const other = await buildWoman(ctx, { country: 'JP', signature: 'hi there', is_auth: 1, avatar: '/uploads/avatar/9/a.png', last_active_at: activeNow(ctx, 1) });

    const res = await as(ctx, viewer.token).post('/member/index/userlist', { page: 1 });

    expect(res.http).toBe(200);
    expect(res.body.status).toBe(200);
    expect(res.body.data).toMatchObject({ user: { vip: 1 }, page: 1, last_page: 1, total: 1 });
    expect(res.body.data.data).toEqual([
      {
        id: other.user.id,
        avatar: '/uploads/avatar/9/a.png',
        username: other.user.username,
        vip: 0,
        sex: 0,
        birthday: other.user.birthday,
        is_online: 1,
        is_yin: 1,
        is_like: 0,
        country: 'JP',
        signature: 'hi there',
        is_auth: 1,
        last_login_time: 0,
      },
    ]);
    expect(res.raw).not.toContain(other.user.email);
  });

  it('lists active members only: never the viewer, staff, pending or disabled accounts', async () => {
    const ctx = await fresh();
    const viewer = await buildUser(ctx);
    const member = await buildUser(ctx);
    await buildUser(ctx, { status: 2 });
    await buildUser(ctx, { status: 3 });
    await buildUser(ctx, { role: 'support' });
    await buildUser(ctx, { role: 'admin' });

    const res = await as(ctx, viewer.token).post('/member/index/userlist');

    expect(idsOf(res.body)).toEqual([member.user.id]);
    expect(res.body.data.total).toBe(1);
  });

  it('orders by last activity, most recent first, 20 to a page, with last_page from the count', async () => {
    const ctx = await fresh();
    const viewer = await buildVip(ctx, 1);
    const members = await buildMembers(ctx, 45);

    const pages = await Promise.all([1, 2, 3, 4].map((page) => as(ctx, viewer.token).post('/member/index/userlist', { page })));

    expect(pages.map((p) => p.body.status)).toEqual([200, 200, 200, 200]);
    expect(pages.map((p) => p.body.data.data.length)).toEqual([20, 20, 5, 0]);
    expect(pages.map((p) => p.body.data.last_page)).toEqual([3, 3, 3, 3]);
    expect(pages.flatMap((p) => idsOf(p.body))).toEqual(members.map((m) => m.user.id));
  });

  it('gives a free member (vip 0) the first page only: page 2 answers -5 "Need to upgrade~" and the upgrade page', async () => {
    const ctx = await fresh();
    const free = await buildUser(ctx, { vip: 0 });
    const lapsed = await buildUser(ctx, { vip: 1, vip1_until: ctx.now() - DAY });
    await buildMembers(ctx, 25);

    const first = await as(ctx, free.token).post('/member/index/userlist', { page: 1 });
    expect(first.body.status).toBe(200);
    expect(first.body.data).toMatchObject({ user: { vip: 0 }, last_page: 2 });
    expect(first.body.data.data).toHaveLength(20);

    for (const token of [free.token, lapsed.token]) {
      const second = await as(ctx, token).post('/member/index/userlist', { page: 2 });
      expect(second.http).toBe(200);
      expect(second.body).toEqual({ status: -5, msg: 'Need to upgrade~', data: { redirect: 'upgrade' }, error: 'need_upgrade' });
    }
  });

  it('lets silver, gold and staff accounts page on', async () => {
    const ctx = await fresh();
    const viewers = [await buildVip(ctx, 1), await buildVip(ctx, 2), await buildUser(ctx, { role: 'support', vip: 0 })];
    await buildMembers(ctx, 25);

    for (const viewer of viewers) {
      const res = await as(ctx, viewer.token).post('/member/index/userlist', { page: 2 });
      expect(res.body.status).toBe(200);
      expect(res.body.data.data.length).toBeGreaterThanOrEqual(5);
    }
  });

  it('refuses an unknown filter and a bad page with 400', async () => {
    const ctx = shared();
    const viewer = await buildVip(ctx, 1);

    const badType = await as(ctx, viewer.token).post('/member/index/userlist', { type: 'everyone' });
    const badPage = await as(ctx, viewer.token).post('/member/index/userlist', { page: 0 });

    expect([badType.http, badType.body.status]).toEqual([400, 400]);
    expect(badType.body.data.fields).toHaveProperty('type');
    expect(badPage.body.data.fields).toHaveProperty('page');
  });

  it('needs a token', async () => {
    const ctx = shared();

    expect((await as(ctx).post('/member/index/userlist')).http).toBe(401);
  });

  it('matches its path in any case', async () => {
    const ctx = shared();
    const viewer = await buildVip(ctx, 1);

    expect((await as(ctx, viewer.token).post('/Member/Index/UserList')).body.status).toBe(200);
  });
});

describe('userlist filters', () => {
  /** Members every filter test needs: online/offline, visible/invisible, of both sexes. */
  async function community() {
    const ctx = await fresh();
    const woman = await buildWoman(ctx, { last_active_at: activeNow(ctx, 1) });
    const invisibleWoman = await buildWoman(ctx, { is_yin: 0, last_active_at: activeNow(ctx, 2) });
    const man = await buildMan(ctx, { last_active_at: activeNow(ctx, 3) });
    const offlineWoman = await buildWoman(ctx, { last_active_at: activeLongAgo(ctx, 1) });
    const offlineInvisible = await buildWoman(ctx, { is_yin: 0, last_active_at: activeLongAgo(ctx, 2) });
    const maleViewer = await buildVip(ctx, 1, { sex: 1, last_active_at: activeLongAgo(ctx, 30) });
    const femaleViewer = await buildVip(ctx, 1, { sex: 0, last_active_at: activeLongAgo(ctx, 30) });
    const list = async (viewer: { token: string }, form: Record<string, string | number>) => {
      const res = await as(ctx, viewer.token).post('/member/index/userlist', form);
      expect(res.body.status).toBe(200);
      return res.body;
    };
    const id = (u: { user: { id: number } }) => u.user.id;
    return { ctx, woman, invisibleWoman, man, offlineWoman, offlineInvisible, maleViewer, femaleViewer, list, id };
  }

  it('all: everyone, most recently active first', async () => {
    const c = await community();

    const body = await c.list(c.maleViewer, { type: 'all' });

    expect(idsOf(body)).toEqual([c.woman, c.invisibleWoman, c.man, c.offlineWoman, c.offlineInvisible, c.femaleViewer].map(c.id));
  });

  it('online: a male viewer does not see invisible women online; a female viewer does', async () => {
    const c = await community();

    const forMan = await c.list(c.maleViewer, { type: 'online' });
    const forWoman = await c.list(c.femaleViewer, { type: 'online' });

    expect(idsOf(forMan)).toEqual([c.woman, c.man].map(c.id));
    expect(forMan.data.total).toBe(2);
    expect(idsOf(forWoman)).toEqual([c.woman, c.invisibleWoman, c.man].map(c.id));
    expect(forWoman.data.data.map((m: { is_online: number }) => m.is_online)).toEqual([1, 1, 1]);
  });

  it('offline: everyone not shown online to this viewer (for men that includes invisible women)', async () => {
    const c = await community();

    const forMan = await c.list(c.maleViewer, { type: 'offline' });
    const forWoman = await c.list(c.femaleViewer, { type: 'offline' });

    expect(idsOf(forMan)).toEqual([c.invisibleWoman, c.offlineWoman, c.offlineInvisible, c.femaleViewer].map(c.id));
    expect(forMan.data.data.every((m: { is_online: number }) => m.is_online === 0)).toBe(true);
    expect(idsOf(forWoman)).toEqual([c.offlineWoman, c.offlineInvisible, c.maleViewer].map(c.id));
  });

  it('invisible: members in invisible mode (is_yin 0)', async () => {
    const c = await community();

    const body = await c.list(c.femaleViewer, { type: 'invisible' });

    expect(idsOf(body)).toEqual([c.invisibleWoman, c.offlineInvisible].map(c.id));
    expect(body.data.data.map((m: { is_yin: number }) => m.is_yin)).toEqual([0, 0]);
  });

  it('auth: identity-verified members only', async () => {
    const ctx = await fresh();
    const viewer = await buildVip(ctx, 1);
    const verified = await buildUser(ctx, { is_auth: 1 });
    await buildUser(ctx, { is_auth: 0 });

    const res = await as(ctx, viewer.token).post('/member/index/userlist', { type: 'auth' });

    expect(idsOf(res.body)).toEqual([verified.user.id]);
    expect(res.body.data.data[0].is_auth).toBe(1);
  });

  it('vip: paying members by the level in force; `vip` picks one level (0, 1 or 2)', async () => {
    const ctx = await fresh();
    const now = ctx.now();
    const viewer = await buildVip(ctx, 2, { last_active_at: activeLongAgo(ctx, 30) });
    const free = await buildUser(ctx, { last_active_at: activeNow(ctx, 1) });
    const silver = await buildVip(ctx, 1, { last_active_at: activeNow(ctx, 2) });
    const gold = await buildVip(ctx, 2, { last_active_at: activeNow(ctx, 3) });
    const lapsedGoldOnSilver = await buildUser(ctx, { vip: 2, vip2_until: now - DAY, vip1_until: now + DAY, last_active_at: activeNow(ctx, 4) });
    const lapsedSilver = await buildUser(ctx, { vip: 1, vip1_until: now - DAY, last_active_at: activeNow(ctx, 5) });
    const list = async (form: Record<string, string | number>) => idsOf((await as(ctx, viewer.token).post('/member/index/userlist', form)).body);
    const id = (u: { user: { id: number } }) => u.user.id;

    expect(await list({ type: 'vip' })).toEqual([silver, gold, lapsedGoldOnSilver].map(id));
    expect(await list({ type: 'vip', vip: 2 })).toEqual([gold].map(id));
    expect(await list({ type: 'vip', vip: 1 })).toEqual([silver, lapsedGoldOnSilver].map(id));
    expect(await list({ type: 'vip', vip: 0 })).toEqual([free, lapsedSilver].map(id));
    // `vip` narrows any list, e.g. the online one.
    expect(await list({ type: 'online', vip: 2 })).toEqual([gold].map(id));
    const cards = (await as(ctx, viewer.token).post('/member/index/userlist', { type: 'vip' })).body.data.data;
    expect(cards.map((m: { vip: number }) => m.vip)).toEqual([1, 2, 1]);
  });

  it('latest: newest registrations first', async () => {
    const ctx = await fresh();
    const viewer = await buildVip(ctx, 1);
    const older = await buildUser(ctx, { last_active_at: activeNow(ctx, 0) });
    const newer = await buildUser(ctx, { last_active_at: activeLongAgo(ctx, 10) });

    const res = await as(ctx, viewer.token).post('/member/index/userlist', { type: 'latest' });

    expect(idsOf(res.body)).toEqual([newer.user.id, older.user.id]);
  });

  it('i_like, love_me and mutual: my likes, who likes me, both ways (most recent like first)', async () => {
    const ctx = await fresh();
    const viewer = await buildVip(ctx, 1);
    const [a, b, c, d] = await buildMembers(ctx, 4);
    await buildLike(ctx, viewer, a!, 1000);
    await buildLike(ctx, viewer, b!, 2000);
    await buildLike(ctx, b!, viewer);
    await buildLike(ctx, c!, viewer);
    await buildLike(ctx, d!, a!);
    const list = async (type: string) => (await as(ctx, viewer.token).post('/member/index/userlist', { type })).body;

    const mine = await list('i_like');
    const likesMe = await list('love_me');
    const mutual = await list('mutual');

    expect(idsOf(mine)).toEqual([b!.user.id, a!.user.id]);
    expect(mine.data.data.map((m: { is_like: number }) => m.is_like)).toEqual([1, 1]);
    expect(idsOf(likesMe)).toEqual([c!.user.id, b!.user.id]);
    expect(likesMe.data.data.map((m: { is_like: number }) => m.is_like)).toEqual([0, 1]);
    expect(idsOf(mutual)).toEqual([b!.user.id]);
    expect(mutual.data.total).toBe(1);
  });

  it('username: a case-insensitive prefix, in username order, and only with Search_users', async () => {
    const ctx = await fresh();
    const viewer = await buildVip(ctx, 1);
    const free = await buildUser(ctx, { vip: 0 });
    const annie = await buildUser(ctx, { username: 'Annie7' });
    const ann = await buildUser(ctx, { username: 'ann' });
    const anz = await buildUser(ctx, { username: 'anz9' });
    await buildUser(ctx, { username: 'bob1' });
    await buildUser(ctx, { username: 'aan' });
    const search = (token: string, username: string, type = 'all') => as(ctx, token).post('/member/index/userlist', { username, type });

    expect(idsOf((await search(viewer.token, 'AN')).body)).toEqual([ann, annie, anz].map((u) => u.user.id));
    expect(idsOf((await search(viewer.token, ' ann ')).body)).toEqual([ann, annie].map((u) => u.user.id));
    expect(idsOf((await search(viewer.token, 'anz')).body)).toEqual([anz.user.id]);
    expect(idsOf((await search(viewer.token, 'a_n%')).body)).toEqual([]);
    expect((await search(viewer.token, 'x'.repeat(13))).http).toBe(400);

    const denied = await search(free.token, 'ann');
    expect([denied.http, denied.body.status, denied.body.msg]).toEqual([403, 403, "You dont't have permission!!"]);
  });
});
