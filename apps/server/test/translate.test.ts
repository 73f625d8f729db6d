import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, onTestFinished } from 'vitest';
import { buildVip } from './helpers/chat.js';
import { as, buildUser } from './helpers/factories.js';
import { startApp, type TestApp } from './helpers/test-app.js';

/** A stand-in LibreTranslate on 127.0.0.1: records requests, answers what `respond` says. */
async function fakeLibreTranslate(respond: (body: Record<string, unknown>) => { status: number; json: unknown }) {
  const requests: { url: string; body: Record<string, unknown> }[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const body = JSON.parse(raw) as Record<string, unknown>;
      requests.push({ url: req.url ?? '', body });
      const answer = respond(body);
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

const ledgerOf = (ctx: TestApp, userId: number) => ctx.db.selectFrom('ledger').selectAll().where('user_id', '=', userId).execute();
const balanceOf = async (ctx: TestApp, userId: number) => (await ctx.services.repositories.users.findById(userId))!.credits;

describe('POST /member/index/translate with OpenCC (offline)', () => {
  it('converts simplified to traditional Chinese and charges TRANSLATE_PRICE after it, with a ledger row', async () => {
    const ctx = await startApp({ env: { TRANSLATE_PRICE: '150' } });
    const member = await buildUser(ctx, { credits: 500 });

    const res = await as(ctx, member.token).post('/member/index/translate', { content: '汉语头发', to: 'cht' });

    expect(res.body).toMatchObject({ status: 200, data: { dst: '漢語頭髮', from: 'zh', to: 'cht', charged: 1.5, amount: 3.5 } });
    expect(await balanceOf(ctx, member.user.id)).toBe(350);
    expect(await ledgerOf(ctx, member.user.id)).toEqual([expect.objectContaining({ delta: -150, balance_after: 350, reason: 'translation', ref_type: 'translation' })]);
  });

  it('converts traditional to simplified Chinese', async () => {
    const ctx = await startApp();
    const member = await buildUser(ctx, { credits: 100 });

    const res = await as(ctx, member.token).post('/member/index/translate', { content: '漢語頭髮，軟體', to: 'zh' });

    expect(res.body).toMatchObject({ status: 200, data: { dst: '汉语头发，软体', from: 'cht', charged: 1, amount: 0 } });
  });

  it('answers -1 when the balance is short, and charges nothing', async () => {
    const ctx = await startApp();
    const member = await buildUser(ctx, { credits: 99 });

    const res = await as(ctx, member.token).post('/member/index/translate', { content: '汉语', to: 'cht' });

    expect(res.body).toMatchObject({ status: -1, error: 'insufficient_credits', msg: 'Insufficient Credits' });
    expect(await balanceOf(ctx, member.user.id)).toBe(99);
    expect(await ledgerOf(ctx, member.user.id)).toEqual([]);
  });

  it('is free with Free_use_of_the_translation_function (gold by default)', async () => {
    const ctx = await startApp();
    const gold = await buildVip(ctx, 2, { credits: 0 });

    const res = await as(ctx, gold.token).post('/member/index/translate', { content: '汉语', to: 'cht' });

    expect(res.body).toMatchObject({ status: 200, data: { dst: '漢語', charged: 0, amount: 0 } });
    expect(await ledgerOf(ctx, gold.user.id)).toEqual([]);
  });

  it('says clearly when no provider serves the pair (-2), and charges nothing', async () => {
    const ctx = await startApp();
    const member = await buildUser(ctx, { credits: 500 });

    const res = await as(ctx, member.token).post('/member/index/translate', { content: 'good morning', to: 'zh' });

    expect(res.body).toMatchObject({ status: -2, error: 'translate_unavailable', msg: 'No translation service is available for this language to simplified Chinese' });
    expect(await balanceOf(ctx, member.user.id)).toBe(500);
  });

  it('validates content and target (400)', async () => {
    const ctx = await startApp();
    const member = await buildUser(ctx, { credits: 500 });

    for (const form of [{ content: '', to: 'en' }, { content: 'x', to: 'fr' }, { content: 'x'.repeat(2001), to: 'en' }]) {
      expect((await as(ctx, member.token).post('/member/index/translate', form)).http).toBe(400);
    }
  });
});

describe('POST /member/index/translate with LibreTranslate (LIBRETRANSLATE_URL)', () => {
  it('sends other pairs to the LibreTranslate server and charges after its answer', async () => {
    const fake = await fakeLibreTranslate((body) => ({ status: 200, json: { translatedText: body.target === 'zt' ? '早安' : body.target === 'en' ? 'hello' : '早上好' } }));
    const ctx = await startApp({ env: { LIBRETRANSLATE_URL: `${fake.url}/`, LIBRETRANSLATE_API_KEY: 'k1' } });
    const member = await buildUser(ctx, { credits: 1000 });

    const zh = await as(ctx, member.token).post('/member/index/translate', { content: 'good morning', to: 'zh' });
    const cht = await as(ctx, member.token).post('/member/index/translate', { content: 'good morning', to: 'cht' });
    const en = await as(ctx, member.token).post('/member/index/translate', { content: '你好', to: 'en' });

    expect([zh.body.data.dst, cht.body.data.dst, en.body.data.dst]).toEqual(['早上好', '早安', 'hello']);
    expect(fake.requests).toEqual([
      { url: '/translate', body: { q: 'good morning', source: 'auto', target: 'zh', format: 'text', api_key: 'k1' } },
      { url: '/translate', body: { q: 'good morning', source: 'auto', target: 'zt', format: 'text', api_key: 'k1' } },
      { url: '/translate', body: { q: '你好', source: 'zh', target: 'en', format: 'text', api_key: 'k1' } },
    ]);
    expect(await balanceOf(ctx, member.user.id)).toBe(700);
  });

  it('answers -3 and charges nothing when the server fails or cannot be reached', async () => {
    const fake = await fakeLibreTranslate(() => ({ status: 500, json: { error: 'model not loaded' } }));
    const ctx = await startApp({ env: { LIBRETRANSLATE_URL: fake.url } });
    const member = await buildUser(ctx, { credits: 1000 });

    const failed = await as(ctx, member.token).post('/member/index/translate', { content: 'hello', to: 'zh' });
    expect(failed.body).toMatchObject({ status: -3, error: 'translate_failed' });

    const closed = await startApp({ env: { LIBRETRANSLATE_URL: 'http://127.0.0.1:9' } });
    const other = await buildUser(closed, { credits: 1000 });
    expect((await as(closed, other.token).post('/member/index/translate', { content: 'hello', to: 'zh' })).body).toMatchObject({ status: -3 });

    expect(await balanceOf(ctx, member.user.id)).toBe(1000);
    expect(await ledgerOf(ctx, member.user.id)).toEqual([]);
    expect(await balanceOf(closed, other.user.id)).toBe(1000);
  });

  it('still converts Chinese scripts offline when LibreTranslate is configured', async () => {
    const fake = await fakeLibreTranslate(() => ({ status: 500, json: {} }));
    const ctx = await startApp({ env: { LIBRETRANSLATE_URL: fake.url } });
    const member = await buildUser(ctx, { credits: 100 });

    expect((await as(ctx, member.token).post('/member/index/translate', { content: '头发', to: 'cht' })).body.data.dst).toBe('頭髮');
    expect(fake.requests).toEqual([]);
  });
});
