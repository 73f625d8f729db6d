import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { as, buildUser } from './helpers/factories.js';
import { imagePart, makeImage } from './helpers/images.js';
import { startApp, useSharedApp, type TestApp } from './helpers/test-app.js';

const shared = useSharedApp();

/** What a slow client streaming `declared` bytes saw: the answer, and how much it had sent by then. */
interface Streamed {
  status: number;
  body: string;
  sentBytes: number;
  connection: string | undefined;
}

const BOUNDARY = `----kindred${randomBytes(8).toString('hex')}`;
const field = (name: string, value: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const fileHeader = (name: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`;

/**
 * POSTs a multipart body that announces `declared` bytes (text fields, then one file part) to a
 * listening app, writing only as fast as the server takes it, and stops at the first answer. A
 * server that reads the body before deciding has to take all of it first.
 */
async function streamUpload(base: string, path: string, options: { headers?: Record<string, string>; fields?: Record<string, string>; declared: number }): Promise<Streamed> {
  const head = Buffer.from(Object.entries(options.fields ?? {}).map(([k, v]) => field(k, v)).join('') + fileHeader('file'));
  const chunk = Buffer.alloc(64 * 1024, 0x61);
  return new Promise<Streamed>((resolve, reject) => {
    let sentBytes = 0;
    let answered = false;
    // A server that waits for the whole body never answers: the body is never finished.
    const deadline = setTimeout(() => {
      req.destroy();
      reject(new Error(`no answer after ${sentBytes} bytes of ${options.declared}: the server is reading the body first`));
    }, 15_000);
    const req = http.request(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'content-length': String(options.declared), ...options.headers },
    });
    req.on('response', (res) => {
      answered = true;
      clearTimeout(deadline);
      const parts: Buffer[] = [];
      res.on('data', (d: Buffer) => parts.push(d));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts).toString(), sentBytes, connection: res.headers.connection });
        req.destroy();
      });
    });
    // The server may close the connection while we are still writing: expected once it answered.
    req.on('error', (error) => (answered ? undefined : reject(error)));
    const pump = () => {
      while (!answered && sentBytes < options.declared - chunk.length) {
        sentBytes += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
    };
    sentBytes = head.length;
    req.write(head);
    pump();
  });
}

async function listening(ctx: TestApp): Promise<string> {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
}

const DECLARED = 64 * 1024 * 1024;
/** Far below the 64 MB announced and the 10 MB file limit: kernel and stream buffers only. */
const READ_AT_MOST = 8 * 1024 * 1024;

describe('a multipart body is read only after the caller is known (issue 9, finding 4)', () => {
  it('answers 401 to uploads without a token or with a wrong one while most of the body is still unsent, and closes the connection', async () => {
    const ctx = await startApp();
    const base = await listening(ctx);

    const answers = await Promise.all([
      ...Array.from({ length: 8 }, () => streamUpload(base, '/member/index/uploads', { fields: { dir: 'photo' }, declared: DECLARED })),
      streamUpload(base, '/member/index/uploads', { headers: { authorization: 'Bearer not-a-session' }, declared: DECLARED }),
      streamUpload(base, '/member/index/uploadImg', { fields: { token: 'not-a-session' }, declared: DECLARED }),
    ]);

    for (const answer of answers) {
      expect(answer.status).toBe(401);
      expect(JSON.parse(answer.body)).toMatchObject({ status: 401, error: 'unauthorized' });
      expect(answer.sentBytes).toBeLessThan(READ_AT_MOST);
      expect(answer.connection).toBe('close');
    }
  });

  it('answers 400 to a multipart body on a call that takes no file, without reading it', async () => {
    const ctx = await startApp();
    const { token } = await buildUser(ctx);
    const base = await listening(ctx);

    const member = await streamUpload(base, '/member/index/userinfo', { headers: { authorization: `Bearer ${token}` }, declared: DECLARED });
    const visitor = await streamUpload(base, '/member/index/login', { fields: { account: 'a', password: 'b' }, declared: DECLARED });

    for (const answer of [member, visitor]) {
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body)).toMatchObject({ status: 400, error: 'validation' });
      expect(answer.sentBytes).toBeLessThan(READ_AT_MOST);
    }
  });

  it('checks a Bearer header before reading a form or JSON body: a wrong token gets 401, not 413, for a body over the limit', async () => {
    const ctx = shared();
    const huge = { signature: 'x'.repeat(2 * 1024 * 1024) };

    const json = await as(ctx, 'not-a-session').postJson('/member/index/changesignature', huge);
    const form = await as(ctx, 'not-a-session').post('/member/index/changesignature', huge);

    for (const res of [json, form]) expect([res.http, res.body.error]).toEqual([401, 'unauthorized']);
  });

  it('answers a call with an empty form body (token in the header) as one without a body, and still parses a form that has fields', async () => {
    const ctx = shared();
    const { user, token } = await buildUser(ctx);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' };

    const empty = await ctx.app.inject({ method: 'POST', url: '/member/index/userinfo', headers, payload: '' });
    const none = await ctx.app.inject({ method: 'POST', url: '/member/index/userinfo', headers: { authorization: `Bearer ${token}` } });
    const withFields = await ctx.app.inject({ method: 'POST', url: '/member/index/changesignature', headers, payload: 'signature=hello%20there' });

    expect([empty.statusCode, empty.json().data.id]).toEqual([200, user.id]);
    expect(empty.json()).toEqual({ ...none.json(), data: { ...none.json().data, is_online: empty.json().data.is_online } });
    expect([withFields.statusCode, withFields.json().data.signature]).toEqual([200, 'hello there']);
  });

  it('still refuses an empty JSON body and a body of a type no call takes (400, as the error handler answers 4xx)', async () => {
    const ctx = shared();
    const { token } = await buildUser(ctx);
    const call = (type: string) => ctx.app.inject({ method: 'POST', url: '/member/index/userinfo', headers: { authorization: `Bearer ${token}`, 'content-type': type }, payload: '' });

    const json = await call('application/json');
    const csv = await call('text/csv');

    for (const res of [json, csv]) expect([res.statusCode, res.json().error]).toEqual([400, 'validation']);
    expect(json.json().data.fields.body).toMatch(/empty/i);
    expect(csv.json().data.fields.body).toMatch(/unsupported media type/i);
  });

  it('takes the token as a text field sent before the file, as browsers send appended fields', async () => {
    const ctx = shared();
    const { user, token } = await buildUser(ctx);
    const image = imagePart('file', await makeImage('png', 40, 40), 'png');

    const res = await as(ctx).postMultipart('/member/index/uploads', { token, dir: 'dynamic' }, [image]);

    expect(res.body).toMatchObject({ status: 200 });
    expect(res.body.data.url).toMatch(new RegExp(`^/uploads/dynamic/${user.id}/`));
  });

  it('refuses a token field that comes after the file: the file is never read for an unknown caller', async () => {
    const ctx = shared();
    const { token } = await buildUser(ctx);
    const png = await makeImage('png', 40, 40);
    const payload = Buffer.concat([Buffer.from(fileHeader('file')), png, Buffer.from(`\r\n${field('token', token)}--${BOUNDARY}--\r\n`)]);

    const late = await as(ctx).postRaw('/member/index/uploads', payload, `multipart/form-data; boundary=${BOUNDARY}`);
    // The same body with the header instead: the fields after the file (dir) are read as before.
    const withHeader = await as(ctx, token).postRaw('/member/index/uploads', payload, `multipart/form-data; boundary=${BOUNDARY}`);

    expect([late.http, late.body.error]).toEqual([401, 'unauthorized']);
    expect(late.headers.connection).toBe('close');
    expect(withHeader.body.status).toBe(200);
  });

  it('refuses a file under a name the call does not take with 400', async () => {
    const ctx = shared();
    const { token } = await buildUser(ctx);

    const res = await as(ctx, token).postMultipart('/member/index/uploadImg', {}, [imagePart('avatar', await makeImage('png', 300, 300), 'png')]);

    expect(res.http).toBe(400);
    expect(res.body.data.fields).toHaveProperty('avatar');
  });

  it('answers 413 to a text field over 16 KB in an upload instead of cutting it short', async () => {
    const ctx = shared();
    const { token } = await buildUser(ctx);

    const res = await as(ctx, token).postMultipart('/member/index/uploads', { dir: 'x'.repeat(20 * 1024) }, [imagePart('file', await makeImage('png', 10, 10), 'png')]);

    expect([res.http, res.body.error]).toEqual([413, 'payload_too_large']);
  });
});
