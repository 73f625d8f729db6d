import { describe, expect, it } from 'vitest';
import { as, buildUser, yearsAgo, type BuiltUser } from './helpers/factories.js';
import { imagePart, makeImage } from './helpers/images.js';
import { useSharedApp, type TestApp } from './helpers/test-app.js';

const app = useSharedApp();

const DAY = 86_400_000;

const trendTypes = async (ctx: TestApp, userId: number) =>
  (await ctx.db.selectFrom('trends').select('type').where('user_id', '=', userId).orderBy('id').execute()).map((t) => t.type);

/** The fields /member/index/profile requires, as the member has them now. */
const currentProfile = ({ user }: BuiltUser) => ({ email: user.email, sex: user.sex, birthday: user.birthday });

async function uploadAvatar(ctx: TestApp, token: string): Promise<string> {
  const res = await as(ctx, token).postMultipart('/member/index/uploadImg', {}, [imagePart('img', await makeImage('png', 320, 320), 'png')]);
  expect(res.body.status).toBe(200);
  return res.body.data.url as string;
}

describe('POST /member/index/userinfo and /member/index/info', () => {
  it("answer the caller's own record with the spec's fields and no secrets", async () => {
    const ctx = app();
    const member = await buildUser(ctx, { sex: 1, country: 'JP', signature: 'hi', credits: 12_345, is_auth: 1 });

    for (const path of ['/member/index/userinfo', '/member/index/info']) {
      const res = await as(ctx, member.token).post(path);
      expect(res.body).toMatchObject({
        status: 200,
        data: {
          id: member.user.id,
          username: member.user.username,
          email: member.user.email,
          sex: 1,
          gender: 1,
          birthday: member.user.birthday,
          country: 'JP',
          vip: 0,
          signature: 'hi',
          amount: 123.45,
          invitation_code: member.user.invitation_code,
          status: 1,
          is_yin: 1,
          is_auth: 1,
          is_online: 1,
          overduedate_1: 0,
          overduedate_2: 0,
        },
      });
      expect(res.body.data).not.toHaveProperty('token');
      expect(res.raw).not.toContain('scrypt$');
    }
  });

  it('counts the newsfeed items of the member as newfeedcount', async () => {
    const ctx = app();
    const member = await buildUser(ctx);
    for (const type of [0, 1, 1] as const) await ctx.services.repositories.trends.insert({ user_id: member.user.id, type, created_at: Date.now() });

    const res = await as(ctx, member.token).post('/member/index/info');

    expect(res.body.data.newfeedcount).toBe(3);
  });

  it('reports the level in force: lapsed gold falls back to running silver, expiries in seconds', async () => {
    const ctx = app();
    const now = Date.now();
    const member = await buildUser(ctx, { vip: 2, vip2_until: now - DAY, vip1_until: now + 10 * DAY });

    const res = await as(ctx, member.token).post('/member/index/info');

    expect(res.body.data).toMatchObject({ vip: 1, overduedate_1: Math.floor((now + 10 * DAY) / 1000), overduedate_2: Math.floor((now - DAY) / 1000) });
  });

  it('reports vip 0 once every paid period has ended', async () => {
    const ctx = app();
    const member = await buildUser(ctx, { vip: 1, vip1_until: Date.now() - 1000 });

    expect((await as(ctx, member.token).post('/member/index/info')).body.data.vip).toBe(0);
  });
});

describe('POST /member/index/profile', () => {
  it('updates e-mail, sex and birthday and writes the "edited profile" trend (type 3)', async () => {
    const ctx = app();
    const member = await buildUser(ctx, { sex: 0 });
    const birthday = yearsAgo(40);

    const res = await as(ctx, member.token).post('/member/index/profile', { email: 'New.Address@Example.test', sex: 1, birthday, password: member.password });

    expect(res.body).toMatchObject({ status: 200, msg: 'Modified success', data: { email: 'new.address@example.test', sex: 1, birthday } });
    expect(await trendTypes(ctx, member.user.id)).toEqual([3]);
    expect((await as(ctx, member.token).post('/member/index/userinfo')).body.data).toMatchObject({ email: 'new.address@example.test', sex: 1, birthday });
  });

  it('writes no trend when nothing changed', async () => {
    const ctx = app();
    const member = await buildUser(ctx);

    const res = await as(ctx, member.token).post('/member/index/profile', currentProfile(member));

    expect(res.body.status).toBe(200);
    expect(await trendTypes(ctx, member.user.id)).toEqual([]);
  });

  it('sets the avatar to an image the member uploaded and writes the "avatar changed" trend (type 2)', async () => {
    const ctx = app();
    const member = await buildUser(ctx);
    const url = await uploadAvatar(ctx, member.token);

    const res = await as(ctx, member.token).post('/member/index/profile', { ...currentProfile(member), avatar: url });

    expect(res.body).toMatchObject({ status: 200, data: { avatar: url } });
    const trends = await ctx.db.selectFrom('trends').select(['type', 'img']).where('user_id', '=', member.user.id).execute();
    expect(trends).toEqual([{ type: 2, img: url }]);
  });

  it('takes the avatar as avatar2 too (the desktop name for it)', async () => {
    const ctx = app();
    const member = await buildUser(ctx);
    const url = await uploadAvatar(ctx, member.token);

    const res = await as(ctx, member.token).post('/member/index/profile', { ...currentProfile(member), avatar2: url });

    expect(res.body.data.avatar).toBe(url);
  });

  it("answers -2 to another member's image or any path that is not an own upload, and keeps the avatar", async () => {
    const ctx = app();
    const member = await buildUser(ctx, { avatar: '' });
    const other = await buildUser(ctx);
    const othersUpload = await uploadAvatar(ctx, other.token);
    const ownUpload = await uploadAvatar(ctx, member.token);

    for (const avatar of [
      othersUpload,
      'https://evil.example/pic.png',
      'javascript:alert(1)',
      `/uploads/avatar/${member.user.id}/../${other.user.id}/x.png`,
      `${ownUpload}?x=1`,
      `/uploads/avatar/${member.user.id}/pic.svg`,
      '/etc/passwd',
    ]) {
      const res = await as(ctx, member.token).post('/member/index/profile', { ...currentProfile(member), avatar });
      expect(res.body, avatar).toMatchObject({ status: -2, error: 'avatar_not_owned' });
    }
    expect((await as(ctx, member.token).post('/member/index/userinfo')).body.data.avatar).toBe('');
    expect(await trendTypes(ctx, member.user.id)).toEqual([]);
  });

  it("answers -1 to another member's e-mail address, in any case", async () => {
    const ctx = app();
    const member = await buildUser(ctx);
    const other = await buildUser(ctx);

    const res = await as(ctx, member.token).post('/member/index/profile', { ...currentProfile(member), email: other.user.email.toUpperCase(), password: member.password });

    expect(res.http).toBe(200);
    expect(res.body).toMatchObject({ status: -1, error: 'profile_email_taken' });
    expect((await as(ctx, member.token).post('/member/index/userinfo')).body.data.email).toBe(member.user.email);
  });

  it('requires a well-formed e-mail, sex 0/1 and an adult birthday (HTTP 400)', async () => {
    const ctx = app();
    const member = await buildUser(ctx);

    for (const [patch, field] of [
      [{ email: '' }, 'email'],
      [{ email: 'broken' }, 'email'],
      [{ sex: 3 }, 'sex'],
      [{ birthday: undefined }, 'birthday'],
      [{ birthday: yearsAgo(12) }, 'birthday'],
    ] as const) {
      const res = await as(ctx, member.token).post('/member/index/profile', { ...currentProfile(member), ...patch });
      expect(res.http, JSON.stringify(patch)).toBe(400);
      expect(res.body.data.fields).toHaveProperty(field);
    }
  });
});

describe('POST /member/index/changesignature', () => {
  it('stores a signature of up to 30 characters, CJK included', async () => {
    const ctx = app();
    const member = await buildUser(ctx);

    for (const signature of ['s'.repeat(30), '我'.repeat(30), '今天天氣很好，一起喝杯咖啡吧！']) {
      const res = await as(ctx, member.token).post('/member/index/changesignature', { signature });
      expect(res.body).toMatchObject({ status: 200, msg: 'Modified success', data: { signature } });
    }
    expect((await as(ctx, member.token).post('/member/index/userinfo')).body.data.signature).toBe('今天天氣很好，一起喝杯咖啡吧！');
  });

  it('refuses 31 characters with HTTP 400 and keeps the old signature', async () => {
    const ctx = app();
    const member = await buildUser(ctx, { signature: 'before' });

    for (const signature of ['s'.repeat(31), '我'.repeat(31)]) {
      const res = await as(ctx, member.token).post('/member/index/changesignature', { signature });
      expect(res.http).toBe(400);
      expect(res.body.data.fields).toHaveProperty('signature');
    }
    expect((await as(ctx, member.token).post('/member/index/userinfo')).body.data.signature).toBe('before');
  });

  it('clears the signature when it is empty', async () => {
    const ctx = app();
    const member = await buildUser(ctx, { signature: 'before' });

    const res = await as(ctx, member.token).post('/member/index/changesignature', { signature: '' });

    expect(res.body.data.signature).toBe('');
  });
});

describe('POST /member/index/lang', () => {
  it("keeps the member's interface language (en, zh-CN, zh-TW) and refuses others", async () => {
    const ctx = app();
    const member = await buildUser(ctx);

    expect((await as(ctx, member.token).post('/member/index/lang', { lang: 'zh-CN' })).body.data.lang).toBe('zh-CN');
    const refused = await as(ctx, member.token).post('/member/index/lang', { lang: 'fr' });
    expect(refused.http).toBe(400);
    expect(refused.body.data.fields).toHaveProperty('lang');
  });
});

describe('POST /member/index/visibility', () => {
  it('lets a woman switch between visible (is_yin 1) and invisible (0)', async () => {
    const ctx = app();
    const woman = await buildUser(ctx, { sex: 0, is_yin: 1 });

    const hidden = await as(ctx, woman.token).post('/member/index/visibility', { is_yin: 0 });
    expect(hidden.body).toMatchObject({ status: 200, data: { is_yin: 0 } });
    expect((await as(ctx, woman.token).post('/member/index/userinfo')).body.data.is_yin).toBe(0);

    const shown = await as(ctx, woman.token).post('/member/index/visibility', { is_yin: 1 });
    expect(shown.body.data.is_yin).toBe(1);
  });

  it('refuses men with 403 and leaves them visible', async () => {
    const ctx = app();
    const man = await buildUser(ctx, { sex: 1, is_yin: 1 });

    const res = await as(ctx, man.token).post('/member/index/visibility', { is_yin: 0 });

    expect(res.http).toBe(403);
    expect(res.body).toMatchObject({ status: 403, error: 'no_permission' });
    expect((await as(ctx, man.token).post('/member/index/userinfo')).body.data.is_yin).toBe(1);
  });

  it('takes only 0 or 1', async () => {
    const ctx = app();
    const woman = await buildUser(ctx, { sex: 0 });

    for (const is_yin of ['2', 'yes', '']) {
      const res = await as(ctx, woman.token).post('/member/index/visibility', { is_yin });
      expect(res.http, is_yin).toBe(400);
      expect(res.body.data.fields).toHaveProperty('is_yin');
    }
  });
});
