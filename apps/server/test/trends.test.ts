import { LIMITS } from '@kindred/protocol';
import { describe, expect, it } from 'vitest';
import { as, buildUser, yearsAgo } from './helpers/factories.js';
import { imagePart, makeImage } from './helpers/images.js';
import { buildPhoto, buildTrend, buildVip, emptyCommunity, setPermission, storedFileExists, uploadImage } from './helpers/discovery-factories.js';
import { startApp, useSharedApp, type TestApp } from './helpers/test-app.js';

const shared = useSharedApp();

const trendRow = (ctx: TestApp, id: number) => ctx.db.selectFrom('trends').selectAll().where('id', '=', id).executeTakeFirst();
const trendIds = (body: { data: { data: { id: number }[] } }) => body.data.data.map((t) => t.id);

describe('POST /member/trend/released', () => {
  it("posts text: answers the trend with the spec's fields (type 1, mine 1, create_time in seconds)", async () => {
    const ctx = shared();
    const author = await buildVip(ctx, 2, { avatar: '/uploads/avatar/7/a.png', sex: 1 });
    const before = Math.floor(Date.now() / 1000);

    const res = await as(ctx, author.token).post('/member/trend/released', { content: '  Hello [Smile]  ' });

    expect(res.body.status).toBe(200);
    expect(res.body.data).toMatchObject({
      mid: author.user.id,
      username: author.user.username,
      avatar: '/uploads/avatar/7/a.png',
      vip: 2,
      sex: 1,
      birthday: author.user.birthday,
      type: 1,
      content: 'Hello [Smile]',
      img: '',
      mine: 1,
    });
    expect(res.body.data.create_time).toBeGreaterThanOrEqual(before);
    expect(res.body.data.create_time).toBeLessThan(before + 5);
    expect(await trendRow(ctx, res.body.data.id)).toMatchObject({ user_id: author.user.id, type: 1, content: 'Hello [Smile]' });
  });

  it('posts an image the member uploaded, with or without text', async () => {
    const ctx = shared();
    const author = await buildUser(ctx);
    const img = await uploadImage(ctx, author, 'dynamic');

    const res = await as(ctx, author.token).post('/member/trend/released', { img });

    expect(res.body.data).toMatchObject({ type: 1, content: '', img });
  });

  it("refuses an image that is not the member's own upload (-2), and stores nothing", async () => {
    const ctx = shared();
    const author = await buildUser(ctx);
    const other = await buildUser(ctx);
    const othersImage = await uploadImage(ctx, other, 'dynamic');

    for (const img of [othersImage, '/uploads/dynamic/../../etc/passwd', 'https://example.com/a.jpg']) {
      const res = await as(ctx, author.token).post('/member/trend/released', { content: 'look', img });
      expect(res.body).toMatchObject({ status: -2, error: 'image_not_owned' });
    }
    expect(await ctx.db.selectFrom('trends').select('id').where('user_id', '=', author.user.id).execute()).toEqual([]);
  });

  it('needs text or an image: "Content can\'t empty" (400) otherwise', async () => {
    const ctx = shared();
    const author = await buildUser(ctx);

    for (const form of [{}, { content: '   ' }, { content: '', img: '' }]) {
      const res = await as(ctx, author.token).post('/member/trend/released', form);
      expect([res.http, res.body.status, res.body.error, res.body.msg]).toEqual([400, 400, 'content_empty', "Content can't empty"]);
    }
  });

  it('refuses text over 500 characters and control characters with 400', async () => {
    const ctx = shared();
    const author = await buildUser(ctx);

    const long = await as(ctx, author.token).post('/member/trend/released', { content: 'x'.repeat(LIMITS.trendContentMax + 1) });
    const control = await as(ctx, author.token).post('/member/trend/released', { content: 'bell\u0007' });
    const exact = await as(ctx, author.token).post('/member/trend/released', { content: 'x'.repeat(LIMITS.trendContentMax) });

    expect(long.body.data.fields).toHaveProperty('content');
    expect(control.body.data.fields).toHaveProperty('content');
    expect(exact.body.status).toBe(200);
  });

  it('needs Allows_newsfeed_to_be_sent (403 when the matrix denies it)', async () => {
    const ctx = await startApp();
    const author = await buildUser(ctx);
    await setPermission(ctx, 0, 'Allows_newsfeed_to_be_sent', false);

    const res = await as(ctx, author.token).post('/member/trend/released', { content: 'hi' });

    expect([res.http, res.body.status]).toEqual([403, 403]);
  });
});

describe('POST /member/trend/trend (the feed)', () => {
  it('shows the events the server writes: joined (0), avatar changed (2), profile edited (3)', async () => {
    const ctx = await emptyCommunity(shared());
    const reg = await as(ctx).post('/member/index/register', {
      username: 'newbie1',
      email: 'newbie1@example.test',
      password: 'secret123',
      sex: 0,
      birthday: yearsAgo(25),
      country: 'US',
    });
    const token = reg.body.data.token as string;
    const upload = await as(ctx, token).postMultipart('/member/index/uploadImg', {}, [imagePart('img', await makeImage('png', 320, 320), 'png')]);
    const avatar = upload.body.data.url as string;
    const edit = await as(ctx, token).post('/member/index/profile', { avatar, email: 'newbie1@example.test', sex: 0, birthday: yearsAgo(26) });
    expect(edit.body.status).toBe(200);
    const viewer = await buildUser(ctx);

    const res = await as(ctx, viewer.token).post('/member/trend/trend');

    expect(res.body.status).toBe(200);
    expect(res.body.data.data.map((t: { type: number; mid: number; mine: number }) => [t.type, t.mid, t.mine])).toEqual([
      [3, reg.body.data.id, 0],
      [2, reg.body.data.id, 0],
      [0, reg.body.data.id, 0],
    ]);
    expect(res.body.data.data[1]).toMatchObject({ img: avatar, avatar, username: 'newbie1' });
  });

  it('is newest first, 20 a page: next_before (keyset) and page give the same pages', async () => {
    const ctx = await emptyCommunity(shared());
    const author = await buildUser(ctx);
    const ids: number[] = [];
    for (let i = 0; i < 45; i++) ids.push(await buildTrend(ctx, author, { content: `post ${i}` }));
    const newestFirst = [...ids].reverse();
    const feed = (form: Record<string, number>) => as(ctx, author.token).post('/member/trend/trend', form);

    const first = await feed({});
    const second = await feed({ before: first.body.data.next_before });
    const third = await feed({ before: second.body.data.next_before });

    expect(trendIds(first.body)).toEqual(newestFirst.slice(0, 20));
    expect(trendIds(second.body)).toEqual(newestFirst.slice(20, 40));
    expect(trendIds(third.body)).toEqual(newestFirst.slice(40));
    expect([first, second, third].map((r) => r.body.data.has_more)).toEqual([1, 1, 0]);
    expect(third.body.data.next_before).toBe(0);
    expect(trendIds((await feed({ page: 2 })).body)).toEqual(newestFirst.slice(20, 40));
    expect(first.body.data.data.every((t: { mine: number }) => t.mine === 1)).toBe(true);
  });

  it('leaves out trends of pending and disabled accounts', async () => {
    const ctx = await emptyCommunity(shared());
    const viewer = await buildUser(ctx);
    const visible = await buildTrend(ctx, await buildUser(ctx));
    await buildTrend(ctx, await buildUser(ctx, { status: 2 }));
    await buildTrend(ctx, await buildUser(ctx, { status: 3 }));

    expect(trendIds((await as(ctx, viewer.token).post('/member/trend/trend')).body)).toEqual([visible]);
  });

  it('is open to every member (no vip limit on the feed)', async () => {
    const ctx = shared();
    const free = await buildUser(ctx);

    expect((await as(ctx, free.token).post('/member/trend/trend', { page: 3 })).body.status).toBe(200);
  });
});

describe('POST /member/trend/his_trend and my_trend', () => {
  it("his_trend: one member's trends (mine 0 for the viewer); my_trend: the viewer's own (mine 1)", async () => {
    const ctx = shared();
    const viewer = await buildUser(ctx);
    const author = await buildUser(ctx);
    const a1 = await buildTrend(ctx, author);
    const own = await buildTrend(ctx, viewer);
    const a2 = await buildTrend(ctx, author);

    const his = await as(ctx, viewer.token).post('/member/trend/his_trend', { userid: author.user.id });
    const mine = await as(ctx, viewer.token).post('/member/trend/my_trend');

    expect(trendIds(his.body)).toEqual([a2, a1]);
    expect(his.body.data.data.map((t: { mine: number }) => t.mine)).toEqual([0, 0]);
    expect(trendIds(mine.body)).toEqual([own]);
    expect(mine.body.data.data[0].mine).toBe(1);
  });

  it('his_trend answers -1 for unknown or disabled members and 400 without userid', async () => {
    const ctx = shared();
    const viewer = await buildUser(ctx);
    const disabled = await buildUser(ctx, { status: 3 });

    for (const userid of [999_999, disabled.user.id]) {
      expect((await as(ctx, viewer.token).post('/member/trend/his_trend', { userid })).body).toMatchObject({ status: -1, error: 'user_not_found' });
    }
    expect((await as(ctx, viewer.token).post('/member/trend/his_trend')).http).toBe(400);
  });
});

describe('POST /member/trend/del', () => {
  it('lets the author delete their trend', async () => {
    const ctx = shared();
    const author = await buildUser(ctx);
    const id = await buildTrend(ctx, author);

    const res = await as(ctx, author.token).post('/member/trend/del', { id });

    expect(res.body.status).toBe(200);
    expect(await trendRow(ctx, id)).toBeUndefined();
  });

  it("refuses another member's trend with 404 (nothing revealed) and the trend stays", async () => {
    const ctx = shared();
    const author = await buildUser(ctx);
    const other = await buildVip(ctx, 2);
    const img = await uploadImage(ctx, author, 'dynamic');
    const id = await buildTrend(ctx, author, { img });

    const res = await as(ctx, other.token).post('/member/trend/del', { id });
    const unknown = await as(ctx, other.token).post('/member/trend/del', { id: 999_999 });

    expect([res.http, res.body.status, res.body.error]).toEqual([404, 404, 'not_found']);
    expect(unknown.body).toEqual({ ...res.body });
    expect(await trendRow(ctx, id)).toMatchObject({ user_id: author.user.id, img });
    expect(storedFileExists(ctx, img)).toBe(true);
  });

  it('removes the stored image with its last use, and keeps it while something else of the member uses it', async () => {
    const ctx = shared();
    const author = await buildUser(ctx);
    const alone = await uploadImage(ctx, author, 'dynamic');
    const reused = await uploadImage(ctx, author, 'photo');
    const first = (await as(ctx, author.token).post('/member/trend/released', { img: alone })).body.data.id as number;
    const second = (await as(ctx, author.token).post('/member/trend/released', { img: reused })).body.data.id as number;
    await buildPhoto(ctx, author, reused);

    await as(ctx, author.token).post('/member/trend/del', { id: first });
    await as(ctx, author.token).post('/member/trend/del', { id: second });

    expect(storedFileExists(ctx, alone)).toBe(false);
    expect(storedFileExists(ctx, reused)).toBe(true);
  });

  it('needs a token', async () => {
    const ctx = shared();

    expect((await as(ctx).post('/member/trend/del', { id: 1 })).http).toBe(401);
    expect((await as(ctx).post('/member/trend/trend')).http).toBe(401);
  });
});
