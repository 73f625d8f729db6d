import { describe, expect, it } from 'vitest';
import { as, buildUser, uniqueName, yearsAgo, type Form } from './helpers/factories.js';
import { startApp, useSharedApp, type TestApp } from './helpers/test-app.js';

const app = useSharedApp();

const REGISTER = '/member/index/register';

/** A valid plain registration; overrides change one thing at a time. */
function registration(overrides: Form = {}): Form {
  const username = uniqueName('r');
  return { username, email: `${username}@example.test`, password: 'secret123', sex: 1, birthday: yearsAgo(25), country: 'US', ...overrides };
}

async function invitationFrom(ctx: TestApp): Promise<{ inviterId: number; code: string }> {
  const { user } = await buildUser(ctx);
  return { inviterId: user.id, code: user.invitation_code };
}

const trendsOf = (ctx: TestApp, userId: number) =>
  ctx.db.selectFrom('trends').select(['type', 'content', 'img']).where('user_id', '=', userId).orderBy('id').execute();

describe('POST /member/index/register', () => {
  it('creates an active member, signs it in and writes the "joined" trend (type 0)', async () => {
    const ctx = app();
    const form = registration({ sex: 0 });

    const res = await as(ctx).post(REGISTER, form);

    expect(res.http).toBe(200);
    expect(res.body).toMatchObject({
      status: 200,
      msg: 'Regist success',
      data: { username: form.username, email: form.email, sex: 0, birthday: form.birthday, country: 'US', vip: 0, status: 1, newfeedcount: 1 },
    });
    expect(res.body.data.invitation_code).toMatch(/^[A-Z0-9]{8}$/);
    expect(await trendsOf(ctx, res.body.data.id)).toEqual([{ type: 0, content: '', img: '' }]);
    const info = await as(ctx, res.body.data.token).post('/member/index/userinfo');
    expect(info.body.data.id).toBe(res.body.data.id);
  });

  it('stores the password as a salted scrypt hash, never as given', async () => {
    const ctx = app();
    const res = await as(ctx).post(REGISTER, registration({ password: 'secret123' }));

    const row = await ctx.services.repositories.users.findById(res.body.data.id);

    expect(row!.password_hash).toMatch(/^scrypt\$/);
    expect(row!.password_hash).not.toContain('secret123');
    const login = await as(ctx).post('/member/index/login', { account: row!.username, password: 'secret123' });
    expect(login.body.status).toBe(200);
  });

  it('keeps the e-mail in lower case so it signs in and is unique whatever its case', async () => {
    const ctx = app();
    const username = uniqueName('r');

    const res = await as(ctx).post(REGISTER, registration({ username, email: `${username.toUpperCase()}@Example.TEST` }));

    expect(res.body.data.email).toBe(`${username}@example.test`);
  });

  it('answers -1 when the username is taken, in any letter case', async () => {
    const ctx = app();
    const { user } = await buildUser(ctx, { username: uniqueName('Taken') });

    for (const username of [user.username, user.username.toUpperCase(), user.username.toLowerCase()]) {
      const res = await as(ctx).post(REGISTER, registration({ username }));
      expect(res.http).toBe(200);
      expect(res.body).toMatchObject({ status: -1, error: 'username_taken', data: null });
    }
  });

  it('answers -2 when the e-mail address is taken, in any letter case', async () => {
    const ctx = app();
    const { user } = await buildUser(ctx);

    for (const email of [user.email, user.email.toUpperCase()]) {
      const res = await as(ctx).post(REGISTER, registration({ email }));
      expect(res.body).toMatchObject({ status: -2, error: 'email_taken' });
    }
  });

  it('lets exactly one of two racing sign-ups for one username win; the other gets -1', async () => {
    const ctx = app();
    const username = uniqueName('race');

    const answers = await Promise.all([
      as(ctx).post(REGISTER, registration({ username, email: `${username}a@example.test` })),
      as(ctx).post(REGISTER, registration({ username, email: `${username}b@example.test` })),
    ]);

    expect(answers.map((a) => a.body.status).sort()).toEqual([-1, 200]);
    const rows = await ctx.db.selectFrom('users').select('id').where('username_key', '=', username).execute();
    expect(rows).toHaveLength(1);
  });

  it('does not register anything when it refuses', async () => {
    const ctx = app();
    const { user } = await buildUser(ctx);
    const refused = [registration({ username: user.username }), registration({ email: user.email }), registration({ password: '123' })];

    for (const form of refused) expect((await as(ctx).post(REGISTER, form)).body.status).not.toBe(200);

    const users = ctx.services.repositories.users;
    expect(await users.findByEmail(String(refused[0]!.email))).toBeUndefined();
    expect(await users.findByUsername(String(refused[1]!.username))).toBeUndefined();
    expect(await users.findByUsername(String(refused[2]!.username))).toBeUndefined();
  });

  describe('with REGISTRATION_APPROVAL on', () => {
    it('registers the account as pending: status -3, data.status 2, signed in all the same', async () => {
      const ctx = await startApp({ registrationApproval: true });

      const res = await as(ctx).post(REGISTER, registration());

      expect(res.http).toBe(200);
      expect(res.body.status).toBe(-3);
      expect(res.body.data.status).toBe(2);
      expect(typeof res.body.data.token).toBe('string');
    });

    it('refuses a pending account everything but its own info and sign-out (403, -3, pending_approval)', async () => {
      const ctx = await startApp({ registrationApproval: true });
      const { body } = await as(ctx).post(REGISTER, registration());
      const member = as(ctx, body.data.token);

      const refused = await member.post('/member/index/changesignature', { signature: 'hello' });
      expect(refused.http).toBe(403);
      expect(refused.body).toMatchObject({ status: -3, error: 'pending_approval' });
      for (const path of ['/member/index/profile', '/member/index/changepwd', '/member/index/senotice', '/member/index/uploads']) {
        expect((await member.post(path, {})).body.error).toBe('pending_approval');
      }

      for (const path of ['/member/index/userinfo', '/member/index/info', '/member/index/initdata']) {
        const allowed = await member.post(path);
        expect(allowed.http).toBe(200);
        expect(allowed.body.status).toBe(200);
      }
      expect((await member.post('/member/index/lang', { lang: 'zh-TW' })).body.status).toBe(200);
      expect((await member.post('/member/index/logout')).body.status).toBe(200);
      expect((await member.post('/member/index/userinfo')).http).toBe(401);
    });
  });

  describe('invitation variant (with code)', () => {
    it("records the inviter whose invitation_code was given, and the Lai ID", async () => {
      const ctx = app();
      const { inviterId, code } = await invitationFrom(ctx);

      const res = await as(ctx).post(REGISTER, registration({ username: uniqueName('i').slice(0, 8), code, laid: 'LAI-42', country: 'TW' }));

      expect(res.body.status).toBe(200);
      const row = await ctx.services.repositories.users.findById(res.body.data.id);
      expect(row).toMatchObject({ invited_by: inviterId, laid: 'LAI-42', country: 'TW' });
    });

    it('leaves invited_by empty without a code', async () => {
      const ctx = app();

      const res = await as(ctx).post(REGISTER, registration());

      const row = await ctx.services.repositories.users.findById(res.body.data.id);
      expect(row!.invited_by).toBeNull();
    });

    it('requires laid and country (HTTP 400 naming them)', async () => {
      const ctx = app();
      const { code } = await invitationFrom(ctx);

      const res = await as(ctx).post(REGISTER, registration({ username: 'abc123', code, laid: '', country: '' }));
      const missingLaid = await as(ctx).post(REGISTER, registration({ username: 'abc124', code, country: 'TW' }));

      expect(res.http).toBe(400);
      expect(Object.keys(res.body.data.fields).sort()).toEqual(['country', 'laid']);
      expect(missingLaid.http).toBe(400);
      expect(Object.keys(missingLaid.body.data.fields)).toEqual(['laid']);
    });

    it('answers -4 to a code no member has', async () => {
      const ctx = app();

      const res = await as(ctx).post(REGISTER, registration({ username: 'abc123', code: 'NOSUCHCODE', laid: 'L1', country: 'TW' }));

      expect(res.http).toBe(200);
      expect(res.body).toMatchObject({ status: -4, error: 'invalid_invitation' });
    });

    it('allows usernames of 2 to 8 letters or digits only', async () => {
      const ctx = await startApp(); // its own database: it registers fixed short names
      const { code } = await invitationFrom(ctx);
      const invited = (username: string) => registration({ username, email: `${username}@example.test`, code, laid: 'L1', country: 'TW' });

      const nine = await as(ctx).post(REGISTER, invited('abcdefgh9'));
      expect(nine.http).toBe(400);
      expect(nine.body.data.fields).toHaveProperty('username');

      expect((await as(ctx).post(REGISTER, invited('abcdefgh'))).body.status).toBe(200);
      expect((await as(ctx).post(REGISTER, invited('ab'))).body.status).toBe(200);
    });
  });

  describe('field rules', () => {
    const refused = async (ctx: TestApp, overrides: Form, field: string) => {
      const res = await as(ctx).post(REGISTER, registration(overrides));
      expect(res.http, JSON.stringify(overrides)).toBe(400);
      expect(res.body.status).toBe(400);
      expect(res.body.error).toBe('validation');
      expect(Object.keys(res.body.data.fields), JSON.stringify(overrides)).toContain(field);
    };

    it('requires members to be 18: two days short of it is refused on the birthday field', async () => {
      const ctx = app();
      const today = new Date();
      const almost18 = Date.UTC(today.getUTCFullYear() - 18, today.getUTCMonth(), today.getUTCDate() + 2);

      await refused(ctx, { birthday: almost18 }, 'birthday');
      await refused(ctx, { birthday: yearsAgo(10) }, 'birthday');
      await refused(ctx, { birthday: Date.now() + 86_400_000 }, 'birthday');
    });

    it('accepts a member who turned 18 today', async () => {
      const ctx = app();
      const today = new Date();
      const eighteenToday = Date.UTC(today.getUTCFullYear() - 18, today.getUTCMonth(), today.getUTCDate());

      const res = await as(ctx).post(REGISTER, registration({ birthday: eighteenToday }));

      expect(res.body.status).toBe(200);
    });

    it('allows usernames of letters and digits only, 2 to 12 of them', async () => {
      const ctx = app();

      for (const username of ['bad_name', 'bad-name', 'bad name', 'bäd', 'a<b>', 'x', 'abcdefghijklm']) {
        await refused(ctx, { username }, 'username');
      }
      const twelve = `${uniqueName('A')}${'z'.repeat(12)}`.slice(0, 12);
      expect((await as(ctx).post(REGISTER, registration({ username: twelve, email: `${twelve}@example.test` }))).body.status).toBe(200);
    });

    it('allows passwords of 6 to 18 characters', async () => {
      const ctx = app();

      await refused(ctx, { password: '12345' }, 'password');
      await refused(ctx, { password: 'p'.repeat(19) }, 'password');
      expect((await as(ctx).post(REGISTER, registration({ password: '123456' }))).body.status).toBe(200);
      expect((await as(ctx).post(REGISTER, registration({ password: 'p'.repeat(18) }))).body.status).toBe(200);
    });

    it('requires a well-formed e-mail address', async () => {
      const ctx = app();

      for (const email of ['', 'plainaddress', 'a@b', 'a b@example.com', '@example.com', 'a@example.c', 'a@@example.com']) {
        await refused(ctx, { email }, 'email');
      }
    });

    it('requires sex 0 or 1 and a birthday', async () => {
      const ctx = app();

      await refused(ctx, { sex: 2 }, 'sex');
      await refused(ctx, { sex: undefined }, 'sex');
      await refused(ctx, { birthday: undefined }, 'birthday');
    });

    it('accepts the plain variant with an empty country, as the spec sends it', async () => {
      const ctx = app();

      const res = await as(ctx).post(REGISTER, registration({ country: '' }));

      expect(res.body).toMatchObject({ status: 200, data: { country: '' } });
    });
  });
});
