import { describe, expect, it } from 'vitest';
import { as, buildUser } from './helpers/factories.js';
import { setPermission, storedFileExists, uploadImage } from './helpers/discovery-factories.js';
import { imagePart, makeImage } from './helpers/images.js';
import { startApp } from './helpers/test-app.js';

describe('Upload_photo guards every way into the album (issue 9, finding 12)', () => {
  it('answers 403 to an album upload (dir photo) and to a background photo for a level without Upload_photo; trend images stay allowed', async () => {
    const ctx = await startApp();
    const member = await buildUser(ctx);
    const earlier = await uploadImage(ctx, member, 'photo');
    await setPermission(ctx, 0, 'Upload_photo', false);
    const image = async () => [imagePart('file', await makeImage('jpeg', 64, 48), 'jpeg')];

    const album = await as(ctx, member.token).postMultipart('/member/index/uploads', { dir: 'photo' }, await image());
    const background = await as(ctx, member.token).post('/member/backphoto/released', { img: earlier });
    const trend = await as(ctx, member.token).postMultipart('/member/index/uploads', { dir: 'dynamic' }, await image());

    for (const res of [album, background]) expect([res.http, res.body.status, res.body.error]).toEqual([403, 403, 'no_permission']);
    expect(trend.body.status).toBe(200);
    expect(await ctx.db.selectFrom('background_photos').select('id').where('user_id', '=', member.user.id).execute()).toEqual([]);
    expect(storedFileExists(ctx, earlier)).toBe(true);
  });

  it('lets a level with Upload_photo do both', async () => {
    const ctx = await startApp();
    const member = await buildUser(ctx);

    const img = await uploadImage(ctx, member, 'photo');
    const background = await as(ctx, member.token).post('/member/backphoto/released', { img });

    expect(background.body.status).toBe(200);
  });
});
