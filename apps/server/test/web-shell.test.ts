import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalStorage } from '../src/infra/storage.js';
import { installWeb } from '../src/http/web.js';
import { shellLanguage } from '../src/http/web-shell.js';

describe('the language of the prerendered sign-in page', () => {
  it('follows the app: its cookie first, then the browser languages by preference, else English', () => {
    expect(shellLanguage(undefined, undefined)).toBe('en');
    expect(shellLanguage(undefined, 'fr-FR,fr;q=0.9')).toBe('en');
    expect(shellLanguage(undefined, 'fr-FR,zh-HK;q=0.8,en;q=0.5')).toBe('zh-TW');
    expect(shellLanguage(undefined, 'zh-Hant-TW')).toBe('zh-TW');
    expect(shellLanguage(undefined, 'en;q=0.4,zh-CN;q=0.9')).toBe('zh-CN');
    expect(shellLanguage(undefined, 'zh;q=0,en')).toBe('en');
    expect(shellLanguage('a=1; kindred.lang=zh-TW', 'zh-CN')).toBe('zh-TW');
    // An unknown value in the cookie is ignored, not trusted.
    expect(shellLanguage('kindred.lang=<x>', 'zh-CN')).toBe('zh-CN');
  });
});

describe('serving /m/login prerendered', () => {
  let dir: string;
  let app: FastifyInstance;
  const index = '<!doctype html><html lang="en"><head><title>Kindred</title><link rel="stylesheet" crossorigin href="/assets/index-1.css"></head><body><div id="root"></div></body></html>';
  const shell = (lang: string) =>
    `<!doctype html><html lang="${lang}"><head><title>${lang}</title><link rel="stylesheet" crossorigin href="/assets/MobileApp-2.css"><script defer src="/assets/login-shell-boot-1.js"></script></head><body><div id="root" data-shell="m-login"><h1>${lang}</h1></div></body></html>`;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kindred-web-shell-'));
    for (const sub of ['assets', 'static', '.vite', 'shell']) fs.mkdirSync(path.join(dir, sub));
    fs.writeFileSync(path.join(dir, 'index.html'), index);
    fs.writeFileSync(
      path.join(dir, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-1.js', isEntry: true, css: ['assets/index-1.css'] },
        'src/mobile/MobileApp.tsx': { file: 'assets/MobileApp-2.js', imports: ['index.html'], css: ['assets/MobileApp-2.css'] },
      }),
    );
    for (const lang of ['en', 'zh-CN', 'zh-TW']) fs.writeFileSync(path.join(dir, 'shell', `m-login.${lang}.html`), shell(lang));
    app = Fastify({ logger: false });
    await installWeb(app, { webDist: dir, storage: new LocalStorage(path.join(dir, 'uploads')) });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

  it('answers the screen in the visitor language, as the build made it', async () => {
    const res = await get('/m/login', { 'accept-language': 'zh-TW,zh;q=0.9' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toBe('accept-encoding, accept-language, cookie');
    // No hints added: the page's own boot script fetches the app after the first paint.
    expect(res.body).toBe(shell('zh-TW'));
    expect((await get('/m/login', { cookie: 'kindred.lang=zh-CN', 'accept-language': 'en' })).body).toContain('<h1>zh-CN</h1>');
    expect((await get('/m/login')).body).toContain('<h1>en</h1>');
  });

  it('sends the page compressed when the browser accepts it', async () => {
    const gz = await get('/m/login', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('<h1>en</h1>');
    const br = await get('/m/home/index', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
  });

  it('keeps every other page on the plain index, where the app decides (a signed-in member is not shown the form)', async () => {
    for (const url of ['/m', '/m/home/index', '/m/Register', '/w/login']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).not.toContain('data-shell');
    }
  });

  it('falls back to the plain index when the build made no prerendered pages', async () => {
    const bare = Fastify({ logger: false });
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'kindred-web-noshell-'));
    try {
      fs.writeFileSync(path.join(other, 'index.html'), index);
      await installWeb(bare, { webDist: other, storage: new LocalStorage(path.join(other, 'uploads')) });
      const res = await bare.inject({ method: 'GET', url: '/m/login' });
      expect(res.body).toBe(index);
    } finally {
      await bare.close();
      fs.rmSync(other, { recursive: true, force: true });
    }
  });
});
