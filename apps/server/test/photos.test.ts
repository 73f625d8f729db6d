import { describe, expect, it } from 'vitest';
import { as, buildUser } from './helpers/factories.js';
import { buildBackPhoto, buildPhoto, buildVip, setPermission, storedFileExists, uploadImage } from './helpers/discovery-factories.js';
import { startApp, useSharedApp, type TestApp } from './helpers/test-app.js';

const shared = useSharedApp();

const photoRow = (ctx: TestApp, id: number) => ctx.db.selectFrom('photos').selectAll().where('id', '=', id).executeTakeFirst();
const backRow = (ctx: TestApp, id: number) => ctx.db.selectFrom('background_photos').selectAll().where('id', '=', id).executeTakeFirst();
const pids = (body: { data: { data: { pid: number }[] } }) => body.data.data.map((p) => p.pid);

describe('POST /member/photo/released', () => {
  it("adds an uploaded image to the member's album: answers pid, img, avatar, username, create_time", async () => {
    const ctx = shared();
    const owner = await buildUser(ctx, { avatar: '/uploads/avatar/3/a.png' });
    const img = await uploadImage(ctx, owner, 'photo');

    const res = await as(ctx, owner.token).post('/member/photo/released', { img });

    expect(res.body.status).toBe(200);
    expect(res.body.data).toMatchObject({ img, mid: owner.user.id, avatar: '/uploads/avatar/3/a.png', username: owner.user.username });
    expect(res.body.data.create_time).toBe(Math.floor((await photoRow(ctx, res.body.data.pid))!.created_at / 1000));
  });

  it("refuses an image that is not the member's own upload (-2)", async () => {
    const ctx = shared();
    const owner = await buildUser(ctx);
    const other = await buildUser(ctx);
    const othersImage = await uploadImage(ctx, other, 'photo');

    const res = await as(ctx, owner.token).post('/member/photo/released', { img: othersImage });

    expect(res.body).toMatchObject({ status: -2, error: 'image_not_owned' });
    expect(await ctx.db.selectFrom('photos').select('id').where('user_id', '=', owner.user.id).execute()).toEqual([]);
  });

  it('refuses a missing image with 400', async () => {
    const ctx = shared();
    const owner = await buildUser(ctx);

    expect((await as(ctx, owner.token).post('/member/photo/released', {})).http).toBe(400);
  });

  it('needs Upload_photo (403 when the matrix denies it)', async () => {
    const ctx = await startApp();
    const owner = await buildUser(ctx);
    const img = await uploadImage(ctx, owner, 'photo');
    await setPermission(ctx, 0, 'Upload_photo', false);

    const res = await as(ctx, owner.token).post('/member/photo/released', { img });

    expect([res.http, res.body.status]).toEqual([403, 403]);
  });
});

describe('POST /member/photo/my_photo and his_photo', () => {
  it("list a member's album newest first, 20 a page, by next_before or page", async () => {
    const ctx = shared();
    const owner = await buildUser(ctx);
    const viewer = await buildUser(ctx);
    const ids: number[] = [];
    for (let i = 0; i < 25; i++) ids.push(await buildPhoto(ctx, owner));
    await buildPhoto(ctx, viewer);
    const newestFirst = [...ids].reverse();

    const mine = await as(ctx, owner.token).post('/member/photo/my_photo');
    const his = await as(ctx, viewer.token).post('/member/photo/his_photo', { userid: owner.user.id });
    const hisNext = await as(ctx, viewer.token).post('/member/photo/his_photo', { userid: owner.user.id, before: his.body.data.next_before });
    const hisPage2 = await as(ctx, viewer.token).post('/member/photo/his_photo', { userid: owner.user.id, page: 2 });

    expect(pids(mine.body)).toEqual(newestFirst.slice(0, 20));
    expect(mine.body.data.has_more).toBe(1);
    expect(pids(his.body)).toEqual(newestFirst.slice(0, 20));
    expect(pids(hisNext.body)).toEqual(newestFirst.slice(20));
    expect(hisNext.body.data).toMatchObject({ has_more: 0, next_before: 0 });
    expect(pids(hisPage2.body)).toEqual(newestFirst.slice(20));
    expect(his.body.data.data[0]).toMatchObject({ mid: owner.user.id, username: owner.user.username });
  });

  it('his_photo answers -1 for unknown or pending members', async () => {
    const ctx = shared();
    const viewer = await buildUser(ctx);
    const pending = await buildUser(ctx, { status: 2 });

    for (const userid of [999_999, pending.user.id]) {
      expect((await as(ctx, viewer.token).post('/member/photo/his_photo', { userid })).body).toMatchObject({ status: -1, error: 'user_not_found' });
    }
  });

  it('his_photo needs View_photo (403 when the matrix denies it); my_photo does not', async () => {
    const ctx = await startApp();
    const viewer = await buildUser(ctx);
    const owner = await buildUser(ctx);
    await setPermission(ctx, 0, 'View_photo', false);

    const his = await as(ctx, viewer.token).post('/member/photo/his_photo', { userid: owner.user.id });
    const mine = await as(ctx, viewer.token).post('/member/photo/my_photo');

    expect([his.http, his.body.status]).toEqual([403, 403]);
    expect(mine.body.status).toBe(200);
  });
});

describe('POST /member/photo/del_photo', () => {
  it('lets the owner delete a photo (id = pid; pid accepted too) and removes its file', async () => {
    const ctx = shared();
    const owner = await buildUser(ctx);
    const img1 = await uploadImage(ctx, owner, 'photo');
    const img2 = await uploadImage(ctx, owner, 'photo');
    const p1 = (await as(ctx, owner.token).post('/member/photo/released', { img: img1 })).body.data.pid as number;
    const p2 = (await as(ctx, owner.token).post('/member/photo/released', { img: img2 })).body.data.pid as number;

    expect((await as(ctx, owner.token).post('/member/photo/del_photo', { id: p1 })).body.status).toBe(200);
    expect((await as(ctx, owner.token).post('/member/photo/del_photo', { pid: p2 })).body.status).toBe(200);

    expect(await photoRow(ctx, p1)).toBeUndefined();
    expect(await photoRow(ctx, p2)).toBeUndefined();
    expect(storedFileExists(ctx, img1)).toBe(false);
    expect(storedFileExists(ctx, img2)).toBe(false);
  });

  it("refuses another member's photo with 404: the row and the file stay", async () => {
    const ctx = shared();
    const owner = await buildUser(ctx);
    const intruder = await buildVip(ctx, 2);
    const staff = await buildUser(ctx, { role: 'support' });
    const img = await uploadImage(ctx, owner, 'photo');
    const pid = (await as(ctx, owner.token).post('/member/photo/released', { img })).body.data.pid as number;

    for (const token of [intruder.token, staff.token]) {
      const res = await as(ctx, token).post('/member/photo/del_photo', { id: pid });
      expect([res.http, res.body.status, res.body.error]).toEqual([404, 404, 'not_found']);
    }

    expect(await photoRow(ctx, pid)).toMatchObject({ user_id: owner.user.id, img });
    expect(storedFileExists(ctx, img)).toBe(true);
  });

  it('keeps the file while the member still uses it elsewhere (here as avatar)', async () => {
    const ctx = shared();
    const owner = await buildUser(ctx);
    const img = await uploadImage(ctx, owner, 'photo');
    await ctx.db.updateTable('users').set({ avatar: img }).where('id', '=', owner.user.id).execute();
    const pid = await buildPhoto(ctx, owner, img);

    await as(ctx, owner.token).post('/member/photo/del_photo', { id: pid });

    expect(await photoRow(ctx, pid)).toBeUndefined();
    expect(storedFileExists(ctx, img)).toBe(true);
  });
});

describe('POST /member/backphoto/released and deletephoto', () => {
  it('adds a background photo and answers the backgrounds, newest first; the profile shows them', async () => {
    const ctx = shared();
    const owner = await buildUser(ctx);
    const viewer = await buildUser(ctx);
    const first = await uploadImage(ctx, owner, 'photo');
    const second = await uploadImage(ctx, owner, 'photo');

    await as(ctx, owner.token).post('/member/backphoto/released', { img: first });
    const res = await as(ctx, owner.token).post('/member/backphoto/released', { img: second });

    expect(res.body.status).toBe(200);
    expect(res.body.data.backphotos.map((b: { img: string }) => b.img)).toEqual([second, first]);
    const detail = await as(ctx, viewer.token).post('/member/index/userdetail', { id: owner.user.id });
    expect(detail.body.data.backphotos).toEqual(res.body.data.backphotos);
  });

  it("refuses an image that is not the member's own upload (-2)", async () => {
    const ctx = shared();
    const owner = await buildUser(ctx);
    const other = await buildUser(ctx);

    const res = await as(ctx, owner.token).post('/member/backphoto/released', { img: await uploadImage(ctx, other, 'photo') });

    expect(res.body).toMatchObject({ status: -2, error: 'image_not_owned' });
  });

  it('lets the owner delete a background, answering the ones left', async () => {
    const ctx = shared();
    const owner = await buildUser(ctx);
    const keep = await buildBackPhoto(ctx, owner, `/uploads/photo/${owner.user.id}/keep.jpg`);
    const gone = await buildBackPhoto(ctx, owner, `/uploads/photo/${owner.user.id}/gone.jpg`);

    const res = await as(ctx, owner.token).post('/member/backphoto/deletephoto', { id: gone });

    expect(res.body.status).toBe(200);
    expect(res.body.data.backphotos).toEqual([{ id: keep, img: `/uploads/photo/${owner.user.id}/keep.jpg` }]);
    expect(await backRow(ctx, gone)).toBeUndefined();
  });

  it("refuses another member's background with 404: the row and the file stay", async () => {
    const ctx = shared();
    const owner = await buildUser(ctx);
    const intruder = await buildVip(ctx, 1);
    const img = await uploadImage(ctx, owner, 'photo');
    const id = (await as(ctx, owner.token).post('/member/backphoto/released', { img })).body.data.backphotos[0].id as number;

    const res = await as(ctx, intruder.token).post('/member/backphoto/deletephoto', { id });

    expect([res.http, res.body.status, res.body.error]).toEqual([404, 404, 'not_found']);
    expect(await backRow(ctx, id)).toMatchObject({ user_id: owner.user.id, img });
    expect(storedFileExists(ctx, img)).toBe(true);
  });

  it('need a token', async () => {
    const ctx = shared();

    for (const path of ['/member/photo/my_photo', '/member/photo/del_photo', '/member/backphoto/released', '/member/backphoto/deletephoto']) {
      expect((await as(ctx).post(path, { id: 1, img: 'x' })).http).toBe(401);
    }
  });
});
