import fs from 'node:fs';
import path from 'node:path';
import { LIMITS } from '@kindred/protocol';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { as, buildUser } from './helpers/factories.js';
import { imagePart, makeImage, pngBomb, type ImageFormat } from './helpers/images.js';
import { startApp, useSharedApp, type TestApp } from './helpers/test-app.js';

const app = useSharedApp();

/** The file behind an /uploads/... url, read from the storage folder. */
const storedFile = (ctx: TestApp, url: string) => fs.readFileSync(path.join(ctx.config.uploadsDir, url.replace(/^\/uploads\//, '')));

async function upload(ctx: TestApp, token: string, data: Buffer, format: ImageFormat, fields: Record<string, string> = {}, field = 'file') {
  return as(ctx, token).postMultipart('/member/index/uploads', fields, [imagePart(field, data, format)]);
}

async function uploadAvatar(ctx: TestApp, token: string, data: Buffer, format: ImageFormat) {
  return as(ctx, token).postMultipart('/member/index/uploadImg', {}, [imagePart('img', data, format)]);
}

describe('POST /member/index/uploads', () => {
  it('stores a jpg under /uploads/dynamic/<member id>/ by default and answers its url', async () => {
    const ctx = app();
    const { user, token } = await buildUser(ctx);

    const res = await upload(ctx, token, await makeImage('jpeg', 640, 480), 'jpeg');

    expect(res.http).toBe(200);
    expect(res.body.status).toBe(200);
    expect(res.body.data.url).toMatch(new RegExp(`^/uploads/dynamic/${user.id}/[A-Za-z0-9_-]+\\.jpg$`));
    const meta = await sharp(storedFile(ctx, res.body.data.url)).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 640, height: 480 });
  });

  it('stores under /uploads/photo/<member id>/ when dir is photo, and a png with transparency as png', async () => {
    const ctx = app();
    const { user, token } = await buildUser(ctx);

    const res = await upload(ctx, token, await makeImage('png', 400, 400, { alpha: true }), 'png', { dir: 'photo' });

    expect(res.body.data.url).toMatch(new RegExp(`^/uploads/photo/${user.id}/[A-Za-z0-9_-]+\\.png$`));
    expect((await sharp(storedFile(ctx, res.body.data.url)).metadata()).format).toBe('png');
  });

  it('accepts the file under the name img as well as file', async () => {
    const ctx = app();
    const { token } = await buildUser(ctx);

    const res = await upload(ctx, token, await makeImage('png', 50, 50), 'png', { dir: 'dynamic' }, 'img');

    expect(res.body.status).toBe(200);
  });

  it('answers HTTP 400 to a dir other than dynamic or photo', async () => {
    const ctx = app();
    const { token } = await buildUser(ctx);

    for (const dir of ['avatar', '../../etc', 'PHOTO']) {
      const res = await upload(ctx, token, await makeImage('png', 50, 50), 'png', { dir });
      expect(res.http).toBe(400);
      expect(res.body.data.fields).toHaveProperty('dir');
    }
  });

  it('answers -1 to a file that is not an image, whatever its name says, and to no file at all', async () => {
    const ctx = app();
    const { token } = await buildUser(ctx);

    const text = await as(ctx, token).postMultipart('/member/index/uploads', {}, [
      { field: 'file', filename: 'cat.png', contentType: 'image/png', data: Buffer.from('<?php echo "hi"; ?>') },
    ]);
    const truncated = await upload(ctx, token, (await makeImage('jpeg', 300, 300)).subarray(0, 40), 'jpeg');
    const none = await as(ctx, token).postMultipart('/member/index/uploads', { dir: 'photo' });
    const svg = await as(ctx, token).postMultipart('/member/index/uploads', {}, [
      { field: 'file', filename: 'x.svg', contentType: 'image/svg+xml', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>') },
    ]);

    for (const res of [text, truncated, none, svg]) {
      expect(res.http).toBe(200);
      expect(res.body).toMatchObject({ status: -1, error: 'not_an_image' });
    }
  });

  it('re-encodes the image: EXIF and GPS data are gone and the bytes are our own', async () => {
    const ctx = app();
    const { token } = await buildUser(ctx);
    const original = await makeImage('jpeg', 500, 400, { exif: true });
    expect((await sharp(original).metadata()).exif).toBeDefined();

    const res = await upload(ctx, token, original, 'jpeg');

    const stored = storedFile(ctx, res.body.data.url);
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect(stored.includes(Buffer.from('TestCam'))).toBe(false);
    expect(stored.equals(original)).toBe(false);
  });

  it('turns the image upright as its EXIF orientation says before dropping the EXIF', async () => {
    const ctx = app();
    const { token } = await buildUser(ctx);
    const sideways = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#c83c78' } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();

    const res = await upload(ctx, token, sideways, 'jpeg');

    const meta = await sharp(storedFile(ctx, res.body.data.url)).metadata();
    expect(meta).toMatchObject({ width: 200, height: 400 });
    expect(meta.orientation).toBeUndefined();
  });

  it('takes a gif or webp and stores it as one of our own formats', async () => {
    const ctx = app();
    const { token } = await buildUser(ctx);

    for (const format of ['gif', 'webp'] as const) {
      const res = await upload(ctx, token, await makeImage(format, 120, 90), format);
      expect(res.body.data.url).toMatch(/\.(jpg|png)$/);
      expect(['jpeg', 'png']).toContain((await sharp(storedFile(ctx, res.body.data.url)).metadata()).format);
    }
  });

  it(`shrinks images larger than 2048 px on a side`, async () => {
    const ctx = app();
    const { token } = await buildUser(ctx);

    const res = await upload(ctx, token, await makeImage('jpeg', 3000, 1000), 'jpeg');

    expect(await sharp(storedFile(ctx, res.body.data.url)).metadata()).toMatchObject({ width: 2048, height: 683 });
  });

  it('serves the stored file at the url it answered', async () => {
    const ctx = app();
    const { token } = await buildUser(ctx);
    const { body } = await upload(ctx, token, await makeImage('jpeg', 120, 80), 'jpeg');

    const res = await ctx.app.inject({ method: 'GET', url: body.data.url });

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.rawPayload.equals(storedFile(ctx, body.data.url))).toBe(true);
  });

  it('answers 404 for an upload that does not exist and never serves files outside the uploads folder', async () => {
    const ctx = await startApp(); // its own database: it looks at the whole data folder
    const { user } = await buildUser(ctx);
    await as(ctx).post('/member/index/forget', { email: user.email });
    await ctx.flushMail();
    expect(fs.readdirSync(ctx.outboxDir)).toHaveLength(1);

    const missing = await as(ctx).get('/uploads/dynamic/1/nothing.jpg');
    expect(missing.http).toBe(404);
    expect(missing.body).toMatchObject({ status: 404, error: 'not_found' });
    for (const url of ['/uploads/../kindred.sqlite', '/uploads/..%2fkindred.sqlite', '/uploads/%2e%2e/kindred.sqlite', '/uploads/..%2f..%2fkindred.sqlite', '/uploads/..%2foutbox']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.body, url).not.toContain('SQLite format');
      expect(res.body, url).not.toContain('reset-password');
    }
  });

  it('answers -3 to a 20000x20000 image without decoding it', async () => {
    const ctx = app();
    const { token } = await buildUser(ctx);
    const bomb = pngBomb(20_000, 20_000);
    expect(bomb.length).toBeLessThan(2_000);

    const res = await upload(ctx, token, bomb, 'png');

    expect(res.http).toBe(200);
    expect(res.body).toMatchObject({ status: -3, error: 'image_too_large' });
  });

  it('needs a token', async () => {
    const ctx = app();

    const res = await as(ctx).postMultipart('/member/index/uploads', {}, [imagePart('file', await makeImage('png', 10, 10), 'png')]);

    expect(res.http).toBe(401);
  });

  it('is rate limited per UPLOAD_RATE_LIMIT', async () => {
    const ctx = await startApp({ env: { UPLOAD_RATE_LIMIT: '2' } });
    const { token } = await buildUser(ctx);
    const image = await makeImage('png', 10, 10);

    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await upload(ctx, token, image, 'png'));

    expect(answers.map((a) => a.http)).toEqual([200, 200, 429]);
    expect(answers[2]!.body).toMatchObject({ status: 429, error: 'rate_limited' });
  });
});

describe('POST /member/index/uploadImg (avatar crop)', () => {
  it.each(['png', 'jpeg', 'gif'] as const)('stores a %s of 300x300 or more as a 300x300 png under /uploads/avatar/<id>/', async (format) => {
    const ctx = app();
    const { user, token } = await buildUser(ctx);

    const res = await uploadAvatar(ctx, token, await makeImage(format, 640, 480), format);

    expect(res.body.status).toBe(200);
    expect(res.body.data.url).toMatch(new RegExp(`^/uploads/avatar/${user.id}/[A-Za-z0-9_-]+\\.png$`));
    expect(res.body.data.path).toBe(res.body.data.url);
    expect(await sharp(storedFile(ctx, res.body.data.url)).metadata()).toMatchObject({ format: 'png', width: 300, height: 300 });
  });

  it('accepts exactly 300x300', async () => {
    const ctx = app();
    const { token } = await buildUser(ctx);

    expect((await uploadAvatar(ctx, token, await makeImage('png', 300, 300), 'png')).body.status).toBe(200);
  });

  it('answers -2 to an image smaller than 300x300 on either side', async () => {
    const ctx = app();
    const { token } = await buildUser(ctx);

    for (const [w, h] of [
      [200, 200],
      [299, 300],
      [800, 299],
    ] as const) {
      const res = await uploadAvatar(ctx, token, await makeImage('png', w, h), 'png');
      expect(res.body, `${w}x${h}`).toMatchObject({ status: -2, error: 'image_too_small' });
    }
  });

  it('answers -1 to webp and to anything that is not a gif, jpg or png image', async () => {
    const ctx = app();
    const { token } = await buildUser(ctx);

    const webp = await uploadAvatar(ctx, token, await makeImage('webp', 400, 400), 'webp');
    const text = await as(ctx, token).postMultipart('/member/index/uploadImg', {}, [
      { field: 'img', filename: 'a.png', contentType: 'image/png', data: Buffer.from('hello') },
    ]);

    expect(webp.body).toMatchObject({ status: -1, error: 'not_an_image' });
    expect(text.body).toMatchObject({ status: -1, error: 'not_an_image' });
  });

  it('answers HTTP 413 to a file over 10240 KB', async () => {
    const ctx = app();
    const { token } = await buildUser(ctx);
    const tooBig = Buffer.alloc(LIMITS.avatarMaxBytes + 1, 0x61);

    const res = await as(ctx, token).postMultipart('/member/index/uploadImg', {}, [{ field: 'img', filename: 'big.png', contentType: 'image/png', data: tooBig }]);

    expect(res.http).toBe(413);
    expect(res.body).toMatchObject({ status: 413, error: 'payload_too_large' });
  });

  it('answers -3 (never 500) to a 20000x20000 image', async () => {
    const ctx = app();
    const { token } = await buildUser(ctx);

    const res = await uploadAvatar(ctx, token, pngBomb(20_000, 20_000), 'png');

    expect(res.http).toBe(200);
    expect(res.body).toMatchObject({ status: -3, error: 'image_too_large' });
  });

  it('stores nothing it refuses', async () => {
    const ctx = app();
    const { user, token } = await buildUser(ctx);

    await uploadAvatar(ctx, token, await makeImage('png', 100, 100), 'png');
    await uploadAvatar(ctx, token, pngBomb(), 'png');

    expect(fs.existsSync(path.join(ctx.config.uploadsDir, 'avatar', String(user.id)))).toBe(false);
  });
});
