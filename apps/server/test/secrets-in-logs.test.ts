import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { redactUrl } from '../src/http/logging.js';
import { as, buildUser } from './helpers/factories.js';
import { readOutbox } from './helpers/mail.js';
import { startApp } from './helpers/test-app.js';

/** The app's log lines, as `npm start` would print them at LOG_LEVEL=info. */
function logSink() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return { stream, text: () => lines.join('\n'), entries: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>) };
}

describe('secrets never reach the log (issue 9, finding 6)', () => {
  it('redacts the reset link token and ?token= session tokens in request URLs, and logs no body secrets', async () => {
    const log = logSink();
    const ctx = await startApp({ env: { LOG_LEVEL: 'info' }, logStream: log.stream });
    const { user, token, password } = await buildUser(ctx);

    const forgot = await as(ctx).post('/member/index/forget', { email: user.email });
    expect(forgot.body.status).toBe(200);
    await ctx.flushMail();
    const link = readOutbox(ctx.outboxDir).find((m) => m.to.includes(user.email))!.text.match(/https?:\/\/\S+\/reset-password\?token=([A-Za-z0-9_%-]+)/)!;
    const resetToken = decodeURIComponent(link[1]!);
    const page = new URL(link[0]!);

    await ctx.app.inject({ method: 'GET', url: `${page.pathname}${page.search}` });
    await as(ctx).post(`/member/index/userinfo?token=${token}&lang=en`);
    await ctx.app.inject({ method: 'GET', url: `/socket?token=${token}` });
    await as(ctx).post('/member/index/login', { account: user.username, password });
    await as(ctx).post('/member/index/resetpassword', { token: resetToken, password: 'brand-new-pass' });

    const urls = log.entries().flatMap((e) => ((e.req as { url?: string } | undefined)?.url ? [(e.req as { url: string }).url] : []));
    expect(urls).toContain(`${page.pathname}?token=[redacted]`);
    expect(urls).toContain('/member/index/userinfo?token=[redacted]&lang=[redacted]');
    expect(urls).toContain('/socket?token=[redacted]');
    for (const secret of [token, resetToken, encodeURIComponent(resetToken), password, 'brand-new-pass']) expect(log.text()).not.toContain(secret);
  });

  it('replaces every query value whatever the parameter is called, and leaves paths alone', () => {
    expect(redactUrl('/member/index/userinfo')).toBe('/member/index/userinfo');
    expect(redactUrl('/w/reset-password?token=abc')).toBe('/w/reset-password?token=[redacted]');
    expect(redactUrl('/socket?TOKEN=abc&x&%74oken=def')).toBe('/socket?TOKEN=[redacted]&x&%74oken=[redacted]');
  });
});
