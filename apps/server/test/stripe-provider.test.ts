import { inspect } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WebhookSignatureError, type CreatePayment, type PaymentMethodKind } from '../src/infra/payments/provider.js';
import { StripeProvider } from '../src/infra/payments/stripe-provider.js';
import { STAND_IN_SECRET_KEY, STAND_IN_WEBHOOK_SECRET, TEST_CARDS, startStripeStandIn, type StripeStandIn } from './helpers/stripe-stand-in.js';

/** The real `stripe` SDK against a local stand-in of the endpoints we use: never the internet. */
let standIn: StripeStandIn;
let provider: StripeProvider;
let orderId = 1000;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  provider = new StripeProvider({ secretKey: STAND_IN_SECRET_KEY, webhookSecret: STAND_IN_WEBHOOK_SECRET, apiBase: standIn.url, publicUrl: 'https://kindred.example' });
});
afterAll(() => standIn.close());
beforeEach(() => {
  standIn.requests.length = 0;
  standIn.answers.length = 0;
});

function payment(method: PaymentMethodKind, number: string = TEST_CARDS.success): CreatePayment {
  orderId += 1;
  return {
    orderId,
    guid: `guid-${orderId}-${Math.random().toString(36).slice(2)}`,
    amountCents: 1999,
    currency: 'usd',
    description: 'Kindred credits 20.00',
    method,
    payer: { name: 'Ada Lovelace', email: 'ada@example.com', phone: '+441234567890' },
    card: method === 'card' ? { number, expMonth: 12, expYear: 2030, cvv: '123', country: 'GB', state: 'London', city: 'London', address: '1 Main St', zip: 'N1 9GU' } : undefined,
    returnUrl: '/m/pay/return?order=1',
  };
}

const headers = (signature: string) => ({ 'stripe-signature': signature, 'content-type': 'application/json' });

describe('StripeProvider: cards', () => {
  it('confirms a card in one request keyed by the guid, with our metadata and the card passed through', async () => {
    const pay = payment('card');
    const intent = await provider.createAndConfirm(pay);

    expect(intent).toEqual({ providerRef: expect.stringMatching(/^pi_/), status: 'succeeded' });
    expect(standIn.requests).toHaveLength(1);
    const [sent] = standIn.requests;
    expect(sent).toMatchObject({ method: 'POST', path: '/v1/payment_intents', idempotencyKey: pay.guid });
    expect(sent!.form).toMatchObject({
      amount: '1999',
      currency: 'usd',
      confirm: 'true',
      allowed_payment_method_types: { 0: 'card' },
      return_url: 'https://kindred.example/m/pay/return?order=1',
      metadata: { order_id: String(pay.orderId), guid: pay.guid },
      payment_method_data: { type: 'card', card: { number: TEST_CARDS.success, exp_month: '12', exp_year: '2030', cvc: '123' }, billing_details: { address: { country: 'GB' } } },
    });
  });

  it('keeps the card number and CVC nowhere but the one request that carries them', async () => {
    const pay = payment('card');
    const intent = await provider.createAndConfirm(pay);
    await provider.retrieve(intent.providerRef);

    const carrying = standIn.requests.filter((r) => r.rawBody.includes(TEST_CARDS.success));
    expect(carrying).toHaveLength(1);
    expect(carrying[0]!.path).toBe('/v1/payment_intents');
    expect(standIn.requests).toHaveLength(2);
    const everythingElse = [JSON.stringify(intent), ...standIn.answers, JSON.stringify([...standIn.intents.values()]), inspect(provider, { depth: 10, showHidden: true })];
    for (const text of everythingElse) {
      expect(text).not.toContain(TEST_CARDS.success);
      expect(text).not.toContain('cvc');
    }
  });

  it('answers a 3-D Secure challenge as an iframe next action, then succeeded or failed when the payer finishes it', async () => {
    const intent = await provider.createAndConfirm(payment('card', TEST_CARDS.challenge));

    expect(intent).toEqual({
      providerRef: expect.stringMatching(/^pi_/),
      status: 'requires_action',
      nextAction: { type: 'iframe', url: expect.stringMatching(/^https:\/\/hooks\.stripe\.com\//) },
    });
    standIn.settleIntent(intent.providerRef, 'approve');
    expect(await provider.retrieve(intent.providerRef)).toEqual({ providerRef: intent.providerRef, status: 'succeeded' });

    const declined = await provider.createAndConfirm(payment('card', TEST_CARDS.challenge));
    standIn.settleIntent(declined.providerRef, 'decline');
    expect(await provider.retrieve(declined.providerRef)).toEqual({ providerRef: declined.providerRef, status: 'failed', failureCode: 'card_declined' });
  });

  it.each([
    [TEST_CARDS.declined, 'card_declined'],
    [TEST_CARDS.insufficientFunds, 'insufficient_funds'],
    [TEST_CARDS.expired, 'expired_card'],
    [TEST_CARDS.incorrectCvc, 'incorrect_cvc'],
    [TEST_CARDS.processingError, 'card_declined'],
    ['4242424242424241', 'invalid_card'],
  ])('answers a decline of %s as failed with %s, never throwing or passing Stripe text on', async (number, failureCode) => {
    const intent = await provider.createAndConfirm(payment('card', number));

    expect(intent.status).toBe('failed');
    expect(intent.failureCode).toBe(failureCode);
    expect(Object.keys(intent).sort()).toEqual(['failureCode', 'providerRef', 'status']);
    expect(intent.providerRef).toMatch(/^pi_/);
  });

  it('retries a 500 Stripe asks it to retry, with the same idempotency key, and succeeds once', async () => {
    const pay = payment('card');
    standIn.failNext(1, true);

    const intent = await provider.createAndConfirm(pay);

    expect(intent.status).toBe('succeeded');
    expect(standIn.requests.map((r) => r.idempotencyKey)).toEqual([pay.guid, pay.guid]);
  });

  it('answers provider_error when Stripe fails, and for a wrong key, with no Stripe text', async () => {
    standIn.failNext(1, false);
    expect(await provider.createAndConfirm(payment('card'))).toEqual({ providerRef: '', status: 'failed', failureCode: 'provider_error' });

    const wrongKey = new StripeProvider({ secretKey: 'sk_test_wrong', webhookSecret: STAND_IN_WEBHOOK_SECRET, apiBase: standIn.url, publicUrl: 'https://kindred.example' });
    expect(await wrongKey.createAndConfirm(payment('wallet'))).toEqual({ providerRef: '', status: 'failed', failureCode: 'provider_error' });
    expect(await provider.retrieve('pi_doesnotexist')).toEqual({ providerRef: 'pi_doesnotexist', status: 'failed', failureCode: 'provider_error' });
  });

  it('answers an unreachable API as provider_error', async () => {
    const closed = await startStripeStandIn();
    await closed.close();
    const offline = new StripeProvider({ secretKey: STAND_IN_SECRET_KEY, webhookSecret: STAND_IN_WEBHOOK_SECRET, apiBase: closed.url, publicUrl: 'https://kindred.example' });

    expect(await offline.createAndConfirm(payment('scan'))).toEqual({ providerRef: '', status: 'failed', failureCode: 'provider_error' });
  });

  it('gets the first answer again when the same guid is confirmed twice (Stripe replays by idempotency key)', async () => {
    const pay = payment('card');
    const first = await provider.createAndConfirm(pay);
    const second = await provider.createAndConfirm(pay);

    expect(second).toEqual(first);
    expect(standIn.intents.has(first.providerRef)).toBe(true);
    expect([...standIn.intents.values()].filter((i) => (i.metadata as { guid?: string }).guid === pay.guid)).toHaveLength(1);
  });
});

describe('StripeProvider: hosted page and scan-code', () => {
  it.each(['wallet', 'other'] as const)('sends %s to a Checkout Session and tracks it by the session id', async (method) => {
    const pay = payment(method);
    const intent = await provider.createAndConfirm(pay);

    expect(intent).toEqual({ providerRef: expect.stringMatching(/^cs_test_/), status: 'requires_action', nextAction: { type: 'redirect', url: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\//) } });
    const [sent] = standIn.requests;
    expect(sent).toMatchObject({ path: '/v1/checkout/sessions', idempotencyKey: pay.guid });
    expect(sent!.form).toMatchObject({
      mode: 'payment',
      success_url: 'https://kindred.example/m/pay/return?order=1',
      client_reference_id: String(pay.orderId),
      customer_email: 'ada@example.com',
      line_items: { 0: { quantity: '1', price_data: { currency: 'usd', unit_amount: '1999' } } },
      metadata: { order_id: String(pay.orderId), guid: pay.guid },
    });

    expect(await provider.retrieve(intent.providerRef)).toEqual(intent);
    standIn.completeSession(intent.providerRef);
    expect(await provider.retrieve(intent.providerRef)).toEqual({ providerRef: intent.providerRef, status: 'succeeded' });
  });

  it('answers an expired Checkout Session as failed', async () => {
    const intent = await provider.createAndConfirm(payment('wallet'));
    standIn.expireSession(intent.providerRef);

    expect(await provider.retrieve(intent.providerRef)).toEqual({ providerRef: intent.providerRef, status: 'failed', failureCode: 'provider_error' });
  });

  it('shows scan-code as a WeChat Pay QR page, settled when the phone pays', async () => {
    const pay = payment('scan');
    const intent = await provider.createAndConfirm(pay);

    expect(intent).toEqual({ providerRef: expect.stringMatching(/^pi_/), status: 'requires_action', nextAction: { type: 'scan', url: expect.stringMatching(/^https:\/\/pay\.stripe\.com\/wechat_pay\//) } });
    expect(standIn.requests[0]!.form).toMatchObject({
      allowed_payment_method_types: { 0: 'wechat_pay' },
      payment_method_data: { type: 'wechat_pay' },
      payment_method_options: { wechat_pay: { client: 'web' } },
      confirm: 'true',
    });
    standIn.settleIntent(intent.providerRef, 'approve');
    expect((await provider.retrieve(intent.providerRef)).status).toBe('succeeded');
  });

  it('needs no script: scriptUrl is empty, so the CSP stays self only', () => {
    expect(provider.scriptUrl()).toBe('');
  });
});

describe('StripeProvider: webhooks', () => {
  it('maps a genuine payment_intent.succeeded and payment_failed delivery', async () => {
    const ok = await provider.createAndConfirm(payment('card'));
    const succeeded = standIn.webhook('payment_intent.succeeded', standIn.intents.get(ok.providerRef)!);
    expect(await provider.parseWebhook(Buffer.from(succeeded.payload), headers(succeeded.signature))).toEqual({ eventId: succeeded.eventId, providerRef: ok.providerRef, status: 'succeeded' });

    const bad = await provider.createAndConfirm(payment('card', TEST_CARDS.insufficientFunds));
    const failed = standIn.webhook('payment_intent.payment_failed', standIn.intents.get(bad.providerRef)!);
    expect(await provider.parseWebhook(Buffer.from(failed.payload), headers(failed.signature))).toEqual({ eventId: failed.eventId, providerRef: bad.providerRef, status: 'failed', failureCode: 'insufficient_funds' });
  });

  it('maps checkout.session.completed and expired to the session id, and ignores the session intent’s own events', async () => {
    const hosted = await provider.createAndConfirm(payment('other'));
    const session = standIn.completeSession(hosted.providerRef);
    const completed = standIn.webhook('checkout.session.completed', session);
    expect(await provider.parseWebhook(Buffer.from(completed.payload), headers(completed.signature))).toEqual({ eventId: completed.eventId, providerRef: hosted.providerRef, status: 'succeeded' });

    const sessionIntent = standIn.intents.get(session.payment_intent as string)!;
    const duplicate = standIn.webhook('payment_intent.succeeded', sessionIntent);
    expect(await provider.parseWebhook(Buffer.from(duplicate.payload), headers(duplicate.signature))).toBeNull();

    const abandoned = await provider.createAndConfirm(payment('wallet'));
    const expired = standIn.webhook('checkout.session.expired', standIn.expireSession(abandoned.providerRef));
    expect(await provider.parseWebhook(Buffer.from(expired.payload), headers(expired.signature))).toMatchObject({ providerRef: abandoned.providerRef, status: 'failed' });
  });

  it('answers null for event types that settle nothing', async () => {
    const intent = await provider.createAndConfirm(payment('card'));
    const created = standIn.webhook('payment_intent.created', standIn.intents.get(intent.providerRef)!);

    expect(await provider.parseWebhook(Buffer.from(created.payload), headers(created.signature))).toBeNull();
  });

  it('refuses a forged, altered, unsigned or old (replayed) delivery with WebhookSignatureError', async () => {
    const intent = await provider.createAndConfirm(payment('card'));
    const object = standIn.intents.get(intent.providerRef)!;

    const forged = standIn.webhook('payment_intent.succeeded', object, { secret: 'whsec_attacker' });
    await expect(provider.parseWebhook(Buffer.from(forged.payload), headers(forged.signature))).rejects.toThrow(WebhookSignatureError);

    const genuine = standIn.webhook('payment_intent.succeeded', object);
    const altered = genuine.payload.replace(intent.providerRef, 'pi_someoneelse');
    await expect(provider.parseWebhook(Buffer.from(altered), headers(genuine.signature))).rejects.toThrow(WebhookSignatureError);
    await expect(provider.parseWebhook(Buffer.from(genuine.payload), {})).rejects.toThrow(WebhookSignatureError);
    await expect(provider.parseWebhook(Buffer.from(genuine.payload), headers('t=1,v1=00'))).rejects.toThrow(WebhookSignatureError);

    const replayed = standIn.webhook('payment_intent.succeeded', object, { timestamp: Math.floor(Date.now() / 1000) - 600 });
    await expect(provider.parseWebhook(Buffer.from(replayed.payload), headers(replayed.signature))).rejects.toThrow(WebhookSignatureError);
  });

  it('gives a redelivery within the tolerance the same event id, so billing applies it once', async () => {
    const intent = await provider.createAndConfirm(payment('card'));
    const object = standIn.intents.get(intent.providerRef)!;
    const first = standIn.webhook('payment_intent.succeeded', object);
    const again = standIn.webhook('payment_intent.succeeded', object, { eventId: first.eventId });

    const a = await provider.parseWebhook(Buffer.from(first.payload), headers(first.signature));
    const b = await provider.parseWebhook(Buffer.from(again.payload), { 'stripe-signature': [again.signature] });
    expect(a).toEqual(b);
    expect(a!.eventId).toBe(first.eventId);
  });
});
