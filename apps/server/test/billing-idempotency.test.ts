import { describe, expect, it } from 'vitest';
import { newGuid, payAs, payBody, refOf, seedPackages } from './helpers/billing.js';
import { as, buildUser } from './helpers/factories.js';
import { startApp, type TestApp } from './helpers/test-app.js';

const balanceOf = async (ctx: TestApp, id: number) => Number((await ctx.db.selectFrom('users').select('credits').where('id', '=', id).executeTakeFirstOrThrow()).credits);
const ledgerCount = async (ctx: TestApp, id: number) => (await ctx.db.selectFrom('ledger').select('id').where('user_id', '=', id).execute()).length;

// Fifty attempts at once would otherwise meet the per-member limit of pay (tested on its own below).
const LIMITS = { env: { PAY_RATE_LIMIT: '10000' } };

async function setup(credits = 0) {
  const ctx = await startApp(LIMITS);
  const ids = await seedPackages(ctx);
  const member = await buildUser(ctx, { credits });
  return { ctx, ids, member };
}

describe('the guid makes pay idempotent', () => {
  it('one guid paid 50 times at once credits once, and every attempt answers the same result', async () => {
    const { ctx, ids, member } = await setup();
    const guid = await newGuid(ctx, member.token);
    const args = { userId: member.user.id, guid, payType: 4, income: '30.00', packageId: ids.recharge30 };
    const answers = await Promise.all(Array.from({ length: 50 }, () => payAs(ctx, member.token, args)));
    expect(answers.map((a) => [a.body.status, a.body.data?.type, a.body.data?.order?.status])).toEqual(Array(50).fill([200, 'ok', 'paid']));
    expect(await balanceOf(ctx, member.user.id)).toBe(3200);
    expect(await ledgerCount(ctx, member.user.id)).toBe(1);
    expect(await ctx.db.selectFrom('orders').select('id').execute()).toHaveLength(1);
  });

  it('one guid paid 50 times in a row credits once', async () => {
    const { ctx, ids, member } = await setup();
    const guid = await newGuid(ctx, member.token);
    const args = { userId: member.user.id, guid, payType: 4, income: '10.00', packageId: ids.recharge10 };
    for (let i = 0; i < 50; i++) expect((await payAs(ctx, member.token, args)).body.data.type).toBe('ok');
    expect(await balanceOf(ctx, member.user.id)).toBe(1000);
    expect(await ledgerCount(ctx, member.user.id)).toBe(1);
  });

  it('a balance upgrade paid 50 times at once charges and extends once', async () => {
    const { ctx, ids, member } = await setup(100_000);
    const guid = await newGuid(ctx, member.token);
    const args = { userId: member.user.id, guid, payType: 0, income: '29.99', orderType: 2, packageId: ids.silver1 };
    const answers = await Promise.all(Array.from({ length: 50 }, () => payAs(ctx, member.token, args)));
    expect(answers.every((a) => a.body.status === 200 && a.body.data.type === 'ok')).toBe(true);
    expect(await balanceOf(ctx, member.user.id)).toBe(100_000 - 2999);
    const user = await ctx.db.selectFrom('users').select(['vip', 'vip1_until']).where('id', '=', member.user.id).executeTakeFirstOrThrow();
    expect(user.vip).toBe(1);
    expect(Number(user.vip1_until) - ctx.now()).toBeLessThanOrEqual(30 * 86_400_000);
    expect(Number(user.vip1_until) - ctx.now()).toBeGreaterThan(29 * 86_400_000);
  });

  it('a retry of a pending hosted-page payment answers the same page; the same guid with another body is refused (409)', async () => {
    const { ctx, ids, member } = await setup();
    const guid = await newGuid(ctx, member.token);
    const args = { userId: member.user.id, guid, payType: 3, income: '10.00', packageId: ids.recharge10 };
    const first = await payAs(ctx, member.token, args);
    const again = await payAs(ctx, member.token, args);
    expect(again.body.data).toEqual(first.body.data);
    const other = await payAs(ctx, member.token, { ...args, income: '30.00', packageId: ids.recharge30 });
    expect(other.body).toMatchObject({ status: 409, error: 'guid_conflict' });
    expect(other.http).toBe(409);
    const otherMethod = await payAs(ctx, member.token, { ...args, payType: 2 });
    expect(otherMethod.http).toBe(409);
    // Another card under the same guid is the same payment (card details are never kept, not even hashed).
    expect(await ctx.db.selectFrom('orders').select('id').execute()).toHaveLength(1);
  });

  it('a declined payment answers its decline on every retry', async () => {
    const { ctx, ids, member } = await setup();
    const guid = await newGuid(ctx, member.token);
    const args = { userId: member.user.id, guid, payType: 4, income: '10.00', packageId: ids.recharge10, extra: { card_number: '4000000000000002' } };
    for (let i = 0; i < 3; i++) expect((await payAs(ctx, member.token, args)).body).toMatchObject({ status: -2, data: { failure: 'card_declined', guid } });
  });
});

describe('webhooks', () => {
  async function pendingOrder() {
    const s = await setup();
    const guid = await newGuid(s.ctx, s.member.token);
    const res = await payAs(s.ctx, s.member.token, { userId: s.member.user.id, guid, payType: 2, income: '10.00', packageId: s.ids.recharge10 });
    return { ...s, guid, ref: refOf(res.body.data.content) };
  }
  const post = (ctx: TestApp, provider: string, body: Buffer | string, headers: Record<string, string>) =>
    ctx.app.inject({ method: 'POST', url: `/payments/webhook/${provider}`, payload: body, headers });

  it('a genuine event replayed 20 times credits once and answers 200 each time', async () => {
    const { ctx, member, ref } = await pendingOrder();
    const [body, headers] = ctx.services.payments.sandbox.signedEvent(ref, { status: 'succeeded' }, 'evt_replayed');
    for (let i = 0; i < 20; i++) expect((await post(ctx, 'sandbox', body, headers)).statusCode).toBe(200);
    expect(await balanceOf(ctx, member.user.id)).toBe(1000);
    expect(await ledgerCount(ctx, member.user.id)).toBe(1);
    expect(await ctx.db.selectFrom('payment_events').select('event_id').execute()).toEqual([{ event_id: 'evt_replayed' }]);
  });

  it('20 deliveries of one event at once credit once', async () => {
    const { ctx, member, ref } = await pendingOrder();
    const [body, headers] = ctx.services.payments.sandbox.signedEvent(ref, { status: 'succeeded' });
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(ctx, 'sandbox', body, headers)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(await balanceOf(ctx, member.user.id)).toBe(1000);
  });

  it('different events for one order (success twice) credit once', async () => {
    const { ctx, member, ref } = await pendingOrder();
    for (const id of ['evt_a', 'evt_b']) await post(ctx, 'sandbox', ...ctx.services.payments.sandbox.signedEvent(ref, { status: 'succeeded' }, id));
    expect(await balanceOf(ctx, member.user.id)).toBe(1000);
  });

  it('a forged, tampered, unsigned or unknown-provider delivery is a 400 and credits nothing', async () => {
    const { ctx, member, ref } = await pendingOrder();
    const [body, headers] = ctx.services.payments.sandbox.signedEvent(ref, { status: 'succeeded' });
    const sig = headers['x-sandbox-signature']!;
    const cases: [string, Buffer | string, Record<string, string>][] = [
      ['sandbox', body, { 'content-type': 'application/json' }],
      ['sandbox', body, { 'content-type': 'application/json', 'x-sandbox-signature': sig.replace(/v1=(.)/, (_m, c: string) => `v1=${c === '0' ? '1' : '0'}`) }],
      ['sandbox', Buffer.from(body.toString().replace('succeeded', 'succeeded ')), headers],
      ['sandbox', body, { ...headers, 'x-sandbox-signature': 't=1,v1=' + 'a'.repeat(64) }],
      ['sandbox', 'not json at all', headers],
      ['stripe', body, headers],
      ['paypal', body, headers],
    ];
    for (const [provider, payload, h] of cases) {
      const res = await post(ctx, provider, payload, h);
      expect(res.statusCode, `${provider} ${String(payload).slice(0, 30)}`).toBe(400);
      expect(res.json()).toMatchObject({ status: 400, error: 'webhook_invalid' });
    }
    expect(await balanceOf(ctx, member.user.id)).toBe(0);
    expect((await as(ctx, member.token).post('/member/pay/order', { guid: (await ctx.db.selectFrom('orders').select('guid').executeTakeFirstOrThrow()).guid })).body.data.status).toBe('pending');
  });

  it('an event about an intent that is not ours is acknowledged and changes nothing', async () => {
    const { ctx, member } = await pendingOrder();
    const res = await post(ctx, 'sandbox', ...ctx.services.payments.sandbox.signedEvent('sbx_' + 'f'.repeat(32), { status: 'succeeded' }));
    expect(res.statusCode).toBe(200);
    expect(await balanceOf(ctx, member.user.id)).toBe(0);
  });

  it('a failure event fails the pending order; a later success still credits it (the money moved)', async () => {
    const { ctx, member, ref, guid } = await pendingOrder();
    await post(ctx, 'sandbox', ...ctx.services.payments.sandbox.signedEvent(ref, { status: 'failed', failureCode: 'card_declined' }));
    expect((await as(ctx, member.token).post('/member/pay/order', { guid })).body.data).toMatchObject({ status: 'failed', failure: 'card_declined' });
    await post(ctx, 'sandbox', ...ctx.services.payments.sandbox.signedEvent(ref, { status: 'succeeded' }));
    expect((await as(ctx, member.token).post('/member/pay/order', { guid })).body.data).toMatchObject({ status: 'paid' });
    expect(await balanceOf(ctx, member.user.id)).toBe(1000);
  });
});

describe('the pay rate limit', () => {
  it('answers 429 past PAY_RATE_LIMIT calls a minute', async () => {
    const ctx = await startApp({ env: { PAY_RATE_LIMIT: '3' } });
    const ids = await seedPackages(ctx);
    const member = await buildUser(ctx);
    const guid = await newGuid(ctx, member.token);
    const args = { userId: member.user.id, guid, payType: 4, income: '10.00', packageId: ids.recharge10 };
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await payAs(ctx, member.token, args)).http);
    expect(codes).toEqual([200, 200, 200, 429]);
    expect(await balanceOf(ctx, member.user.id)).toBe(1000);
  });
});

describe('orders nobody confirms', () => {
  it('expire after their hour; a provider confirming later still credits', async () => {
    let clock = Date.now();
    const ctx = await startApp({ ...LIMITS, now: () => clock });
    const ids = await seedPackages(ctx);
    const member = await buildUser(ctx);
    const guid = await newGuid(ctx, member.token);
    const res = await payAs(ctx, member.token, { userId: member.user.id, guid, payType: 6, income: '10.00', packageId: ids.recharge10 });
    expect(await ctx.services.orderExpiry.run()).toBe(0);
    clock += 61 * 60_000;
    expect(await ctx.services.orderExpiry.run()).toBe(1);
    expect((await as(ctx, member.token).post('/member/pay/order', { guid })).body.data).toMatchObject({ status: 'expired', failure: 'expired' });
    // A retry of the guid answers the expiry.
    expect((await as(ctx, member.token).postJson('/member/Pay/pay', payBody({ userId: member.user.id, guid, payType: 6, income: '10.00', packageId: ids.recharge10 }))).body).toMatchObject({ status: -2, data: { failure: 'expired' } });
    const [body, headers] = ctx.services.payments.sandbox.signedEvent(refOf(res.body.data.content), { status: 'succeeded' });
    expect((await ctx.app.inject({ method: 'POST', url: '/payments/webhook/sandbox', payload: body, headers })).statusCode).toBe(200);
    expect(await balanceOf(ctx, member.user.id)).toBe(1000);
  });

  it('a pending order the payer asks about is settled from the provider before the webhook', async () => {
    const { ctx, ids, member } = await setup();
    const guid = await newGuid(ctx, member.token);
    const res = await payAs(ctx, member.token, { userId: member.user.id, guid, payType: 2, income: '10.00', packageId: ids.recharge10 });
    // The intent settles on the provider's side, its webhook not yet delivered.
    await ctx.db.updateTable('sandbox_intents').set({ status: 'succeeded' }).where('ref', '=', refOf(res.body.data.content)).execute();
    expect((await as(ctx, member.token).post('/member/pay/order', { guid })).body.data).toMatchObject({ status: 'paid', amount: 10 });
    expect(await balanceOf(ctx, member.user.id)).toBe(1000);
  });

  it("answers 404 for an unknown guid or another member's order", async () => {
    const { ctx, ids, member } = await setup();
    const other = await buildUser(ctx);
    const guid = await newGuid(ctx, member.token);
    await payAs(ctx, member.token, { userId: member.user.id, guid, payType: 2, income: '10.00', packageId: ids.recharge10 });
    expect((await as(ctx, other.token).post('/member/pay/order', { guid })).http).toBe(404);
    expect((await as(ctx, member.token).post('/member/pay/order', { guid: 'zzzzzzzz-0000' })).http).toBe(404);
    expect((await as(ctx, member.token).post('/member/pay/order', { guid: '<script>' })).http).toBe(400);
  });
});
