import { describe, expect, it } from 'vitest';
import { as, buildUser, type BuiltUser } from './helpers/factories.js';
import { staffSignIn } from './helpers/staff.js';
import { useSharedApp, type TestApp } from './helpers/test-app.js';

const shared = useSharedApp();

async function report(ctx: TestApp, reporter: BuiltUser, reported: BuiltUser, content = 'harassment') {
  const row = await ctx.db
    .insertInto('reports')
    .values({ reporter_id: reporter.user.id, reported_id: reported.user.id, type: 2, content, img: '', email: reporter.user.email, status: 'open', result: '', handled_by: null, created_at: ctx.now(), handled_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const noticesOf = (ctx: TestApp, userId: number) => ctx.db.selectFrom('notices').selectAll().where('user_id', '=', userId).orderBy('id').execute();

describe('the reports queue', () => {
  it('shows a report with both members, their messages and earlier reports', async () => {
    const ctx = shared();
    const staff = as(ctx, await staffSignIn(ctx));
    const [reporter, reported, other] = await Promise.all([buildUser(ctx), buildUser(ctx), buildUser(ctx)]);
    const earlier = await report(ctx, other, reported, 'earlier');
    const id = await report(ctx, reporter, reported);
    await ctx.db
      .insertInto('messages')
      .values([
        { sender_id: reported.user.id, reciver_id: reporter.user.id, type: 'text', content: 'you again', img: '', client_id: 'a1', created_at: ctx.now() },
        { sender_id: reporter.user.id, reciver_id: reported.user.id, type: 'text', content: 'stop', img: '', client_id: 'a2', created_at: ctx.now() },
      ])
      .execute();
    const detail = await staff.post('/admin/api/reports/detail', { id });
    expect(detail.body.data.report).toMatchObject({ id, status: 'open', reporter: { id: reporter.user.id, username: reporter.user.username }, reported: { id: reported.user.id, standing: 'active' } });
    expect(detail.body.data.messages.map((m: { content: string }) => m.content)).toEqual(['you again', 'stop']);
    expect(detail.body.data.earlier_reports.map((r: { id: number }) => r.id)).toEqual([earlier]);
    const open = await staff.post('/admin/api/reports/list', { reported_id: reported.user.id });
    expect(open.body.data.items.map((r: { id: number }) => r.id)).toEqual([earlier, id]);
  });

  it('dismisses: the reporter is told, the reported member is not', async () => {
    const ctx = shared();
    const staff = as(ctx, await staffSignIn(ctx));
    const [reporter, reported] = await Promise.all([buildUser(ctx), buildUser(ctx)]);
    const id = await report(ctx, reporter, reported);
    const acted = await staff.post('/admin/api/reports/act', { id, action: 'dismiss', result: 'No rule was broken' });
    expect(acted.body.data).toMatchObject({ status: 'dismissed', result: 'No rule was broken', handled_by: { id: 1 } });
    expect(acted.body.data.handled_time).toBeGreaterThan(0);
    const [notice] = await noticesOf(ctx, reporter.user.id);
    expect(notice).toMatchObject({ type: 'report', status: 0 });
    expect(JSON.parse(notice!.payload)).toMatchObject({ result: 'No rule was broken' });
    expect(await noticesOf(ctx, reported.user.id)).toEqual([]);
    // Handled once: acting again is not found.
    expect((await staff.post('/admin/api/reports/act', { id, action: 'ban', result: 'again' })).http).toBe(404);
  });

  it('warns and suspends: the reported member gets a notice; a suspension signs them out', async () => {
    const ctx = shared();
    const staff = as(ctx, await staffSignIn(ctx));
    const [reporter, reported] = await Promise.all([buildUser(ctx), buildUser(ctx)]);
    await staff.post('/admin/api/reports/act', { id: await report(ctx, reporter, reported), action: 'warn', result: 'Be kind' });
    expect((await noticesOf(ctx, reported.user.id)).map((n) => JSON.parse(n.payload).result)).toEqual(['Be kind']);
    expect((await as(ctx, reported.token).post('/member/index/userinfo')).http).toBe(200);

    const suspended = await staff.post('/admin/api/reports/act', { id: await report(ctx, reporter, reported, 'again'), action: 'suspend', days: 7, result: 'Seven days off' });
    expect(suspended.body.data).toMatchObject({ status: 'resolved', reported: { standing: 'suspended' } });
    expect((await as(ctx, reported.token).post('/member/index/userinfo')).http).toBe(401);
    expect((await noticesOf(ctx, reported.user.id)).map((n) => JSON.parse(n.payload).content)).toEqual([expect.any(String), expect.stringMatching(/^Your account is suspended until \d{4}-/)]);
    expect(await noticesOf(ctx, reporter.user.id)).toHaveLength(2);
  });

  it('refuses bad input with 400, never a 500', async () => {
    const ctx = shared();
    const staff = as(ctx, await staffSignIn(ctx));
    for (const body of [{ id: 1, action: 'suspend', result: 'no days' }, { id: 1, action: 'explode', result: 'x' }, { id: 1, action: 'warn', result: '' }, { id: 1, action: 'warn', result: 'x'.repeat(501) }]) {
      expect((await staff.post('/admin/api/reports/act', body)).http).toBe(400);
    }
    expect((await staff.post('/admin/api/reports/detail', { id: 987_654 })).http).toBe(404);
  });
});
