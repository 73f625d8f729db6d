import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newGuid, payAs, seedPackages } from './helpers/billing.js';
import { as, buildUser } from './helpers/factories.js';
import { STAND_IN_SECRET_KEY, STAND_IN_WEBHOOK_SECRET, TEST_CARDS, startStripeStandIn, type StripeStandIn } from './helpers/stripe-stand-in.js';
import { startApp, type TestApp } from './helpers/test-app.js';

/**
 * Payments through the real app with Stripe chosen (STRIPE_SECRET_KEY), the official SDK talking
 * to the local stand-in (STRIPE_API_BASE): pay → order → webhook → credits, end to end.
 */
let standIn: StripeStandIn;
beforeAll(async () => {
  standIn = await startStripeStandIn();
});
afterAll(() => standIn.close());

async function setup() {
  const ctx = await startApp({
    env: { STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY, STRIPE_WEBHOOK_SECRET: STAND_IN_WEBHOOK_SECRET, STRIPE_API_BASE: standIn.url, PAY_RATE_LIMIT: '1000' },
  });
  const ids = await seedPackages(ctx);
  const member = await buildUser(ctx);
  return { ctx, ids, member };
}

const balanceOf = async (ctx: TestApp, id: number) => Number((await ctx.db.selectFrom('users').select('credits').where('id', '=', id).executeTakeFirstOrThrow()).credits);
const ledgerOf = (ctx: TestApp, id: number) => ctx.db.selectFrom('ledger').select(['delta', 'reason']).where('user_id', '=', id).execute();
const orderOf = (ctx: TestApp, guid: string) => ctx.db.selectFrom('orders').selectAll().where('guid', '=', guid).executeTakeFirstOrThrow();

function deliver(ctx: TestApp, delivery: { payload: string; signature: string }) {
  return ctx.app.inject({
    method: 'POST',
    url: '/payments/webhook/stripe',
    payload: delivery.payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': delivery.signature },
  });
}

async function payByCard(ctx: TestApp, member: Awaited<ReturnType<typeof setup>>['member'], packageId: number, number: string) {
  const guid = await newGuid(ctx, member.token);
  const res = await payAs(ctx, member.token, { userId: member.user.id, guid, payType: 4, income: '30.00', packageId, extra: { card_number: number } });
  return { guid, res };
}

describe('Stripe through the app', () => {
  it('answers generateuuid with no script, and frames only Stripe’s challenge host besides our own pages', async () => {
    const { ctx, member } = await setup();
    const res = await as(ctx, member.token).post('/member/pay/generateuuid');

    // The pages are what frame the challenge: their CSP names Stripe's host (a call's JSON answer frames nothing).
    const page = await ctx.app.inject({ method: 'GET', url: '/w/home/index' });

    expect(res.body.data.url).toBe('');
    expect(String(page.headers['content-security-policy'])).toMatch(/frame-src 'self' https:\/\/hooks\.stripe\.com;/);
    expect(String(page.headers['content-security-policy'])).toMatch(/script-src 'self';/);
  });

  it('pays by card at once: ok, credited once, and the card number kept nowhere', async () => {
    const { ctx, ids, member } = await setup();
    const before = standIn.requests.length;

    const { guid, res } = await payByCard(ctx, member, ids.recharge30, TEST_CARDS.success);

    expect(res.body).toMatchObject({ status: 200, data: { type: 'ok', content: '', order: { status: 'paid' } } });
    expect(await balanceOf(ctx, member.user.id)).toBe(3200);
    const order = await orderOf(ctx, guid);
    expect(order).toMatchObject({ provider: 'stripe', status: 'paid' });
    expect(order.provider_ref).toMatch(/^pi_/);
    const sent = standIn.requests.slice(before).filter((r) => r.path === '/v1/payment_intents');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ idempotencyKey: guid, form: { metadata: { order_id: String(order.id), guid } } });
    const stored = JSON.stringify(await ctx.db.selectFrom('orders').selectAll().execute()) + JSON.stringify(await ctx.db.selectFrom('ledger').selectAll().execute());
    expect(stored).not.toContain(TEST_CARDS.success);
    expect(res.raw).not.toContain(TEST_CARDS.success);
    expect(res.raw).not.toMatch(/cvv|card_number|exp_year/);
  });

  it('answers a decline as Payment failed with its reason, crediting nothing', async () => {
    const { ctx, ids, member } = await setup();
    const { res } = await payByCard(ctx, member, ids.recharge30, TEST_CARDS.insufficientFunds);

    expect(res.body).toMatchObject({ status: -2, error: 'payment_declined', data: { failure: 'insufficient_funds' } });
    expect(await balanceOf(ctx, member.user.id)).toBe(0);
  });

  it('shows 3-D Secure in a frame, and credits once when the webhook says it succeeded, however often it is delivered', async () => {
    const { ctx, ids, member } = await setup();
    const { guid, res } = await payByCard(ctx, member, ids.recharge30, TEST_CARDS.challenge);
    expect(res.body).toMatchObject({ status: 200, data: { type: 'iframe', content: expect.stringMatching(/^https:\/\/hooks\.stripe\.com\//) } });
    expect(await balanceOf(ctx, member.user.id)).toBe(0);

    const { provider_ref } = await orderOf(ctx, guid);
    const delivery = standIn.webhook('payment_intent.succeeded', standIn.settleIntent(provider_ref, 'approve'));
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(ctx, delivery)));
    answers.push(await deliver(ctx, delivery));

    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(200));
    expect(await balanceOf(ctx, member.user.id)).toBe(3200);
    expect(await ledgerOf(ctx, member.user.id)).toHaveLength(1);
    expect((await as(ctx, member.token).post('/member/pay/order', { guid })).body.data).toMatchObject({ status: 'paid' });
  });

  it('refuses a forged or stale webhook with 400 and credits nothing', async () => {
    const { ctx, ids, member } = await setup();
    const { guid } = await payByCard(ctx, member, ids.recharge30, TEST_CARDS.challenge);
    const intent = standIn.settleIntent((await orderOf(ctx, guid)).provider_ref, 'approve');

    for (const delivery of [
      standIn.webhook('payment_intent.succeeded', intent, { secret: 'whsec_forged' }),
      standIn.webhook('payment_intent.succeeded', intent, { timestamp: Math.floor(Date.now() / 1000) - 3600 }),
      { payload: standIn.webhook('payment_intent.succeeded', intent).payload, signature: '' },
    ]) {
      const res = await deliver(ctx, delivery);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 400, error: 'webhook_invalid' });
    }
    expect(await balanceOf(ctx, member.user.id)).toBe(0);
    expect((await orderOf(ctx, guid)).status).toBe('pending');
  });

  it('sends a wallet payment to the hosted Checkout page and credits it on checkout.session.completed', async () => {
    const { ctx, ids, member } = await setup();
    const guid = await newGuid(ctx, member.token);
    const res = await payAs(ctx, member.token, { userId: member.user.id, guid, payType: 2, income: '10.00', packageId: ids.recharge10 });

    expect(res.body).toMatchObject({ status: 200, data: { type: 'jump', content: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\//) } });
    const order = await orderOf(ctx, guid);
    expect(order.provider_ref).toMatch(/^cs_test_/);

    // Back from the page before the webhook: the order call asks Stripe and settles it.
    standIn.completeSession(order.provider_ref);
    expect((await as(ctx, member.token).post('/member/pay/order', { guid })).body.data).toMatchObject({ status: 'paid' });
    const late = standIn.webhook('checkout.session.completed', standIn.sessions.get(order.provider_ref)!);
    expect((await deliver(ctx, late)).statusCode).toBe(200);
    expect(await balanceOf(ctx, member.user.id)).toBe(1000);
    expect(await ledgerOf(ctx, member.user.id)).toHaveLength(1);
  });

  it('shows scan-code as WeChat Pay’s QR page', async () => {
    const { ctx, ids, member } = await setup();
    const guid = await newGuid(ctx, member.token);
    const res = await payAs(ctx, member.token, { userId: member.user.id, guid, payType: 6, income: '10.00', packageId: ids.recharge10 });

    expect(res.body).toMatchObject({ status: 200, data: { type: 'jump', content: expect.stringMatching(/^https:\/\/pay\.stripe\.com\/wechat_pay\//) } });
  });
});
