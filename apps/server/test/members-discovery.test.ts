import { LIMITS } from '@kindred/protocol';
import { describe, expect, it } from 'vitest';
import { as, buildUser } from './helpers/factories.js';
import {
  activeLongAgo,
  activeNow,
  buildBackPhoto,
  buildLike,
  buildMan,
  buildMembers,
  buildTrend,
  buildVip,
  buildWoman,
  emptyCommunity,
  idsOf,
  setPermission,
} from './helpers/discovery-factories.js';
import { prefixUpperBound } from '../src/modules/members/member-filters.js';
import { startApp, useSharedApp } from './helpers/test-app.js';

/**
 * The other member calls (members.test.ts has userlist and its filters). Lists start from an empty
 * community in this file's app; tests that change the permission matrix get their own app.
 */
const shared = useSharedApp();
const fresh = () => emptyCommunity(shared());

describe('POST /member/index/onlinelist, new_opposite_sex, memberwall', () => {
  it('onlinelist: the online filter, with the viewer-dependent invisible rule', async () => {
    const ctx = await fresh();
    const man = await buildMan(ctx);
    const visible = await buildWoman(ctx, { last_active_at: activeNow(ctx, 1) });
    await buildWoman(ctx, { is_yin: 0, last_active_at: activeNow(ctx, 2) });
    await buildWoman(ctx, { last_active_at: activeLongAgo(ctx) });

    const res = await as(ctx, man.token).post('/member/index/onlinelist');

    expect(res.body.status).toBe(200);
    expect(idsOf(res.body)).toEqual([visible.user.id]);
    expect(res.body.data).toMatchObject({ user: { vip: 0 }, last_page: 1 });
    expect((await as(ctx, man.token).post('/member/index/onlinelist', { page: 2 })).body.error).toBe('need_upgrade');
  });

  it('new_opposite_sex: members of the other sex, newest registration first', async () => {
    const ctx = await fresh();
    const man = await buildMan(ctx);
    const woman = await buildWoman(ctx);
    const first = await buildWoman(ctx);
    await buildMan(ctx);
    const second = await buildWoman(ctx);

    const forMan = await as(ctx, man.token).post('/member/index/new_opposite_sex');
    const forWoman = await as(ctx, woman.token).post('/member/index/new_opposite_sex');

    expect(idsOf(forMan.body)).toEqual([second.user.id, first.user.id, woman.user.id]);
    expect(forWoman.body.data.data.every((m: { sex: number }) => m.sex === 1)).toBe(true);
    expect(forWoman.body.data.data.map((m: { id: number }) => m.id)).not.toContain(woman.user.id);
  });

  it('memberwall: recently active members with an avatar, at most memberWallSize', async () => {
    const ctx = await fresh();
    const viewer = await buildUser(ctx, { avatar: '/uploads/avatar/1/me.png' });
    const withFace = await buildMembers(ctx, LIMITS.memberWallSize + 2, (i) => ({ avatar: `/uploads/avatar/${i}/a.png` }));
    await buildUser(ctx, { avatar: '', last_active_at: activeNow(ctx) });

    const res = await as(ctx, viewer.token).post('/member/index/memberwall');

    expect(res.body.status).toBe(200);
    expect(idsOf(res.body)).toEqual(withFace.slice(0, LIMITS.memberWallSize).map((m) => m.user.id));
  });
});

describe('POST /member/index/search_opposite_sex', () => {
  it('finds members of the other sex by username prefix', async () => {
    const ctx = await fresh();
    const man = await buildVip(ctx, 1, { sex: 1 });
    const lina = await buildWoman(ctx, { username: 'Lina88' });
    await buildMan(ctx, { username: 'Linus' });

    const res = await as(ctx, man.token).post('/member/index/search_opposite_sex', { username: 'lin' });

    expect(res.body.status).toBe(200);
    expect(idsOf(res.body)).toEqual([lina.user.id]);
  });

  it('answers -1 "No users found" when nobody matches, and 400 for an empty name', async () => {
    const ctx = shared();
    const man = await buildVip(ctx, 1, { sex: 1 });

    const none = await as(ctx, man.token).post('/member/index/search_opposite_sex', { username: 'zzzzqqq9' });
    const empty = await as(ctx, man.token).post('/member/index/search_opposite_sex', { username: '   ' });

    expect(none.body).toMatchObject({ status: -1, msg: 'No users found', error: 'no_users_found' });
    expect(empty.http).toBe(400);
  });

  it('needs Search_users: 403 for free members by default, allowed once the matrix grants it', async () => {
    const ctx = await startApp();
    const free = await buildMan(ctx, { vip: 0 });
    await buildWoman(ctx, { username: 'Mei5' });

    const denied = await as(ctx, free.token).post('/member/index/search_opposite_sex', { username: 'mei' });
    await setPermission(ctx, 0, 'Search_users', true);
    const allowed = await as(ctx, free.token).post('/member/index/search_opposite_sex', { username: 'mei' });

    expect([denied.http, denied.body.status]).toEqual([403, 403]);
    expect(allowed.body.status).toBe(200);
  });
});

describe('POST /member/index/recommend', () => {
  it('ranks opposite sex first, then online, then with an avatar, then recent activity; never liked members or the viewer', async () => {
    const ctx = await fresh();
    const face = (n: number) => `/uploads/avatar/${n}/a.png`;
    const viewer = await buildMan(ctx, { avatar: face(1) });
    const sameSexOnline = await buildMan(ctx, { avatar: face(2), last_active_at: activeNow(ctx, 0) });
    const offlineOld = await buildWoman(ctx, { avatar: face(3), last_active_at: activeLongAgo(ctx, 9) });
    const onlineNoAvatar = await buildWoman(ctx, { avatar: '', last_active_at: activeNow(ctx, 1) });
    const offlineNoAvatar = await buildWoman(ctx, { avatar: '', last_active_at: activeLongAgo(ctx, 1) });
    const onlineWithAvatar = await buildWoman(ctx, { avatar: face(4), last_active_at: activeNow(ctx, 2) });
    const offlineRecent = await buildWoman(ctx, { avatar: face(5), last_active_at: activeLongAgo(ctx, 2) });
    // Online but invisible: to a man she ranks as offline (the ranking must not reveal her).
    const invisible = await buildWoman(ctx, { avatar: face(6), is_yin: 0, last_active_at: activeNow(ctx, 0) });
    const liked = await buildWoman(ctx, { avatar: face(7), last_active_at: activeNow(ctx, 0) });
    await buildLike(ctx, viewer, liked);
    await buildUser(ctx, { role: 'support', sex: 0 });

    const res = await as(ctx, viewer.token).post('/member/index/recommend');

    expect(res.body.status).toBe(200);
    expect(idsOf(res.body)).toEqual(
      [onlineWithAvatar, onlineNoAvatar, invisible, offlineRecent, offlineOld, offlineNoAvatar, sameSexOnline].map((u) => u.user.id),
    );
    expect(res.body.data).toMatchObject({ page: 1, last_page: 1, total: 7 });
  });

  it('pages like the other member lists: vip 0 gets page 1 only', async () => {
    const ctx = await fresh();
    const free = await buildMan(ctx);
    const silver = await buildVip(ctx, 1, { sex: 1 });
    await buildMembers(ctx, 25);

    expect((await as(ctx, free.token).post('/member/index/recommend', { page: 2 })).body.status).toBe(-5);
    const second = await as(ctx, silver.token).post('/member/index/recommend', { page: 2 });
    expect(second.body.data.data).toHaveLength(6);
    expect(second.body.data.last_page).toBe(2);
  });
});

describe('POST /member/index/userdetail', () => {
  it('answers the profile: card fields, is_like, likecount, backphotos, newfeedcount', async () => {
    const ctx = shared();
    const viewer = await buildMan(ctx);
    const target = await buildWoman(ctx, { signature: 'sig', country: 'TW', last_active_at: activeNow(ctx, 1) });
    await buildLike(ctx, viewer, target);
    await buildLike(ctx, (await buildMan(ctx)).user.id, target);
    const older = await buildBackPhoto(ctx, target, `/uploads/photo/${target.user.id}/b1.jpg`);
    const newer = await buildBackPhoto(ctx, target, `/uploads/photo/${target.user.id}/b2.jpg`);
    await buildTrend(ctx, target);

    const res = await as(ctx, viewer.token).post('/member/index/userdetail', { id: target.user.id });

    expect(res.body.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: target.user.id,
      username: target.user.username,
      sex: 0,
      country: 'TW',
      signature: 'sig',
      is_online: 1,
      is_like: 1,
      likecount: 2,
      newfeedcount: 1,
      last_login_time: 0,
      backphotos: [
        { id: newer, img: `/uploads/photo/${target.user.id}/b2.jpg` },
        { id: older, img: `/uploads/photo/${target.user.id}/b1.jpg` },
      ],
    });
    expect(res.body.data).not.toHaveProperty('email');
  });

  it('shows the last-active time (seconds) only to female viewers, and only of members offline to them', async () => {
    const ctx = shared();
    const lastActive = activeLongAgo(ctx, 2);
    const offline = await buildMan(ctx, { last_active_at: lastActive });
    const online = await buildMan(ctx, { last_active_at: activeNow(ctx, 1) });
    const invisibleOnline = await buildWoman(ctx, { is_yin: 0, last_active_at: activeNow(ctx, 1) });
    const woman = await buildWoman(ctx);
    const man = await buildMan(ctx);
    const detail = async (viewer: { token: string }, target: { user: { id: number } }) =>
      (await as(ctx, viewer.token).post('/member/index/userdetail', { id: target.user.id })).body.data;

    expect((await detail(woman, offline)).last_login_time).toBe(Math.floor(lastActive / 1000));
    expect((await detail(woman, online)).last_login_time).toBe(0);
    expect((await detail(man, offline)).last_login_time).toBe(0);
    // A female viewer sees an invisible woman online (no last-active time); a man sees her offline, without a time.
    expect(await detail(woman, invisibleOnline)).toMatchObject({ is_online: 1, is_yin: 0, last_login_time: 0 });
    expect(await detail(man, invisibleOnline)).toMatchObject({ is_online: 0, is_yin: 0, last_login_time: 0 });
  });

  it('answers -1 "User does not exist" for unknown, pending and disabled accounts', async () => {
    const ctx = shared();
    const viewer = await buildUser(ctx);
    const pending = await buildUser(ctx, { status: 2 });
    const disabled = await buildUser(ctx, { status: 3 });

    for (const id of [pending.user.id, disabled.user.id, 999_999]) {
      expect((await as(ctx, viewer.token).post('/member/index/userdetail', { id })).body).toMatchObject({ status: -1, error: 'user_not_found' });
    }
  });

  it("answers the member's own profile too (the own newsfeed page uses it)", async () => {
    const ctx = shared();
    const viewer = await buildUser(ctx);

    const res = await as(ctx, viewer.token).post('/member/index/userdetail', { id: viewer.user.id });

    expect(res.body.data).toMatchObject({ id: viewer.user.id, is_like: 0, likecount: 0 });
  });

  it('needs View_profiles: 403 once the matrix takes it from free members', async () => {
    const ctx = await startApp();
    const viewer = await buildUser(ctx);
    const target = await buildUser(ctx);
    await setPermission(ctx, 0, 'View_profiles', false);

    const res = await as(ctx, viewer.token).post('/member/index/userdetail', { id: target.user.id });

    expect([res.http, res.body.status, res.body.error]).toEqual([403, 403, 'no_permission']);
  });

  it('refuses a pending account with -3 before anything else', async () => {
    const ctx = shared();
    const pending = await buildUser(ctx, { status: 2 });
    const target = await buildUser(ctx);

    expect((await as(ctx, pending.token).post('/member/index/userdetail', { id: target.user.id })).body.status).toBe(-3);
  });
});

describe('prefixUpperBound (the username search range)', () => {
  it('is the next key over letters and digits, carrying past z; none after all z', () => {
    expect(prefixUpperBound('ann')).toBe('ano');
    expect(prefixUpperBound('an9')).toBe('ana');
    expect(prefixUpperBound('anz')).toBe('ao');
    expect(prefixUpperBound('a9z')).toBe('aa');
    expect(prefixUpperBound('zz')).toBeNull();
  });
});
