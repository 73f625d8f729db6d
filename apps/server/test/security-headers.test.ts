import { describe, expect, it } from 'vitest';
import { as } from './helpers/factories.js';
import { startApp } from './helpers/test-app.js';

describe('HSTS follows PUBLIC_URL (issue 9, finding 12)', () => {
  it('sends Strict-Transport-Security on calls, pages and errors when PUBLIC_URL is https', async () => {
    const ctx = await startApp({ env: { PUBLIC_URL: 'https://kindred.example' } });

    const answers = [
      (await as(ctx).post('/member/index/login', { account: 'a', password: 'b' })).headers,
      (await as(ctx).post('/member/index/nothing')).headers,
      (await ctx.app.inject({ method: 'GET', url: '/m/login' })).headers,
    ];

    for (const headers of answers) expect(headers['strict-transport-security']).toBe('max-age=31536000');
  });

  it('sends none when PUBLIC_URL is http', async () => {
    const ctx = await startApp({ env: { PUBLIC_URL: 'http://kindred.example' } });

    const res = await as(ctx).post('/member/index/login', { account: 'a', password: 'b' });

    expect(res.headers['content-security-policy']).toBeDefined();
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});
