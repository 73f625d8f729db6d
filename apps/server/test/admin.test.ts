import { UserStatus } from '@kindred/protocol';
import { describe, expect, it } from 'vitest';
import { as, buildUser, signIn } from './helpers/factories.js';
import { staffSignIn } from './helpers/staff.js';
import { useSharedApp, type TestApp } from './helpers/test-app.js';

const app = useSharedApp();

/** The administrator is the base data's account id 1, in a console session (two-step sign-in: admin-auth.test.ts). */
const adminToken = (ctx: TestApp) => staffSignIn(ctx, 1);

describe('POST /admin/api/users/pending', () => {
  it('lists the accounts waiting for approval, and only those', async () => {
    const ctx = app();
    const pending = await buildUser(ctx, { status: UserStatus.pending, country: 'SG' });
    const active = await buildUser(ctx);

    const res = await as(ctx, await adminToken(ctx)).post('/admin/api/users/pending');

    expect(res.body.status).toBe(200);
    expect(res.body.data).toContainEqual({
      id: pending.user.id,
      username: pending.user.username,
      email: pending.user.email,
      sex: pending.user.sex,
      birthday: pending.user.birthday,
      country: 'SG',
      create_time: Math.floor(pending.user.created_at / 1000),
    });
    const ids: number[] = res.body.data.map((u: { id: number }) => u.id);
    expect(ids).not.toContain(active.user.id);
    const statuses = await ctx.db.selectFrom('users').select('status').where('id', 'in', ids).execute();
    expect(statuses.every((u) => u.status === UserStatus.pending)).toBe(true);
  });

  it("is refused to members, the support account and the administrator's member session (401), and to visitors (401)", async () => {
    const ctx = app();
    const member = await buildUser(ctx, { vip: 2 });
    const support = await signIn(ctx, 2);
    const adminMemberSession = await signIn(ctx, 1);

    for (const token of [member.token, support, adminMemberSession]) {
      const res = await as(ctx, token).post('/admin/api/users/pending');
      expect(res.http).toBe(401);
      expect(res.body).toMatchObject({ status: 401, error: 'unauthorized' });
    }
    expect((await as(ctx).post('/admin/api/users/pending')).http).toBe(401);
  });
});

describe('POST /admin/api/users/approve', () => {
  it('activates a pending account, which may then use the whole app', async () => {
    const ctx = app();
    const pending = await buildUser(ctx, { status: UserStatus.pending });
    expect((await as(ctx, pending.token).post('/member/index/changesignature', { signature: 'x' })).http).toBe(403);

    const res = await as(ctx, await adminToken(ctx)).post('/admin/api/users/approve', { id: pending.user.id });

    expect(res.body).toMatchObject({ status: 200, msg: 'Approved' });
    const after = await as(ctx, pending.token).post('/member/index/changesignature', { signature: 'approved!' });
    expect(after.body).toMatchObject({ status: 200, data: { signature: 'approved!', status: 1 } });
  });

  it('answers 404 for an account that is not pending or does not exist', async () => {
    const ctx = app();
    const active = await buildUser(ctx);
    const disabled = await buildUser(ctx, { status: UserStatus.disabled });
    const admin = as(ctx, await adminToken(ctx));

    for (const id of [active.user.id, disabled.user.id, 987_654]) {
      const res = await admin.post('/admin/api/users/approve', { id });
      expect(res.http).toBe(404);
      expect(res.body).toMatchObject({ status: 404, error: 'not_found' });
    }
    expect((await ctx.services.repositories.users.findById(disabled.user.id))!.status).toBe(UserStatus.disabled);
  });

  it('approves an account once: a second approval is 404', async () => {
    const ctx = app();
    const pending = await buildUser(ctx, { status: UserStatus.pending });
    const admin = as(ctx, await adminToken(ctx));

    expect((await admin.post('/admin/api/users/approve', { id: pending.user.id })).http).toBe(200);
    expect((await admin.post('/admin/api/users/approve', { id: pending.user.id })).http).toBe(404);
  });

  it('is refused to members (401) and needs a valid id (400)', async () => {
    const ctx = app();
    const member = await buildUser(ctx);
    const pending = await buildUser(ctx, { status: UserStatus.pending });

    const refused = await as(ctx, member.token).post('/admin/api/users/approve', { id: pending.user.id });
    expect(refused.http).toBe(401);
    expect((await ctx.services.repositories.users.findById(pending.user.id))!.status).toBe(UserStatus.pending);

    const invalid = await as(ctx, await adminToken(ctx)).post('/admin/api/users/approve', { id: 'abc' });
    expect(invalid.http).toBe(400);
    expect(invalid.body.data.fields).toHaveProperty('id');
  });
});
