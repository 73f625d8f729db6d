import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { buildUser } from './helpers/factories.js';
import { buildBackPhoto, buildPhoto, buildTrend, storedFileExists, uploadImage } from './helpers/discovery-factories.js';
import { startApp, type TestApp } from './helpers/test-app.js';

const HOUR = 3_600_000;

/** Makes a stored upload look `hours` old, as it would after that long on disk. */
function age(ctx: TestApp, url: string, hours: number): void {
  const when = new Date(Date.now() - hours * HOUR);
  fs.utimesSync(path.join(ctx.config.uploadsDir, url.replace(/^\/uploads\//, '')), when, when);
}

describe('uploads no row uses are deleted once older than UPLOAD_ORPHAN_HOURS (issue 9, finding 11)', () => {
  it('removes old unattached uploads and keeps every attached, recent or foreign file', async () => {
    const ctx = await startApp({ env: { UPLOAD_SWEEP_MS: '0' } });
    const owner = await buildUser(ctx);
    const friend = await buildUser(ctx);
    const upload = (dir: 'dynamic' | 'photo' = 'photo') => uploadImage(ctx, owner, dir);

    const [orphan, orphan2, recent, photo, back, trend, avatar, chat, report] = await Promise.all([
      upload(), upload('dynamic'), upload(), upload(), upload(), upload('dynamic'), upload(), upload('dynamic'), upload('dynamic'),
    ]);
    await buildPhoto(ctx, owner, photo);
    await buildBackPhoto(ctx, owner, back);
    await buildTrend(ctx, owner, { img: trend });
    await ctx.db.updateTable('users').set({ avatar }).where('id', '=', owner.user.id).execute();
    await ctx.db
      .insertInto('messages')
      .values({ sender_id: owner.user.id, reciver_id: friend.user.id, type: 'img', content: '', img: chat, client_id: 'sweep-1', created_at: ctx.now() })
      .execute();
    await ctx.db
      .insertInto('reports')
      .values({ reporter_id: owner.user.id, reported_id: friend.user.id, type: 1, content: 'spam', img: report, email: '', status: 'open', result: '', created_at: ctx.now() })
      .execute();
    // A file the upload call never names (an operator's note): not the sweep's to judge.
    const foreign = path.join(ctx.config.uploadsDir, 'photo', String(owner.user.id), 'README.txt');
    fs.writeFileSync(foreign, 'keep me');
    for (const url of [orphan, orphan2, photo, back, trend, avatar, chat, report]) age(ctx, url, 25);
    age(ctx, recent, 23);
    fs.utimesSync(foreign, new Date(Date.now() - 100 * HOUR), new Date(Date.now() - 100 * HOUR));

    const result = await ctx.services.uploadSweep.run();

    expect(result).toEqual({ checked: 8, removed: 2 });
    expect([orphan, orphan2].map((url) => storedFileExists(ctx, url))).toEqual([false, false]);
    for (const url of [recent, photo, back, trend, avatar, chat, report]) expect(storedFileExists(ctx, url), url).toBe(true);
    expect(fs.existsSync(foreign)).toBe(true);
  });

  it('looks at a file once it passes the age, not again on every pass; a later orphan goes on the pass after its time', async () => {
    let clock = Date.now();
    const ctx = await startApp({ env: { UPLOAD_SWEEP_MS: '0' }, now: () => clock });
    const owner = await buildUser(ctx);
    const kept = await uploadImage(ctx, owner);
    await buildPhoto(ctx, owner, kept);
    clock += 30 * HOUR;

    expect(await ctx.services.uploadSweep.run()).toEqual({ checked: 1, removed: 0 });
    expect(await ctx.services.uploadSweep.run()).toEqual({ checked: 0, removed: 0 });

    const late = await uploadImage(ctx, owner);
    fs.utimesSync(path.join(ctx.config.uploadsDir, late.replace(/^\/uploads\//, '')), new Date(clock), new Date(clock)); // written "now" on the app's clock
    expect(await ctx.services.uploadSweep.run()).toEqual({ checked: 0, removed: 0 });
    clock += 24.5 * HOUR;
    expect(await ctx.services.uploadSweep.run()).toEqual({ checked: 1, removed: 1 });
    expect(storedFileExists(ctx, late)).toBe(false);
    expect(storedFileExists(ctx, kept)).toBe(true);
  });

  it('runs by itself every UPLOAD_SWEEP_MS', async () => {
    let clock = Date.now();
    const ctx = await startApp({ env: { UPLOAD_SWEEP_MS: '1000', UPLOAD_ORPHAN_HOURS: '1' }, now: () => clock });
    const owner = await buildUser(ctx);
    const orphan = await uploadImage(ctx, owner, 'dynamic');
    clock += 2 * HOUR; // passes before this saw it young; the next one after it sees it old

    const deadline = Date.now() + 15_000;
    while (storedFileExists(ctx, orphan) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));

    expect(storedFileExists(ctx, orphan)).toBe(false);
  });

  it('refuses a sweep interval under a second (other than 0, off) and an age under an hour', () => {
    expect(() => loadConfig({ UPLOAD_SWEEP_MS: '500' }, '/tmp')).toThrow(ConfigError);
    expect(() => loadConfig({ UPLOAD_ORPHAN_HOURS: '0' }, '/tmp')).toThrow(ConfigError);
    expect(loadConfig({}, '/tmp').uploads).toEqual({ sweepMs: HOUR, orphanAgeMs: 24 * HOUR });
    expect(loadConfig({ UPLOAD_SWEEP_MS: '0' }, '/tmp').uploads.sweepMs).toBe(0);
  });
});
