import type { ChallengeAnswer } from '@kindred/protocol';
import type { Challenge } from 'altcha-lib';
import { describe, expect, it } from 'vitest';
import { AntispamService } from '../src/modules/antispam/antispam.service.js';
import { isDisposableEmail } from '../src/modules/antispam/disposable-email.js';
import { ServerSecretsRepository } from '../src/modules/antispam/server-secrets.repository.js';
import { UsedChallengesRepository } from '../src/modules/antispam/used-challenges.repository.js';
import { CHEAP_POW, encodeSolution, solve, solvedChallenge } from './helpers/antispam.js';
import { as, buildUser, uniqueName, yearsAgo, type Form } from './helpers/factories.js';
import { startApp, useSharedApp, type TestApp } from './helpers/test-app.js';

const withPow = useSharedApp({ env: CHEAP_POW });
const withoutPow = useSharedApp();

const REGISTER = '/member/index/register';
const FORGET = '/member/index/forget';
const CHALLENGE = '/member/index/challenge';

function registration(overrides: Form = {}): Form {
  const username = uniqueName('s');
  return { username, email: `${username}@example.test`, password: 'secret123', sex: 1, birthday: yearsAgo(25), ...overrides };
}

const countUsers = async (ctx: TestApp, username: unknown) =>
  Number((await ctx.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).where('username', '=', String(username)).executeTakeFirstOrThrow()).n);

async function freshChallenge(ctx: TestApp): Promise<Challenge> {
  return (await as(ctx).post(CHALLENGE)).body.data.challenge as Challenge;
}

describe('the challenge call', () => {
  it('answers a signed PBKDF2 challenge that expires in 20 minutes, at the configured cost', async () => {
    const ctx = withPow();
    const res = await as(ctx).post(CHALLENGE);

    expect(res.http).toBe(200);
    const { required, challenge } = res.body.data as ChallengeAnswer;
    expect(required).toBe(1);
    expect(challenge).toMatchObject({ parameters: { algorithm: 'PBKDF2/SHA-256', cost: 1, keyLength: 32 }, signature: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(challenge!.parameters.keySignature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge!.parameters.expiresAt! * 1000 - Date.now()).toBeGreaterThan(19 * 60_000);
    expect(challenge!.parameters.expiresAt! * 1000 - Date.now()).toBeLessThanOrEqual(20 * 60_000);
  });

  it('answers required 0 and no challenge when ANTISPAM_POW is off, and registration needs none', async () => {
    const ctx = withoutPow();

    expect((await as(ctx).post(CHALLENGE)).body.data).toEqual({ required: 0, challenge: null });
    expect((await as(ctx).post(REGISTER, registration())).body.status).toBe(200);
  });
});

describe('the proof-of-work on registration', () => {
  it('registers with a solved challenge', async () => {
    const ctx = withPow();
    const form = registration({ altcha: await solvedChallenge(ctx) });

    const res = await as(ctx).post(REGISTER, form);

    expect(res.body).toMatchObject({ status: 200, data: { username: form.username } });
  });

  it('refuses a missing or empty solution with 400 challenge_required, creating nobody', async () => {
    const ctx = withPow();
    for (const altcha of [undefined, '']) {
      const form = registration({ altcha });
      const res = await as(ctx).post(REGISTER, form);
      expect(res.http).toBe(400);
      expect(res.body).toMatchObject({ status: 400, error: 'challenge_required', msg: 'Please wait for the anti-spam check to finish' });
      expect(await countUsers(ctx, form.username)).toBe(0);
    }
  });

  it('refuses junk, tampered and wrong solutions with 400 challenge_invalid, never a 500', async () => {
    const ctx = withPow();
    const challenge = await freshChallenge(ctx);
    const solution = await solve(challenge);
    const tampered = { ...challenge, parameters: { ...challenge.parameters, cost: 2 } };
    const unsigned = { parameters: challenge.parameters };
    const forms = [
      '!!!not base64!!!',
      Buffer.from('hello').toString('base64'),
      Buffer.from('null').toString('base64'),
      Buffer.from(JSON.stringify({ challenge: 'x', solution: 1 })).toString('base64'),
      encodeSolution(tampered, solution),
      encodeSolution(unsigned as Challenge, solution),
      encodeSolution({ ...challenge, parameters: { ...challenge.parameters, algorithm: 'MD5' } }, solution),
      // The signed derived key is the proof (the counter only finds it): one digit off is no solution.
      encodeSolution(challenge, { counter: solution.counter, derivedKey: solution.derivedKey.replace(/.$/, (d) => (d === '0' ? '1' : '0')) }),
      encodeSolution(challenge, { counter: solution.counter, derivedKey: '00'.repeat(32) }),
      encodeSolution(challenge, { counter: -1, derivedKey: 'zz' }),
    ];
    for (const altcha of forms) {
      const res = await as(ctx).post(REGISTER, registration({ altcha }));
      expect(res.http, altcha).toBe(400);
      expect(res.body.error, altcha).toBe('challenge_invalid');
    }
    // The genuine pair still works: nothing above spent it.
    expect((await as(ctx).post(REGISTER, registration({ altcha: encodeSolution(challenge, solution) }))).body.status).toBe(200);
  });

  it('refuses a solution longer than the field allows with 400 before reading it', async () => {
    const ctx = withPow();
    const res = await as(ctx).post(REGISTER, registration({ altcha: 'A'.repeat(5000) }));

    expect(res.http).toBe(400);
    expect(res.body.data.fields).toHaveProperty('altcha');
  });

  it('refuses a challenge signed by another installation', async () => {
    const ctx = withPow();
    const other = await startApp({ env: { ...CHEAP_POW, ALTCHA_HMAC_KEY: 'k'.repeat(40) } });

    const res = await as(ctx).post(REGISTER, registration({ altcha: await solvedChallenge(other) }));

    expect(res.body).toMatchObject({ status: 400, error: 'challenge_invalid' });
  });

  it('accepts a solution once: a replay answers 400 challenge_used, also when racing', async () => {
    const ctx = withPow();
    const altcha = await solvedChallenge(ctx);
    expect((await as(ctx).post(REGISTER, registration({ altcha }))).body.status).toBe(200);
    expect((await as(ctx).post(REGISTER, registration({ altcha }))).body).toMatchObject({ status: 400, error: 'challenge_used' });

    const raced = await solvedChallenge(ctx);
    const answers = await Promise.all(Array.from({ length: 6 }, () => as(ctx).post(REGISTER, registration({ altcha: raced }))));
    expect(answers.filter((a) => a.body.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.body.error === 'challenge_used')).toHaveLength(5);
  });

  it('spends the solution even when the registration then fails, so one solve is one attempt', async () => {
    const ctx = withPow();
    const { user } = await buildUser(ctx);
    const altcha = await solvedChallenge(ctx);

    expect((await as(ctx).post(REGISTER, registration({ username: user.username, altcha }))).body.error).toBe('username_taken');
    expect((await as(ctx).post(REGISTER, registration({ altcha }))).body.error).toBe('challenge_used');
  });

  it('refuses an expired challenge, and sweeps used solutions once their challenge expired', async () => {
    let clock = Date.now();
    const ctx = await startApp({ env: CHEAP_POW, now: () => clock });
    const first = await solvedChallenge(ctx);
    expect((await as(ctx).post(REGISTER, registration({ altcha: first }))).body.status).toBe(200);
    const late = await solvedChallenge(ctx);

    clock += 21 * 60_000;

    expect((await as(ctx).post(REGISTER, registration({ altcha: late }))).body).toMatchObject({ status: 400, error: 'challenge_invalid' });
    expect((await as(ctx).post(REGISTER, registration({ altcha: first }))).body).toMatchObject({ status: 400, error: 'challenge_invalid' });
    const next = await solvedChallenge(ctx);
    expect((await as(ctx).post(REGISTER, registration({ altcha: next }))).body.status).toBe(200);
    const rows = await ctx.db.selectFrom('used_challenges').select('signature').execute();
    expect(rows.map((r) => r.signature)).toEqual([JSON.parse(Buffer.from(next, 'base64').toString()).challenge.signature]);
  });
});

describe('the proof-of-work on password recovery', () => {
  it('needs a solution, accepts it once, and still answers alike for unknown addresses', async () => {
    const ctx = withPow();
    const { user } = await buildUser(ctx);

    expect((await as(ctx).post(FORGET, { email: user.email })).body).toMatchObject({ status: 400, error: 'challenge_required' });
    const altcha = await solvedChallenge(ctx);
    expect((await as(ctx).post(FORGET, { email: user.email, altcha })).body.status).toBe(200);
    expect((await as(ctx).post(FORGET, { email: user.email, altcha })).body).toMatchObject({ status: 400, error: 'challenge_used' });
    expect((await as(ctx).post(FORGET, { email: 'nobody@example.test', altcha: await solvedChallenge(ctx) })).body.status).toBe(200);
    expect((await as(ctx).post(FORGET, { email: user.email, altcha: 'junk' })).body).toMatchObject({ status: 400, error: 'challenge_invalid' });
  });
});

describe('the HMAC key', () => {
  it('is generated once and shared through the database: a challenge of one node verifies on another', async () => {
    const ctx = withoutPow();
    const node = () => new AntispamService(new UsedChallengesRepository(ctx.db), new ServerSecretsRepository(ctx.db), { pow: true, cost: 1, counterMax: 30, challengeTtlMs: 60_000 });
    const [a, b] = [node(), node()];

    const [fromA, fromB] = await Promise.all([a.challenge(), b.challenge()]);
    const challenge = fromA.challenge as Challenge;

    await expect(b.verify(encodeSolution(challenge, await solve(challenge)))).resolves.toBeUndefined();
    expect(fromB.challenge).not.toBeNull();
    const secrets = await ctx.db.selectFrom('server_secrets').select('name').where('name', '=', 'altcha_hmac_key').execute();
    expect(secrets).toHaveLength(1);
  });
});

describe('disposable e-mail addresses', () => {
  it('knows listed domains and their subdomains, not ordinary ones', () => {
    expect(isDisposableEmail('a@mailinator.com')).toBe(true);
    expect(isDisposableEmail('a@eu.mailinator.com')).toBe(true);
    expect(isDisposableEmail('a@MAILINATOR.COM')).toBe(true);
    expect(isDisposableEmail('a@gmail.com')).toBe(false);
    expect(isDisposableEmail('a@example.test')).toBe(false);
    expect(isDisposableEmail('a@com')).toBe(false);
  });

  it('are refused on registration with -8 disposable_email (the proof-of-work aside)', async () => {
    const ctx = withoutPow();
    for (const domain of ['mailinator.com', 'yopmail.com', 'inbox.guerrillamail.com']) {
      const form = registration();
      const res = await as(ctx).post(REGISTER, { ...form, email: `${form.username}@${domain}` });
      expect(res.http).toBe(200);
      expect(res.body).toMatchObject({ status: -8, error: 'disposable_email' });
      expect(await countUsers(ctx, form.username)).toBe(0);
    }
  });

  it('are refused as a new e-mail on the profile, and the address stays', async () => {
    const ctx = withoutPow();
    const member = await buildUser(ctx);
    const profile = { email: 'x@mailinator.com', sex: member.user.sex, birthday: member.user.birthday, password: member.password };

    const res = await as(ctx, member.token).post('/member/index/profile', profile);

    expect(res.body).toMatchObject({ status: -8, error: 'disposable_email' });
    const stored = await ctx.db.selectFrom('users').select('email').where('id', '=', member.user.id).executeTakeFirstOrThrow();
    expect(stored.email).toBe(member.user.email);
  });

  it('do not stop a member who has one from recovering the password', async () => {
    const ctx = withoutPow();
    const { user } = await buildUser(ctx, { email: `${uniqueName('d')}@mailinator.com` });

    expect((await as(ctx).post(FORGET, { email: user.email })).body.status).toBe(200);
  });
});
