import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { loadConfig } from '../src/config.js';
import { S3Storage } from '../src/infra/s3-storage.js';
import { createStorage } from '../src/infra/storage-factory.js';
import { LocalStorage, type Storage, type StoredFile } from '../src/infra/storage.js';
import { FileReferencesRepository } from '../src/modules/uploads/file-references.repository.js';
import { OrphanSweep } from '../src/modules/uploads/orphan-sweep.js';
import { buildPhoto, uploadImage } from './helpers/discovery-factories.js';
import { as, buildUser } from './helpers/factories.js';
import { imagePart, makeImage } from './helpers/images.js';
import { startS3StandIn, type S3StandIn } from './helpers/s3-stand-in.js';
import { startApp } from './helpers/test-app.js';

/**
 * One suite for the Storage interface (infra/storage.ts), run against the local folder and against
 * the S3 store on a local stand-in (s3rver) through the real SDK: every upload path (avatars,
 * photos, backgrounds, newsfeed, chat and report images) relies on exactly these promises.
 */
let s3: S3StandIn;
beforeAll(async () => {
  s3 = await startS3StandIn();
});
afterAll(async () => {
  await s3?.close();
});

const HOUR = 3_600_000;
const bytes = (text: string) => Buffer.from(`${text}-${randomBytes(8).toString('hex')}`);
const drain = async (body: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
};
const keysOf = async (files: AsyncIterable<StoredFile>) => {
  const keys: string[] = [];
  for await (const file of files) keys.push(file.key);
  return keys.sort();
};

interface Store {
  storage: Storage;
  /** The environment that makes an app use this store (empty: the local folder, the default). */
  env: Record<string, string>;
}

const STORES: [string, () => Store][] = [
  [
    'LocalStorage (the uploads folder)',
    () => {
      const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kindred-storage-'));
      onTestFinished(() => fs.rmSync(root, { recursive: true, force: true }));
      return { storage: new LocalStorage(root), env: {} };
    },
  ],
  [
    'S3Storage (s3rver through @aws-sdk/client-s3)',
    () => {
      // A key prefix of its own per test: tests never see each other's objects in the one bucket.
      const prefix = `t${randomBytes(4).toString('hex')}/`;
      const storage = new S3Storage(s3.options(prefix));
      onTestFinished(() => storage.close());
      return { storage, env: { ...s3.env, S3_KEY_PREFIX: prefix } };
    },
  ],
];

describe.each(STORES)('%s', (_name, open) => {
  it('answers /uploads/<key> for a put and reads the same bytes back, with their size and time', async () => {
    const { storage } = open();
    const data = bytes('photo');
    const before = Date.now();

    const url = await storage.put('photo/7/Abc_-1.jpg', data);

    expect(url).toBe('/uploads/photo/7/Abc_-1.jpg');
    const found = (await storage.read('photo/7/Abc_-1.jpg'))!;
    expect(found).toBeDefined();
    expect((await drain(found.body)).equals(data)).toBe(true);
    expect(found.size).toBe(data.length);
    // S3 keeps whole seconds.
    expect(found.modifiedMs).toBeGreaterThanOrEqual(before - 1_000);
    expect(found.modifiedMs).toBeLessThanOrEqual(Date.now() + 1_000);
  });

  it('answers nothing for a key never stored', async () => {
    const { storage } = open();

    expect(await storage.read('photo/7/never.jpg')).toBeUndefined();
  });

  it('a second put under the same key replaces the bytes', async () => {
    const { storage } = open();
    await storage.put('avatar/3/demo.png', bytes('first'));
    const second = bytes('second');

    await storage.put('avatar/3/demo.png', second);

    expect((await drain((await storage.read('avatar/3/demo.png'))!.body)).equals(second)).toBe(true);
  });

  it('remove deletes the file; removing it again, or a url that is not an upload, is no error and touches nothing else', async () => {
    const { storage } = open();
    const gone = await storage.put('dynamic/5/gone.jpg', bytes('gone'));
    const kept = await storage.put('dynamic/5/kept.jpg', bytes('kept'));

    await storage.remove(gone);
    await storage.remove(gone);
    await storage.remove('/elsewhere/dynamic/5/kept.jpg');
    await storage.remove('');

    expect(await storage.read('dynamic/5/gone.jpg')).toBeUndefined();
    expect(await storage.read('dynamic/5/kept.jpg')).toBeDefined();
    expect(await keysOf(storage.list('dynamic/'))).toEqual(['dynamic/5/kept.jpg']);
    expect(kept).toBe('/uploads/dynamic/5/kept.jpg');
  });

  it('lists exactly the keys under a prefix, with their times', async () => {
    const { storage } = open();
    await Promise.all([
      storage.put('photo/1/a.jpg', bytes('a')),
      storage.put('photo/12/b.jpg', bytes('b')),
      storage.put('photo/1/c.png', bytes('c')),
      storage.put('dynamic/1/d.jpg', bytes('d')),
    ]);

    expect(await keysOf(storage.list('photo/1/'))).toEqual(['photo/1/a.jpg', 'photo/1/c.png']);
    expect(await keysOf(storage.list('photo/'))).toEqual(['photo/1/a.jpg', 'photo/1/c.png', 'photo/12/b.jpg']);
    expect(await keysOf(storage.list('avatar/'))).toEqual([]);
    for await (const file of storage.list('dynamic/')) expect(Math.abs(file.modifiedMs - Date.now())).toBeLessThan(60_000);
  });

  it('serves an upload at its url with the image type, no-sniff and a week of immutable cache; 404 once deleted', async () => {
    const { env } = open();
    const ctx = await startApp({ env: { ...env, UPLOAD_SWEEP_MS: '0' } });
    const member = await buildUser(ctx);
    const url = await uploadImage(ctx, member, 'photo');
    const stored = await drain((await ctx.storage.read(url.replace(/^\/uploads\//, '')))!.body);

    const res = await ctx.app.inject({ method: 'GET', url });

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('public, max-age=604800, immutable');
    expect(Number(res.headers['content-length'])).toBe(stored.length);
    expect(res.rawPayload.equals(stored)).toBe(true);

    await ctx.storage.remove(url);
    const missing = await as(ctx).get(url);
    expect(missing.http).toBe(404);
    expect(missing.body).toMatchObject({ status: 404, error: 'not_found' });
    for (const bad of ['/uploads/..%2fkindred.sqlite', '/uploads/photo/1/x.txt', '/uploads/%2e%2e/%2e%2e/etc/passwd']) {
      expect((await ctx.app.inject({ method: 'GET', url: bad })).statusCode, bad).toBeGreaterThanOrEqual(400);
    }
  });

  it('the orphan sweep finds old unattached uploads through the store and removes only those', async () => {
    const { env } = open();
    const ctx = await startApp({ env: { ...env, UPLOAD_SWEEP_MS: '0' } });
    const member = await buildUser(ctx);
    const [orphan, attached] = await Promise.all([uploadImage(ctx, member, 'photo'), uploadImage(ctx, member, 'photo')]);
    await buildPhoto(ctx, member, attached);
    const log = { info: () => undefined, error: (obj: unknown) => expect.fail(`sweep error: ${JSON.stringify(obj)}`) };
    const later = () => Date.now() + 2 * HOUR;

    const pass = await new OrphanSweep(new FileReferencesRepository(ctx.db), ctx.storage, { orphanAgeMs: HOUR }, log, later).run();

    expect(pass).toEqual({ checked: 2, removed: 1 });
    expect(await ctx.storage.read(orphan.replace(/^\/uploads\//, ''))).toBeUndefined();
    expect(await ctx.storage.read(attached.replace(/^\/uploads\//, ''))).toBeDefined();
  });
});

describe('uploads on S3 shared by several nodes', () => {
  it('a photo uploaded through one app is served by another on the same bucket, and gone from both once deleted', async () => {
    const env = { ...s3.env, UPLOAD_SWEEP_MS: '0' };
    const [nodeA, nodeB] = await Promise.all([startApp({ env }), startApp({ env })]);
    const member = await buildUser(nodeA);
    const url = await uploadImage(nodeA, member, 'photo');
    // Nothing on either node's disk: the bucket is the only copy.
    expect(fs.existsSync(path.join(nodeA.config.uploadsDir, 'photo'))).toBe(false);

    const served = await nodeB.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals((await nodeA.app.inject({ method: 'GET', url })).rawPayload)).toBe(true);
    // An unguessable name: 12 random bytes.
    expect(url).toMatch(new RegExp(`^/uploads/photo/${member.user.id}/[A-Za-z0-9_-]{16}\\.jpg$`));

    // In the album, then deleted through node A: the object goes, node B answers 404.
    expect((await as(nodeA, member.token).post('/member/photo/released', { img: url })).body.status).toBe(200);
    const photo = await nodeA.db.selectFrom('photos').select('id').where('img', '=', url).executeTakeFirstOrThrow();
    expect((await as(nodeA, member.token).post('/member/photo/del_photo', { id: photo.id })).body.status).toBe(200);
    expect((await nodeB.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('a bucket that cannot be reached stops the start with the reason; S3_* without S3_BUCKET is refused', async () => {
    const config = loadConfig({ ...s3.env, S3_BUCKET: 'no-such-bucket' });
    await expect(createStorage(config)).rejects.toThrow(/S3_BUCKET no-such-bucket cannot be reached \(HTTP 404\)/);
    expect(() => loadConfig({ S3_ENDPOINT: s3.endpoint })).toThrow(/S3_ENDPOINT: set S3_BUCKET too/);
    expect(() => loadConfig({ S3_BUCKET: 'kindred', S3_ACCESS_KEY_ID: 'x' })).toThrow(/set both, or neither/);
    expect(() => loadConfig({ S3_BUCKET: 'Bad_Bucket' })).toThrow(/S3_BUCKET/);
    expect(loadConfig({ S3_BUCKET: 'kindred', S3_ENDPOINT: 'http://minio:9000/' }).s3).toMatchObject({ endpoint: 'http://minio:9000', forcePathStyle: true, region: 'us-east-1', keyPrefix: '' });
    expect(loadConfig({ S3_BUCKET: 'kindred' }).s3).toMatchObject({ forcePathStyle: false, credentials: undefined });
    expect(loadConfig({}).s3).toBeUndefined();
  });

  it('a store that stops answering makes an upload answer 503 storage_unavailable, not a 500', async () => {
    const down = await startS3StandIn('kindred-down');
    const ctx = await startApp({ env: { ...down.env, UPLOAD_SWEEP_MS: '0' } });
    const member = await buildUser(ctx);
    await down.close();

    const res = await as(ctx, member.token).postMultipart('/member/index/uploads', { dir: 'photo' }, [imagePart('file', await makeImage('jpeg', 64, 48), 'jpeg')]);

    expect(res.http).toBe(503);
    expect(res.body).toMatchObject({ error: 'storage_unavailable' });
  });
});
