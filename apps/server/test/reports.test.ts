import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { as, buildUser } from './helpers/factories.js';
import { imagePart, makeImage } from './helpers/images.js';
import { startApp, useSharedApp, type TestApp } from './helpers/test-app.js';

const shared = useSharedApp({ env: { REPORT_DAILY_LIMIT: '1000' } });

const REPORT = '/member/reports/reports';
const LIST = '/member/reports/getReports';

const reportRows = (ctx: TestApp, reporterId: number) => ctx.db.selectFrom('reports').selectAll().where('reporter_id', '=', reporterId).execute();
const filesUnder = (ctx: TestApp, dir: string) => {
  const folder = path.join(ctx.config.uploadsDir, dir);
  return fs.existsSync(folder) ? fs.readdirSync(folder) : [];
};

describe('POST member/reports/reports (phone variant: userid, email, content, img)', () => {
  it('stores the report with its picture re-encoded under report/<reporter id>/ and answers it as "reports I made" shows it', async () => {
    const ctx = shared();
    const reporter = await buildUser(ctx);
    const reported = await buildUser(ctx, { username: 'Spammer77' });

    const res = await as(ctx, reporter.token).postMultipart(
      REPORT,
      { userid: String(reported.user.id), email: 'reporter@example.com', content: 'Sends links to a shop' },
      [imagePart('img', await makeImage('png', 64, 64), 'png')],
    );

    expect(res.http).toBe(200);
    expect(res.body).toMatchObject({ status: 200, msg: 'report submitted, result notified by the administrator' });
    expect(res.body.data).toMatchObject({ userid: reported.user.id, username: 'S*******7', email: 'rep*****@example.com', content: 'Sends links to a shop', type: 0, status: 'open', result: '' });
    expect(res.body.data.img).toMatch(new RegExp(`^/uploads/report/${reporter.user.id}/[A-Za-z0-9_-]+\\.(png|jpg)$`));
    expect(filesUnder(ctx, `report/${reporter.user.id}`)).toHaveLength(1);
    const [row] = await reportRows(ctx, reporter.user.id);
    expect(row).toMatchObject({ reported_id: reported.user.id, email: 'reporter@example.com', content: 'Sends links to a shop', status: 'open', img: res.body.data.img });
  });

  it('takes the picture in `file` too, and no picture at all (an empty file input is no picture)', async () => {
    const ctx = shared();
    const reporter = await buildUser(ctx);
    const [a, b] = [await buildUser(ctx), await buildUser(ctx)];
    const viaFile = await as(ctx, reporter.token).postMultipart(REPORT, { userid: String(a.user.id), email: 'r@x.io', content: 'x' }, [imagePart('file', await makeImage('jpeg', 40, 40), 'jpeg')]);
    expect(viaFile.body.data.img).toMatch(/\.jpg$/);
    const empty = await as(ctx, reporter.token).postMultipart(REPORT, { userid: String(b.user.id), email: 'r@x.io', content: 'x' }, [
      { field: 'img', filename: '', contentType: 'application/octet-stream', data: Buffer.alloc(0) },
    ]);
    expect(empty.body).toMatchObject({ status: 200, data: { img: '' } });
  });

  it('refuses a file that is not an image (not_an_image), stores no row and no file', async () => {
    const ctx = shared();
    const reporter = await buildUser(ctx);
    const reported = await buildUser(ctx);
    const res = await as(ctx, reporter.token).postMultipart(REPORT, { userid: String(reported.user.id), email: 'r@x.io', content: 'x' }, [
      { field: 'img', filename: 'evil.png', contentType: 'image/png', data: Buffer.from('#!/bin/sh\necho not an image\n') },
    ]);
    expect(res.body).toMatchObject({ status: -1, error: 'not_an_image', msg: 'Only images can be uploaded' });
    expect(await reportRows(ctx, reporter.user.id)).toHaveLength(0);
    expect(filesUnder(ctx, `report/${reporter.user.id}`)).toHaveLength(0);
  });

  it('requires e-mail and description when no type is given (the phone form): 400 naming the fields', async () => {
    const ctx = shared();
    const reporter = await buildUser(ctx);
    const reported = await buildUser(ctx);
    const none = await as(ctx, reporter.token).post(REPORT, { userid: reported.user.id });
    expect(none.http).toBe(400);
    expect(none.body.data.fields).toMatchObject({ email: 'required', content: 'required' });
    const blank = await as(ctx, reporter.token).post(REPORT, { userid: reported.user.id, email: '  ', content: 'x' });
    expect(blank.http).toBe(400);
    const badEmail = await as(ctx, reporter.token).post(REPORT, { userid: reported.user.id, email: 'nope', content: 'x' });
    expect(badEmail.http).toBe(400);
    expect(await reportRows(ctx, reporter.user.id)).toHaveLength(0);
  });
});

describe('POST member/reports/reports (desktop dialog: type and userid)', () => {
  it('accepts types 1, 2 and 3 without e-mail or description, and refuses others with 400', async () => {
    const ctx = shared();
    const reporter = await buildUser(ctx);
    for (const type of [1, 2, 3]) {
      const reported = await buildUser(ctx);
      const res = await as(ctx, reporter.token).post(REPORT, { userid: reported.user.id, type });
      expect(res.body).toMatchObject({ status: 200, data: { type, email: '', content: '' } });
    }
    const reported = await buildUser(ctx);
    for (const type of [0, 4, 'ads', -1]) expect((await as(ctx, reporter.token).post(REPORT, { userid: reported.user.id, type })).http).toBe(400);
    expect((await as(ctx, reporter.token).postJson(REPORT, { userid: reported.user.id, type: 2, content: 'x'.repeat(501) })).http).toBe(400);
    expect((await as(ctx, reporter.token).postJson(REPORT, { userid: reported.user.id, type: 2, content: 'x'.repeat(500), email: 'a@b.co' })).body.status).toBe(200);
  });
});

describe('report rules', () => {
  it('refuses reporting oneself (cannot_report_self, 400) and an unknown member (user_not_found, -1)', async () => {
    const ctx = shared();
    const me = await buildUser(ctx);
    const self = await as(ctx, me.token).post(REPORT, { userid: me.user.id, type: 1 });
    expect(self.http).toBe(400);
    expect(self.body).toMatchObject({ status: 400, error: 'cannot_report_self' });
    const ghost = await as(ctx, me.token).post(REPORT, { userid: 2_000_000_000, type: 1 });
    expect(ghost.body).toMatchObject({ status: -1, error: 'user_not_found' });
    expect(await reportRows(ctx, me.user.id)).toHaveLength(0);
  });

  it('keeps one open report per reporter and reported member; once staff closed it, a new one is taken', async () => {
    const ctx = shared();
    const reporter = await buildUser(ctx);
    const reported = await buildUser(ctx);
    expect((await as(ctx, reporter.token).post(REPORT, { userid: reported.user.id, type: 1 })).body.status).toBe(200);
    const again = await as(ctx, reporter.token).post(REPORT, { userid: reported.user.id, type: 2 });
    expect(again.body).toMatchObject({ status: -2, error: 'report_already_open' });
    // Another member may report the same member; the first reporter may report someone else.
    expect((await as(ctx, (await buildUser(ctx)).token).post(REPORT, { userid: reported.user.id, type: 1 })).body.status).toBe(200);
    expect((await as(ctx, reporter.token).post(REPORT, { userid: (await buildUser(ctx)).user.id, type: 1 })).body.status).toBe(200);

    await ctx.db.updateTable('reports').set({ status: 'resolved', result: 'warned', handled_at: ctx.now() }).where('reporter_id', '=', reporter.user.id).execute();
    expect((await as(ctx, reporter.token).post(REPORT, { userid: reported.user.id, type: 3 })).body.status).toBe(200);
  });

  it('stores one report when the same report is sent twice at once (the database holds the rule)', async () => {
    const ctx = shared();
    const reporter = await buildUser(ctx);
    const reported = await buildUser(ctx);
    const answers = await Promise.all([1, 2, 3, 1].map((type) => as(ctx, reporter.token).post(REPORT, { userid: reported.user.id, type })));
    expect(answers.filter((a) => a.body.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.body.error === 'report_already_open')).toHaveLength(3);
    expect(await reportRows(ctx, reporter.user.id)).toHaveLength(1);
  });

  it('caps the reports of one member per 24 hours at REPORT_DAILY_LIMIT (report_daily_limit, -3); a day later they may again', async () => {
    let clock = Date.UTC(2025, 0, 10, 12);
    const ctx = await startApp({ env: { REPORT_DAILY_LIMIT: '3' }, now: () => clock });
    const reporter = await buildUser(ctx);
    const targets = await Promise.all([1, 2, 3, 4, 5].map(() => buildUser(ctx)));
    for (const target of targets.slice(0, 3)) expect((await as(ctx, reporter.token).post(REPORT, { userid: target.user.id, type: 1 })).body.status).toBe(200);
    const capped = await as(ctx, reporter.token).post(REPORT, { userid: targets[3]!.user.id, type: 1 });
    expect(capped.body).toMatchObject({ status: -3, error: 'report_daily_limit' });
    // The cap is the reporter's: others may still report.
    expect((await as(ctx, (await buildUser(ctx)).token).post(REPORT, { userid: targets[3]!.user.id, type: 1 })).body.status).toBe(200);

    clock += 24 * 3_600_000;
    expect((await as(ctx, reporter.token).post(REPORT, { userid: targets[4]!.user.id, type: 1 })).body.status).toBe(200);
  });

  it('answers 401 to visitors and never reads their file', async () => {
    const ctx = shared();
    const reported = await buildUser(ctx);
    const res = await as(ctx).postMultipart(REPORT, { userid: String(reported.user.id), email: 'a@b.co', content: 'x' }, [imagePart('img', await makeImage('png', 8, 8), 'png')]);
    expect(res.http).toBe(401);
    expect((await as(ctx).post(LIST, { type: 1 })).http).toBe(401);
  });
});

describe('POST /member/reports/getReports', () => {
  it('type 1: the reports I made, newest first, the reported name and my e-mail masked, with the result', async () => {
    const ctx = shared();
    const reporter = await buildUser(ctx);
    const first = await buildUser(ctx, { username: 'Xy' });
    const second = await buildUser(ctx, { username: 'Bob' });
    await as(ctx, reporter.token).post(REPORT, { userid: first.user.id, email: 'alice@mail.test', content: 'rude' });
    await as(ctx, reporter.token).post(REPORT, { userid: second.user.id, type: 1 });
    await ctx.db.updateTable('reports').set({ status: 'resolved', result: 'The member was warned' }).where('reported_id', '=', first.user.id).execute();

    const res = await as(ctx, reporter.token).post(LIST, { type: 1 });
    expect(res.body.status).toBe(200);
    expect(res.body.data).toMatchObject({ page: 1, last_page: 1 });
    expect(res.body.data.data).toEqual([
      expect.objectContaining({ userid: second.user.id, username: 'B*b', email: '', type: 1, status: 'open', result: '' }),
      expect.objectContaining({ userid: first.user.id, username: '**', email: 'ali**@mail.test', content: 'rude', status: 'resolved', result: 'The member was warned', avatar: first.user.avatar }),
    ]);
  });

  it('type 2: the reports against me keep the reporter anonymous (no id, no avatar, masked name and e-mail, no result)', async () => {
    const ctx = await startApp();
    const me = await buildUser(ctx);
    const one = await buildUser(ctx, { username: 'a', avatar: '/uploads/avatar/9/x.png' });
    const two = await buildUser(ctx, { username: 'ab' });
    const three = await buildUser(ctx, { username: 'abc' });
    await as(ctx, one.token).post(REPORT, { userid: me.user.id, email: 'a@x.io', content: 'one' });
    await as(ctx, two.token).post(REPORT, { userid: me.user.id, email: 'abcd@x.io', content: 'two' });
    await as(ctx, three.token).post(REPORT, { userid: me.user.id, type: 2 });
    await ctx.db.updateTable('reports').set({ status: 'resolved', result: 'private to the reporter' }).where('reporter_id', '=', one.user.id).execute();

    const res = await as(ctx, me.token).post(LIST, { type: 2 });
    const rows = res.body.data.data as Record<string, unknown>[];
    expect(rows.map((r) => [r.username, r.email])).toEqual([
      ['a*c', ''],
      ['**', 'abc*@x.io'],
      ['*', 'a@x.io'],
    ]);
    for (const row of rows) expect(row).toMatchObject({ userid: 0, avatar: '', result: '' });
    expect(JSON.stringify(res.body)).not.toMatch(/"abc"|"ab"|private to the reporter|\/uploads\/avatar\/9/);
    // Nothing against the reporters themselves.
    expect((await as(ctx, one.token).post(LIST, { type: 2 })).body.data.data).toEqual([]);
  });

  it('pages by 20 and refuses other types with 400', async () => {
    const ctx = shared();
    const reported = await buildUser(ctx);
    for (let i = 0; i < 21; i++) await as(ctx, (await buildUser(ctx)).token).post(REPORT, { userid: reported.user.id, type: 1 });
    const page2 = await as(ctx, reported.token).post(LIST, { type: 2, page: 2 });
    expect(page2.body.data).toMatchObject({ page: 2, last_page: 2 });
    expect(page2.body.data.data).toHaveLength(1);
    for (const type of [0, 3, 'x']) expect((await as(ctx, reported.token).post(LIST, { type })).http).toBe(400);
  });
});
