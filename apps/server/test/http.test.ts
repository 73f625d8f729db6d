import helmet from '@fastify/helmet';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { helmetOptions } from '../src/http/security.js';
import { as, assertNoStackTrace, buildUser, yearsAgo } from './helpers/factories.js';
import { startApp, useSharedApp } from './helpers/test-app.js';

const app = useSharedApp();

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';

describe('routing', () => {
  it('answers an unknown call with a 404 envelope', async () => {
    const ctx = app();

    for (const res of [await as(ctx).post('/member/index/nothing'), await as(ctx).get('/no/such/page'), await as(ctx).get('/member/index/login')]) {
      expect(res.http).toBe(404);
      expect(res.body).toMatchObject({ status: 404, error: 'not_found', data: null });
      expect(res.body.msg).toMatch(/^No such call/);
    }
  });

  it('matches paths case-insensitively and ignores a trailing slash', async () => {
    const ctx = app();
    const { user, password } = await buildUser(ctx);

    for (const path of ['/Member/Index/Login', '/MEMBER/INDEX/LOGIN', '/member/index/login/']) {
      const res = await as(ctx).post(path, { account: user.username, password });
      expect(res.body.status, path).toBe(200);
    }
  });

  it('answers GET /healthz and GET /readyz with ok', async () => {
    const ctx = app();

    for (const url of ['/healthz', '/readyz']) {
      const res = await as(ctx).get(url);
      expect(res.http, url).toBe(200);
      expect(res.body, url).toEqual({ status: 'ok' });
    }
  });

  it('sends phones from / to /m and desktop browsers to /w', async () => {
    const ctx = app();

    for (const [ua, target] of [
      [IPHONE, '/m/home/index'],
      [ANDROID, '/m/home/index'],
      [DESKTOP, '/w/home/index'],
    ] as const) {
      const res = await ctx.app.inject({ method: 'GET', url: '/', headers: { 'user-agent': ua } });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(target);
    }
  });

  it('sends /invitation/{code} to the register route of the device', async () => {
    const ctx = app();

    const phone = await ctx.app.inject({ method: 'GET', url: '/invitation/ABC', headers: { 'user-agent': IPHONE } });
    const desktop = await ctx.app.inject({ method: 'GET', url: '/invitation/ABC', headers: { 'user-agent': DESKTOP } });
    const hostile = await ctx.app.inject({ method: 'GET', url: '/invitation/%2F%2Fevil.example', headers: { 'user-agent': DESKTOP } });

    expect([phone.statusCode, phone.headers.location]).toEqual([302, '/m/regist/ABC']);
    expect([desktop.statusCode, desktop.headers.location]).toEqual([302, '/w/regist/ABC']);
    expect(hostile.headers.location).toBe('/w/regist/%2F%2Fevil.example');
  });

  it('serves the web app for every /m, /w and /admin page', async () => {
    const ctx = app();

    for (const url of ['/m/login', '/w/home/index', '/m', '/admin']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('hints each interface\'s own chunks in its pages when the build wrote a manifest', async () => {
    const ctx = await startApp({
      webManifest: {
        'index.html': { file: 'assets/index-1.js', isEntry: true },
        'src/mobile/MobileApp.tsx': { file: 'assets/MobileApp-2.js', imports: ['index.html'] },
        'src/desktop/DesktopApp.tsx': { file: 'assets/DesktopApp-3.js', imports: ['index.html'] },
      },
    });
    const page = async (url: string) => (await ctx.app.inject({ method: 'GET', url })).body;

    const phone = await page('/m/login');
    expect(phone).toContain('<link rel="modulepreload" crossorigin href="/assets/MobileApp-2.js"></head>');
    expect(phone).not.toContain('DesktopApp');
    const desktop = await page('/w/home/index');
    expect(desktop).toContain('href="/assets/DesktopApp-3.js"');
    expect(desktop).not.toContain('MobileApp');
    expect(await page('/admin')).not.toContain('modulepreload');
  });
});

describe('request bodies', () => {
  it('accepts urlencoded and JSON bodies alike; multipart only on calls that take files (body-before-auth.test.ts)', async () => {
    const ctx = app();
    const { user, password } = await buildUser(ctx);
    const form = { account: user.username, password };

    const answers = [await as(ctx).post('/member/index/login', form), await as(ctx).postJson('/member/index/login', form)];
    const multipart = await as(ctx).postMultipart('/member/index/login', form);

    for (const res of answers) expect(res.body).toMatchObject({ status: 200, data: { id: user.id } });
    expect([multipart.http, multipart.body.error]).toEqual([400, 'validation']);
  });

  it('takes numbers as JSON numbers or as strings', async () => {
    const ctx = app();
    const { token, user } = await buildUser(ctx);
    const birthday = yearsAgo(33);

    const json = await as(ctx, token).postJson('/member/index/profile', { email: user.email, sex: 1, birthday });
    const form = await as(ctx, token).post('/member/index/profile', { email: user.email, sex: '0', birthday: String(birthday) });

    expect(json.body.data).toMatchObject({ sex: 1, birthday });
    expect(form.body.data).toMatchObject({ sex: 0, birthday });
  });

  it('answers malformed JSON with a 400 envelope', async () => {
    const ctx = app();

    for (const payload of ['{"account": "x",', '{account: x}', 'null-ish']) {
      const res = await as(ctx).postRaw('/member/index/login', payload, 'application/json');
      expect(res.http).toBe(400);
      expect(res.body).toMatchObject({ status: 400, error: 'validation' });
    }
  });

  it('answers arrays or objects where text is expected with 400', async () => {
    const ctx = app();
    const { token } = await buildUser(ctx);

    const repeated = await as(ctx).post('/member/index/login', { account: ['a', 'b'], password: 'secret123' });
    const jsonArray = await as(ctx).postJson('/member/index/login', { account: ['admin'], password: 'secret123' });
    const jsonObject = await as(ctx).postJson('/member/index/login', { account: { $ne: '' }, password: 'secret123' });
    const signature = await as(ctx, token).postJson('/member/index/changesignature', { signature: ['a'] });
    const wholeArray = await as(ctx).postJson('/member/index/login', [{ account: 'admin', password: 'x' }]);

    for (const res of [repeated, jsonArray, jsonObject]) {
      expect(res.http).toBe(400);
      expect(res.body.data.fields).toHaveProperty('account');
    }
    expect(signature.http).toBe(400);
    expect(wholeArray.http).toBe(400);
  });

  it('refuses NUL and other control characters in text with 400', async () => {
    const ctx = app();
    const { user, token, password } = await buildUser(ctx);

    const login = await as(ctx).post('/member/index/login', { account: `${user.username}\u0000`, password });
    const signature = await as(ctx, token).post('/member/index/changesignature', { signature: 'hi\u0000there' });
    const bell = await as(ctx, token).post('/member/index/changesignature', { signature: 'hi\u0007' });

    for (const res of [login, signature, bell]) expect(res.http).toBe(400);
    expect(signature.body.data.fields).toHaveProperty('signature');
  });

  it('refuses numbers out of range or not whole with 400', async () => {
    const ctx = app();
    const { token, user } = await buildUser(ctx);
    const profile = { email: user.email, sex: 1, birthday: yearsAgo(30) };

    for (const [patch, field] of [
      [{ sex: 5 }, 'sex'],
      [{ sex: -1 }, 'sex'],
      [{ sex: '1.5' }, 'sex'],
      [{ sex: 'male' }, 'sex'],
      [{ birthday: '1e20' }, 'birthday'],
      [{ birthday: 1e20 }, 'birthday'],
      [{ birthday: '99999999999999999999' }, 'birthday'],
      [{ birthday: Date.UTC(1899, 11, 31) }, 'birthday'],
    ] as const) {
      const form = await as(ctx, token).post('/member/index/profile', { ...profile, ...patch });
      const json = await as(ctx, token).postJson('/member/index/profile', { ...profile, ...patch });
      for (const res of [form, json]) {
        expect(res.http, JSON.stringify(patch)).toBe(400);
        expect(res.body.data.fields).toHaveProperty(field);
      }
    }
  });

  it('answers a 2 MB body with 413, not 500', async () => {
    const ctx = app();
    const huge = 'x'.repeat(2 * 1024 * 1024);

    const form = await as(ctx).postRaw('/member/index/login', `account=${huge}&password=secret123`, 'application/x-www-form-urlencoded');
    const json = await as(ctx).postJson('/member/index/login', { account: huge, password: 'secret123' });

    for (const res of [form, json]) {
      expect(res.http).toBe(413);
      expect(res.body).toMatchObject({ status: 413, error: 'payload_too_large' });
    }
  });

  it('answers a multipart body without a boundary with 400, not 500', async () => {
    const ctx = app();
    const { token } = await buildUser(ctx);

    const res = await as(ctx, token).postRaw('/member/index/uploads', 'garbage', 'multipart/form-data');

    expect(res.http).toBe(400);
    expect(res.body).toMatchObject({ status: 400, error: 'validation' });
  });

  it('answers multipart bodies over the part limits (two files, too many fields) with a 4xx envelope', async () => {
    const ctx = app();
    const { token } = await buildUser(ctx);
    const manyFields = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`f${i}`, 'x']));
    const file = { filename: 'a.png', contentType: 'image/png', data: Buffer.from('x') };

    const twoFiles = await as(ctx, token).postMultipart('/member/index/uploads', {}, [{ field: 'file', ...file }, { field: 'img', ...file }]);
    const fields = await as(ctx, token).postMultipart('/member/index/uploads', manyFields);

    for (const res of [twoFiles, fields]) {
      expect(res.http).toBe(413);
      expect(res.body.status).toBe(413);
    }
  });

  it('answers a body type it does not read with a 400 envelope', async () => {
    const ctx = app();

    for (const type of ['text/plain', 'application/xml']) {
      const res = await as(ctx).postRaw('/member/index/login', 'account=a', type);
      expect(res.http, type).toBe(400);
      expect(res.body).toMatchObject({ status: 400, error: 'validation' });
    }
  });
});

describe('tokens', () => {
  it('accepts the token as a Bearer header or a token form or JSON field, never as a query parameter (URLs are logged)', async () => {
    const ctx = app();
    const { user, token } = await buildUser(ctx);

    const bearer = await as(ctx, token).post('/member/index/userinfo');
    const field = await as(ctx).post('/member/index/userinfo', { token });
    const jsonField = await as(ctx).postJson('/member/index/userinfo', { token });
    const query = await as(ctx).post(`/member/index/userinfo?token=${encodeURIComponent(token)}`);

    for (const res of [bearer, field, jsonField]) expect(res.body).toMatchObject({ status: 200, data: { id: user.id } });
    expect([query.http, query.body.error]).toEqual([401, 'unauthorized']);
  });
});

describe('rate limits', () => {
  it('answers the 4th sign-in attempt within a minute with 429 when AUTH_RATE_LIMIT is 3', async () => {
    const ctx = await startApp({ env: { AUTH_RATE_LIMIT: '3' } });
    const { user, password, token } = await buildUser(ctx);

    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push(await as(ctx).post('/member/index/login', { account: user.username, password: i === 0 ? password : 'wrong' }));

    expect(statuses.map((r) => r.http)).toEqual([200, 200, 200, 429]);
    expect(statuses[3]!.body).toMatchObject({ status: 429, error: 'rate_limited' });
    expect(statuses[3]!.headers['retry-after']).toBeDefined();
    // Calls without a limit of their own are not held back by it.
    expect((await as(ctx, token).post('/member/index/userinfo')).http).toBe(200);
  });

  it('counts register and forget against the same kind of limit', async () => {
    const ctx = await startApp({ env: { AUTH_RATE_LIMIT: '1' } });

    const forget = [await as(ctx).post('/member/index/forget', { email: 'a@example.test' }), await as(ctx).post('/member/index/forget', { email: 'a@example.test' })];
    const register = [await as(ctx).post('/member/index/register', {}), await as(ctx).post('/member/index/register', {})];

    expect(forget.map((r) => r.http)).toEqual([200, 429]);
    expect(register.map((r) => r.http)).toEqual([400, 429]);
  });
});

describe('security', () => {
  const expectSecurityHeaders = (headers: Record<string, unknown>) => {
    const csp = String(headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
  };
  /** Helmet's set, as pages, uploads and unknown paths get it (security.ts, helmetHeaders). */
  const PAGE_HEADERS = ['content-security-policy', 'cross-origin-opener-policy', 'cross-origin-resource-policy', 'origin-agent-cluster', 'referrer-policy', 'x-content-type-options', 'x-dns-prefetch-control', 'x-download-options', 'x-frame-options', 'x-permitted-cross-domain-policies', 'x-xss-protection'];
  /** What only documents use: a call's JSON answer goes without them (security.ts, apiHeaders). */
  const PAGE_ONLY_HEADERS = ['cross-origin-opener-policy', 'origin-agent-cluster', 'x-dns-prefetch-control', 'x-download-options', 'x-permitted-cross-domain-policies', 'x-xss-protection'];

  it('sends the page CSP, no-sniff and frame rules on pages, redirects and unknown paths', async () => {
    const ctx = app();

    expectSecurityHeaders((await as(ctx).post('/member/index/nothing')).headers);
    expectSecurityHeaders((await ctx.app.inject({ method: 'GET', url: '/nothing' })).headers);
    expectSecurityHeaders((await ctx.app.inject({ method: 'GET', url: '/m/login' })).headers);
    expectSecurityHeaders((await ctx.app.inject({ method: 'GET', url: '/' })).headers);
  });

  it('sends every header @fastify/helmet would send with our options, on pages, uploads and errors', async () => {
    const ctx = app();
    const reference = Fastify({ logger: false });
    // The app frames only the payment provider: the sandbox's own challenge pages by default ('self').
    await reference.register(helmet, helmetOptions(["'self'"]));
    reference.get('/', async () => 'reference');
    const expected = (await reference.inject({ method: 'GET', url: '/' })).headers;
    await reference.close();

    for (const name of PAGE_HEADERS) expect(expected[name], name).toBeDefined();

    const answers = [
      (await as(ctx).post('/member/index/nothing')).headers,
      (await ctx.app.inject({ method: 'GET', url: '/m/login' })).headers,
      (await ctx.app.inject({ method: 'GET', url: '/w/home/index' })).headers,
      (await ctx.app.inject({ method: 'GET', url: '/uploads/none.png' })).headers,
    ];
    for (const headers of answers) {
      for (const name of PAGE_HEADERS) expect(headers[name], name).toBe(expected[name]);
      expect(headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('answers calls, their errors included, with the API set (OWASP REST): nothing to load, frame or sniff, and no page-only header', async () => {
    const ctx = app();
    const { token } = await buildUser(ctx);

    const answers = [
      await as(ctx, token).post('/member/index/userinfo'),
      await as(ctx).post('/member/index/userinfo'),
      await as(ctx).post('/member/index/login', { account: 'a', password: 'b' }),
      await as(ctx).post('/member/index/login', {}),
    ];

    expect(answers.map((r) => r.http)).toEqual([200, 401, 200, 400]);
    for (const { headers } of answers) {
      expect(headers['content-type']).toMatch(/^application\/json/);
      expect(headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['x-frame-options']).toBe('DENY');
      expect(headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(headers['referrer-policy']).toBe('no-referrer');
      expect(headers['strict-transport-security']).toBeUndefined();
      for (const name of PAGE_ONLY_HEADERS) expect(headers[name], name).toBeUndefined();
    }
  });

  it('answers an unexpected failure with a bare 500 envelope: no stack, no internals', async () => {
    const ctx = await startApp(); // its own database: it destroys it
    const { token } = await buildUser(ctx);
    await ctx.database.destroy();

    const res = await as(ctx, token).post('/member/index/userinfo');
    const ready = await ctx.app.inject({ method: 'GET', url: '/readyz' });
    const live = await ctx.app.inject({ method: 'GET', url: '/healthz' });

    expect(res.http).toBe(500);
    expect(res.body).toEqual({ status: 500, msg: 'Something went wrong, please try again', data: null, error: 'internal' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable', reason: 'database_unreachable' });
    // Liveness: the process runs, restarting it would not bring the database back.
    expect(live.statusCode).toBe(200);
  });

  it('recognises a stack trace when it sees one (the guard every answer in this suite passes)', () => {
    const stack = new Error('boom').stack!;

    expect(() => assertNoStackTrace(JSON.stringify({ msg: stack }))).toThrow(/stack trace/);
    expect(() => assertNoStackTrace(JSON.stringify({ status: 200, msg: 'meet at 10:30 at home', data: null }))).not.toThrow();
  });
});
