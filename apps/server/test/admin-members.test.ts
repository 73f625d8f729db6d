import { UserStatus } from '@kindred/protocol';
import { describe, expect, it } from 'vitest';
import { as, buildUser, DEFAULT_PASSWORD } from './helpers/factories.js';
import { staffSignIn } from './helpers/staff.js';
import { startApp, useSharedApp, type TestApp } from './helpers/test-app.js';

const shared = useSharedApp();

async function chatListOf(ctx: TestApp, token: string): Promise<number[]> {
  const member = await ctx.services.auth.authenticate(token);
  return (await ctx.services.chat.catchUp(member!)).contacts.map((c) => c.uid);
}

async function converse(ctx: TestApp, a: number, b: number) {
  const now = ctx.now();
  for (const [user_id, peer_id] of [[a, b], [b, a]] as const) {
    await ctx.db.insertInto('conversations').values({ user_id, peer_id, unread: 0, last_message_id: null, cleared_before_id: 0, hidden: 0, updated_at: now }).execute();
  }
}

describe('suspending and banning a member', () => {
  it('signs the member out, refuses sign-in with the date, and hides them from lists, search and chat lists until lifted', async () => {
    const ctx = shared();
    const staff = as(ctx, await staffSignIn(ctx));
    const name = `Zed${Date.now().toString(36)}`;
    const target = await buildUser(ctx, { username: name, sex: 1, last_active_at: ctx.now() });
    const viewer = await buildUser(ctx, { sex: 0, vip: 2 });
    await converse(ctx, viewer.user.id, target.user.id);
    const seenIn = async () => ({
      list: (await as(ctx, viewer.token).post('/member/index/userlist', { username: name })).body.data.data.map((m: { id: number }) => m.id),
      search: ((await as(ctx, viewer.token).post('/member/index/search_opposite_sex', { username: name })).body.data?.data ?? []).map((m: { id: number }) => m.id),
      chat: await chatListOf(ctx, viewer.token),
    });
    expect(await seenIn()).toEqual({ list: [target.user.id], search: [target.user.id], chat: [target.user.id] });

    const suspended = await staff.post('/admin/api/members/suspend', { id: target.user.id, days: 3, reason: 'spam' });
    expect(suspended.body.data).toMatchObject({ standing: 'suspended', status: UserStatus.suspended });
    const until = suspended.body.data.suspended_until;
    expect(until).toBeGreaterThan(Math.floor(ctx.now() / 1000) + 3 * 86_400 - 5);

    expect((await as(ctx, target.token).post('/member/index/userinfo')).http).toBe(401);
    const signIn = await as(ctx).post('/member/index/login', { account: name, password: DEFAULT_PASSWORD });
    expect(signIn.body).toMatchObject({ status: -6, error: 'account_suspended', data: { until } });
    expect(signIn.body.msg).toContain(new Date(until * 1000).toISOString().slice(0, 10));
    expect(await seenIn()).toEqual({ list: [], search: [], chat: [] });

    await staff.post('/admin/api/members/ban', { id: target.user.id, reason: 'fraud' });
    expect((await as(ctx).post('/member/index/login', { account: name, password: DEFAULT_PASSWORD })).body).toMatchObject({ status: -7, error: 'account_banned' });

    expect((await staff.post('/admin/api/members/unban', { id: target.user.id })).body.data).toMatchObject({ standing: 'active', suspended_until: 0, banned_time: 0 });
    expect((await as(ctx).post('/member/index/login', { account: name, password: DEFAULT_PASSWORD })).body.status).toBe(200);
    expect(await seenIn()).toEqual({ list: [target.user.id], search: [target.user.id], chat: [target.user.id] });
  });

  it('lets a suspension run out by itself (sign-in lifts it; the sweep lifts it for the lists)', async () => {
    let clock = Date.UTC(2030, 5, 1);
    const ctx = await startApp({ now: () => clock });
    const staff = as(ctx, await staffSignIn(ctx));
    const a = await buildUser(ctx);
    const b = await buildUser(ctx);
    for (const m of [a, b]) await staff.post('/admin/api/members/suspend', { id: m.user.id, days: 1, reason: 'cool off' });
    clock += 86_400_000 + 1;
    expect((await as(ctx).post('/member/index/login', { account: a.user.username, password: DEFAULT_PASSWORD })).body.status).toBe(200);
    expect(await ctx.services.admin.members.liftEndedSuspensions()).toBe(1);
    expect((await ctx.services.repositories.users.findById(b.user.id))!.status).toBe(UserStatus.active);
  });

  it('never disciplines staff accounts, and answers 404 for unknown members and 400 for bad input', async () => {
    const ctx = shared();
    const staff = as(ctx, await staffSignIn(ctx));
    expect((await staff.post('/admin/api/members/ban', { id: 2, reason: 'x' })).body).toMatchObject({ status: 403, error: 'staff_target_refused' });
    expect((await staff.post('/admin/api/members/suspend', { id: 987_654, days: 1, reason: 'x' })).http).toBe(404);
    for (const body of [{ id: 5, days: 0, reason: 'x' }, { id: 5, days: 2, reason: '' }, { id: 'x', days: 2, reason: 'y' }]) {
      expect((await staff.post('/admin/api/members/suspend', body)).http).toBe(400);
    }
  });
});

describe('member tools', () => {
  it('grants and deducts credits through the ledger, never below zero', async () => {
    const ctx = shared();
    const staff = as(ctx, await staffSignIn(ctx));
    const m = await buildUser(ctx, { credits: 500 });
    expect((await staff.post('/admin/api/members/credits', { id: m.user.id, direction: 'grant', amount: 250, reason: 'goodwill' })).body.data.credits).toBe(750);
    const over = await staff.post('/admin/api/members/credits', { id: m.user.id, direction: 'deduct', amount: 10_000, reason: 'oops' });
    expect(over.body.error).toBe('insufficient_credits');
    expect((await staff.post('/admin/api/members/credits', { id: m.user.id, direction: 'deduct', amount: 50, reason: 'fix' })).body.data.credits).toBe(700);
    const ledger = await staff.post('/admin/api/members/ledger', { id: m.user.id });
    expect(ledger.body.data.items.map((l: { reason: string; delta: number }) => [l.reason, l.delta])).toEqual([
      ['admin_deduct', -50],
      ['admin_grant', 250],
    ]);
  });

  it('verifies, extends a membership, lists and ends sessions, finds members', async () => {
    const ctx = shared();
    const staff = as(ctx, await staffSignIn(ctx));
    const m = await buildUser(ctx);
    expect((await staff.post('/admin/api/members/verify', { id: m.user.id, verified: 1 })).body.data.is_auth).toBe(1);
    const extended = await staff.post('/admin/api/members/membership', { id: m.user.id, vip: 2, months: 2 });
    expect(extended.body.data.vip).toBe(2);
    expect(extended.body.data.overduedate_2).toBeGreaterThan(Math.floor(ctx.now() / 1000) + 59 * 86_400);
    const sessions = await staff.post('/admin/api/members/sessions', { id: m.user.id });
    expect(sessions.body.data).toHaveLength(1);
    expect((await staff.post('/admin/api/members/end_sessions', { id: m.user.id, session_ids: String(sessions.body.data[0].id) })).body.data).toEqual({ ended: 1 });
    expect((await as(ctx, m.token).post('/member/index/userinfo')).http).toBe(401);
    const found = await staff.post('/admin/api/members/search', { q: m.user.username.toUpperCase() });
    expect(found.body.data.items.map((u: { id: number }) => u.id)).toEqual([m.user.id]);
    const detail = await staff.post('/admin/api/members/detail', { id: m.user.id });
    expect(detail.body.data).toMatchObject({ id: m.user.id, is_auth: 1, sessions: 0, reports_against: 0 });
  });

  it('approves and refuses pending accounts in bulk, skipping the others', async () => {
    const ctx = shared();
    const staff = as(ctx, await staffSignIn(ctx));
    const [p1, p2, p3] = await Promise.all([1, 2, 3].map(() => buildUser(ctx, { status: UserStatus.pending })));
    const active = await buildUser(ctx);
    const approved = await staff.post('/admin/api/approvals/decide', { ids: `${p1!.user.id},${p2!.user.id},${active.user.id}`, decision: 'approve' });
    expect(approved.body.data).toEqual({ done: [p1!.user.id, p2!.user.id].sort((a, b) => a - b), skipped: [active.user.id] });
    const refused = await staff.postJson('/admin/api/approvals/decide', { ids: [p3!.user.id], decision: 'refuse' });
    expect(refused.body.data.done).toEqual([p3!.user.id]);
    expect((await ctx.services.repositories.users.findById(p3!.user.id))!.status).toBe(UserStatus.disabled);
    expect((await staff.post('/admin/api/approvals/decide', { ids: '1,,2', decision: 'approve' })).http).toBe(400);
  });
});
