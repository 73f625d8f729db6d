import { describe, expect, it } from 'vitest';
import { SETTINGS_CACHE_MS } from '../src/modules/admin/live-settings.js';
import { as, buildUser } from './helpers/factories.js';
import { staffSignIn } from './helpers/staff.js';
import { startApp } from './helpers/test-app.js';

const DAY = 86_400_000;

describe('dashboard', () => {
  it('counts members and reports and charts sign-ups and money per UTC day, every day present', async () => {
    const clock = Date.UTC(2031, 2, 10, 12);
    const ctx = await startApp({ now: () => clock });
    const staff = as(ctx, await staffSignIn(ctx));
    await buildUser(ctx, { created_at: clock - 2 * DAY, last_active_at: clock });
    await buildUser(ctx, { created_at: clock - 2 * DAY });
    const buyer = await buildUser(ctx, { created_at: clock });
    const order = (amount_cents: number, pay_type: number, paid_at: number, guid: string) => ({
      user_id: buyer.user.id, gainer_id: buyer.user.id, order_type: 1, package_id: null, pay_type, amount_cents, credits: 0, status: 'paid' as const, guid, provider_ref: '', created_at: paid_at, paid_at,
    });
    await ctx.db.insertInto('orders').values([order(999, 3, clock - DAY, 'g1'), order(500, 3, clock - DAY, 'g2'), order(700, 0, clock, 'g3')]).execute();

    const res = await staff.post('/admin/api/dashboard', { days: 7 });
    expect(res.body.data).toMatchObject({ members: 3, pending_approvals: 0, open_reports: 0 });
    expect(res.body.data.online_now).toBeGreaterThanOrEqual(1);
    expect(res.body.data.signups).toHaveLength(7);
    expect(res.body.data.signups.slice(-3)).toEqual([
      { day: '2031-03-08', count: 2 },
      { day: '2031-03-09', count: 0 },
      { day: '2031-03-10', count: 1 },
    ]);
    // Paid from the balance (pay_type 0) is no new money.
    expect(res.body.data.revenue.slice(-2)).toEqual([
      { day: '2031-03-09', cents: 1499, orders: 2 },
      { day: '2031-03-10', cents: 0, orders: 0 },
    ]);
    expect((await staff.post('/admin/api/dashboard', { days: 1000 })).http).toBe(400);
  });
});

describe('settings members feel without a restart', () => {
  it('a permission change reaches members (initdata and the checks) at once on this node, within the cache time elsewhere', async () => {
    let clock = Date.UTC(2031, 0, 1);
    const ctx = await startApp({ now: () => clock });
    const staff = as(ctx, await staffSignIn(ctx));
    const member = await buildUser(ctx);
    const authority = async () => (await as(ctx, member.token).post('/member/index/initdata')).body.data.authority.vip0;
    expect((await authority()).Search_users).toBe(0);
    expect((await as(ctx, member.token).post('/member/index/search_opposite_sex', { username: 'abc' })).http).toBe(403);

    const set = await staff.post('/admin/api/permissions/set', { vip: 0, flag: 'Search_users', allowed: 1 });
    expect(set.body.data.vip0.Search_users).toBe(1);
    expect((await authority()).Search_users).toBe(1);
    expect((await as(ctx, member.token).post('/member/index/search_opposite_sex', { username: 'abc' })).http).not.toBe(403);

    // Another node's cache: a second permissions service over the same database sees it once its cache ages.
    const { PermissionsService } = await import('../src/modules/permissions/permissions.service.js');
    const elsewhere = new PermissionsService(ctx.services.repositories.permissions, () => clock);
    await elsewhere.authority();
    await staff.post('/admin/api/permissions/set', { vip: 0, flag: 'Search_users', allowed: 0 });
    clock += 5_001;
    expect((await elsewhere.authority()).vip0.Search_users).toBe(0);
  });

  it('the free-chat quota is the setting once staff set it (FREE_CHATS before), on every node within the cache time', async () => {
    let clock = Date.UTC(2031, 0, 1);
    const ctx = await startApp({ now: () => clock, env: { FREE_CHATS: '3' } });
    const staff = as(ctx, await staffSignIn(ctx));
    expect((await staff.post('/admin/api/settings/get')).body.data).toEqual({ free_chats: 3 });
    expect((await staff.post('/admin/api/settings/save', { free_chats: 0 })).body.data).toEqual({ free_chats: 0 });
    expect(await ctx.services.admin.live.freeChats()).toBe(0);

    // A free member now has no conversation to start.
    const member = await buildUser(ctx);
    const peer = await buildUser(ctx, { sex: 1 });
    const caller = (await ctx.services.auth.authenticate(member.token))!;
    await expect(ctx.services.chat.open(caller, peer.user.id, 'profile')).rejects.toMatchObject({ id: 'no_free_chat' });

    const { LiveSettings } = await import('../src/modules/admin/live-settings.js');
    const { SettingsRepository } = await import('../src/modules/admin/settings.repository.js');
    const elsewhere = new LiveSettings(new SettingsRepository(ctx.db), { freeChats: 3 }, () => clock);
    expect(await elsewhere.freeChats()).toBe(0);
    await staff.post('/admin/api/settings/save', { free_chats: 5 });
    expect(await elsewhere.freeChats()).toBe(0);
    clock += SETTINGS_CACHE_MS;
    expect(await elsewhere.freeChats()).toBe(5);
  });
});
