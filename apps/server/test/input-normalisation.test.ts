import { describe, expect, it } from 'vitest';
import { LIMITS } from '@kindred/protocol';
import { as, uniqueName, yearsAgo, type Form } from './helpers/factories.js';
import { useSharedApp } from './helpers/test-app.js';

/**
 * Issue 9, findings 1 and 10, through the real app on both databases.
 *
 * Finding 10: the e-mail used to be measured before it was lower-cased, and 'İ' (U+0130) lower-cases
 * to two characters ('i' + U+0307), so 130 of them passed the 254-character check and then
 * overflowed varchar(254): a 500 on PostgreSQL, an over-long address stored on SQLite. Addresses are
 * now folded (NFC, lower case) first and measured as stored.
 *
 * Finding 1: `email = a@ + 160,000 dots + @` kept the server busy for over a minute (a quadratic
 * pattern zod still ran after the length check had failed).
 */
const app = useSharedApp();

const REGISTER = '/member/index/register';
const LOGIN = '/member/index/login';
const FORGET = '/member/index/forget';

function registration(overrides: Form = {}): Form {
  const username = uniqueName('n');
  return { username, email: `${username}@example.test`, password: 'secret123', sex: 1, birthday: yearsAgo(25), country: 'US', ...overrides };
}

const DOTTED_I = 'İ';
/** 130 × 'İ' is 143 characters as typed and 273 once lower-cased. */
const overflowing = `${DOTTED_I.repeat(130)}@example.test`;

describe('e-mail addresses are folded before they are measured (finding 10)', () => {
  it('refuses an address that grows past 254 characters when lower-cased, with a 400, not a 500', async () => {
    const ctx = app();
    expect(overflowing.length).toBeLessThanOrEqual(LIMITS.emailMax);
    expect(overflowing.toLowerCase().length).toBeGreaterThan(LIMITS.emailMax);

    const res = await as(ctx).post(REGISTER, registration({ email: overflowing }));

    expect(res.http).toBe(400);
    expect(res.body).toMatchObject({ status: 400, error: 'validation', data: { fields: { email: `at most ${LIMITS.emailMax} characters` } } });
    const stored = await ctx.db.selectFrom('users').select('email').where('email', 'like', 'i%@example.test').execute();
    expect(stored.filter((u) => u.email.length > LIMITS.emailMax)).toEqual([]);
  });

  it('answers sign-in and recovery with such an address with a 400, not a 500', async () => {
    const ctx = app();
    for (const [url, form] of [
      [LOGIN, { account: overflowing, password: 'secret123' }],
      [FORGET, { email: overflowing }],
    ] as const) {
      const res = await as(ctx).post(url, form);
      expect(res.http, url).toBe(400);
      expect(res.body.data.fields, url).toHaveProperty(url === LOGIN ? 'account' : 'email');
    }
  });

  it('stores an address that still fits once lower-cased as NFC lower case, and signs it in as typed', async () => {
    const ctx = app();
    // 100 × 'İ' → 200 characters lower-cased; the local part's 'é' arrives decomposed (e + U+0301).
    const typed = `${DOTTED_I.repeat(100)}Ce\u0301@Example.test`;
    const folded = typed.normalize('NFC').toLowerCase();
    expect(folded).toBe(`${'i\u0307'.repeat(100)}c\u00e9@example.test`);

    const res = await as(ctx).post(REGISTER, registration({ email: typed }));

    expect(res.http).toBe(200);
    expect(res.body.data.email).toBe(folded);
    const row = await ctx.db.selectFrom('users').select('email').where('id', '=', res.body.data.id).executeTakeFirstOrThrow();
    expect(row.email).toBe(folded);
    // The precomposed form of the same address, in upper case, is the same account.
    const login = await as(ctx).post(LOGIN, { account: typed.normalize('NFC').toUpperCase(), password: 'secret123' });
    expect(login.body).toMatchObject({ status: 200, data: { id: res.body.data.id } });
    const again = await as(ctx).post(REGISTER, registration({ email: folded.toUpperCase() }));
    expect(again.body).toMatchObject({ status: -2, error: 'email_taken' });
  });
});

describe('hostile e-mail text answers at once (finding 1)', () => {
  /**
   * Before the fix the 160,000-dot address took 25 to 33 s here on a shared machine (a minute and
   * more on the probe's). After it the pattern never runs: the answer costs reading the body. The
   * bound leaves room for a busy machine and is still far below the old cost.
   */
  const DEADLINE_MS = 2_000;

  const timed = async <T>(run: () => Promise<T>) => {
    const started = performance.now();
    const result = await run();
    return { result, ms: performance.now() - started };
  };

  // Only the probe's size: larger ones would hang the old code for minutes instead of failing.
  const probe = `a@${'.'.repeat(160_000)}@`;

  it(`register with the probe's address answers 400 within ${DEADLINE_MS} ms, and /healthz stays responsive`, async () => {
    const ctx = app();

    const attack = timed(() => as(ctx).postJson(REGISTER, registration({ email: probe })));
    const health = timed(() => ctx.app.inject({ method: 'GET', url: '/healthz' }));
    const [{ result: res, ms }, { result: healthz, ms: healthMs }] = await Promise.all([attack, health]);

    expect(res.http).toBe(400);
    expect(res.body.data.fields).toEqual({ email: `at most ${LIMITS.emailMax} characters` });
    expect(ms).toBeLessThan(DEADLINE_MS);
    expect(healthz.statusCode).toBe(200);
    expect(healthMs).toBeLessThan(DEADLINE_MS);
  });

  it('a form post of the probe answers the same way', async () => {
    const ctx = app();
    const { result: res, ms } = await timed(() => as(ctx).post(REGISTER, registration({ email: probe })));
    expect(res.http).toBe(400);
    expect(ms).toBeLessThan(DEADLINE_MS);
  });
});
