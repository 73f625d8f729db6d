import { DEFAULT_PERMISSIONS, PERMISSION_FLAGS, SUPPORT_ACCOUNT_ID, VIP_LEVELS } from '@kindred/protocol';
import { describe, expect, it } from 'vitest';
import { as, buildUser } from './helpers/factories.js';
import { startApp, useSharedApp } from './helpers/test-app.js';

const app = useSharedApp();

describe('POST /member/index/initdata', () => {
  it('answers the authority of every level: all 21 flags as 0/1, as the default matrix says', async () => {
    const ctx = app();
    const { token } = await buildUser(ctx);

    const res = await as(ctx, token).post('/member/index/initdata');

    expect(res.body.status).toBe(200);
    const { authority } = res.body.data;
    expect(Object.keys(authority).sort()).toEqual(['vip0', 'vip1', 'vip2']);
    for (const vip of VIP_LEVELS) {
      const level = authority[`vip${vip}`] as Record<string, number>;
      expect(Object.keys(level)).toHaveLength(21);
      expect(Object.keys(level).sort()).toEqual([...PERMISSION_FLAGS].sort());
      for (const flag of PERMISSION_FLAGS) expect(level[flag], `vip${vip} ${flag}`).toBe(DEFAULT_PERMISSIONS[vip].includes(flag) ? 1 : 0);
    }
  });

  it('grants more with each level: free < silver < gold, gold everything', async () => {
    const ctx = app();
    const { token } = await buildUser(ctx);

    const { authority } = (await as(ctx, token).post('/member/index/initdata')).body.data;

    const allowed = (level: Record<string, number>) => Object.values(level).filter((v) => v === 1).length;
    expect(allowed(authority.vip0)).toBeLessThan(allowed(authority.vip1));
    expect(allowed(authority.vip1)).toBeLessThan(allowed(authority.vip2));
    expect(allowed(authority.vip2)).toBe(21);
    expect(authority.vip0).toMatchObject({ Search_users: 0, Read_mails: 0, View_profiles: 1, Upload_photo: 1 });
  });

  it('names the support account, id 2', async () => {
    const ctx = app();
    const { token } = await buildUser(ctx);

    const res = await as(ctx, token).post('/member/index/initdata');

    expect(res.body.data.service).toEqual({ id: SUPPORT_ACCOUNT_ID, username: 'Support', avatar: '' });
  });

  it('follows the permissions table (what an administrator edits)', async () => {
    const ctx = await startApp(); // its own database: it changes the permission matrix
    const { token } = await buildUser(ctx);
    await ctx.services.repositories.permissions.set(0, 'Search_users', true);
    ctx.services.permissions.invalidate();

    const res = await as(ctx, token).post('/member/index/initdata');

    expect(res.body.data.authority.vip0.Search_users).toBe(1);
  });

  it('needs a token', async () => {
    const ctx = app();

    expect((await as(ctx).post('/member/index/initdata')).http).toBe(401);
  });
});

describe('permission checks', () => {
  it('let staff act regardless of level and members only as their level in force allows', async () => {
    const ctx = app();
    const member = await buildUser(ctx, { vip: 0 });
    const silver = await buildUser(ctx, { vip: 1, vip1_until: Date.now() + 86_400_000 });
    const lapsed = await buildUser(ctx, { vip: 1, vip1_until: Date.now() - 1 });
    const staff = await buildUser(ctx, { role: 'support', vip: 0 });
    const memberOf = async (token: string) => (await ctx.services.auth.authenticate(token))!;

    expect(await ctx.services.permissions.can(await memberOf(member.token), 'Search_users')).toBe(false);
    expect(await ctx.services.permissions.can(await memberOf(silver.token), 'Search_users')).toBe(true);
    expect(await ctx.services.permissions.can(await memberOf(lapsed.token), 'Search_users')).toBe(false);
    expect(await ctx.services.permissions.can(await memberOf(staff.token), 'Free_use_of_the_translation_function')).toBe(true);
  });
});
