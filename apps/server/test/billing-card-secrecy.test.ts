import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { SANDBOX_TEST_CARDS } from '@kindred/protocol';
import { describe, expect, it } from 'vitest';
import { REDACT } from '../src/http/logging.js';
import { decide, newGuid, payAs, seedPackages, type PayArgs } from './helpers/billing.js';
import { as, buildUser, type Answer } from './helpers/factories.js';
import { startApp, testDialect } from './helpers/test-app.js';

function logSink() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { stream, text: () => lines.join('') };
}

/** Every file under `dir` (the SQLite database and its WAL included), read whole. */
function filesUnder(dir: string): Buffer[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).filter((e) => e.isFile()).map((e) => fs.readFileSync(path.join(e.parentPath, e.name)));
}

describe('card details are passed to the provider and kept nowhere', () => {
  it('after card payments (ok, declined, challenge, a failing request), neither the database, the log nor any answer holds the card number or CVV', async () => {
    const log = logSink();
    // debug: the most the log could say; still no card data.
    const ctx = await startApp({ env: { LOG_LEVEL: 'debug' }, logStream: log.stream });
    const ids = await seedPackages(ctx);
    const member = await buildUser(ctx);
    const answers: Answer[] = [];
    const cvv = '987';
    const pay = async (number: string, extra: PayArgs['extra'] = {}) => {
      const res = await payAs(ctx, member.token, { userId: member.user.id, guid: await newGuid(ctx, member.token), payType: 4, income: '10.00', packageId: ids.recharge10, extra: { card_number: number, cvv, ...extra } });
      answers.push(res);
      return res;
    };
    expect((await pay(SANDBOX_TEST_CARDS.success)).body.data.type).toBe('ok');
    // Spaces and dashes as people type them.
    expect((await pay('4242 4242 4242 4242')).body.data.type).toBe('ok');
    expect((await pay(SANDBOX_TEST_CARDS.declined)).body.status).toBe(-2);
    const challenge = await pay(SANDBOX_TEST_CARDS.challenge);
    answers.push(await as(ctx, member.token).post('/member/pay/order', { guid: challenge.body.data.guid }));
    const page = await ctx.app.inject({ method: 'GET', url: new URL(challenge.body.data.content).pathname });
    expect(page.body).not.toContain(SANDBOX_TEST_CARDS.challenge);
    await decide(ctx, challenge.body.data.content, 'approve');
    // A refused body (bad country) must not echo the card either.
    const refused = await pay(SANDBOX_TEST_CARDS.success, { card_country: 'FR' });
    expect(refused.http).toBe(400);
    // Someone else's user_id: refused before anything else, no echo.
    answers.push(await as(ctx, member.token).postJson('/member/Pay/pay', { user_id: 1, pay_type: 4, income: '10.00', guid: 'abcdefgh-1', card_number: SANDBOX_TEST_CARDS.success, cvv }));

    const numbers = [SANDBOX_TEST_CARDS.success, SANDBOX_TEST_CARDS.declined, SANDBOX_TEST_CARDS.challenge, '4242 4242 4242 4242'];
    for (const res of answers) {
      for (const n of numbers) expect(res.raw).not.toContain(n);
      expect(res.raw).not.toContain(`"${cvv}"`);
    }
    const logText = log.text();
    expect(logText.length).toBeGreaterThan(0);
    for (const n of numbers) expect(logText).not.toContain(n);
    // Timings and timestamps are digits too: the CVV is looked for as a value.
    expect(logText).not.toContain(`"${cvv}"`);
    expect(logText).not.toMatch(/"cvv":"(?!\[redacted\])/);

    if (testDialect() === 'sqlite') {
      await ctx.database.db.selectFrom('users').select('id').execute();
      const files = filesUnder(ctx.dataDir);
      expect(files.length).toBeGreaterThan(0);
      for (const bytes of files) for (const n of numbers) expect(bytes.includes(Buffer.from(n))).toBe(false);
    } else {
      // PostgreSQL: every text column of every table the payment touched.
      for (const table of ['orders', 'sandbox_intents', 'payment_events', 'ledger', 'pay_guids'] as const) {
        const rows = JSON.stringify(await ctx.db.selectFrom(table).selectAll().execute());
        for (const n of numbers) expect(rows, table).not.toContain(n);
      }
    }
  });

  it('the log redacts card fields wherever a body is logged', () => {
    for (const field of ['card_number', 'cvv', 'exp_date', 'exp_month', 'exp_year']) expect(REDACT).toContain(`*.${field}`);
  });
});
