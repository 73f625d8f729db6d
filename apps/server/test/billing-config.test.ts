import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { luhnValid } from '../src/infra/payments/sandbox-provider.js';
import { paymentFrameOrigins, PaymentProviders } from '../src/infra/payments/providers.js';
import { refOf, newGuid, payAs, seedPackages } from './helpers/billing.js';
import { buildUser } from './helpers/factories.js';
import { startApp } from './helpers/test-app.js';

const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/kindred-config-test' };
const STRIPE = { STRIPE_SECRET_KEY: 'sk_test_abc123', STRIPE_WEBHOOK_SECRET: 'whsec_abc123' };

describe('payment configuration (PAYMENT_*, STRIPE_*)', () => {
  it('uses the sandbox for every method without a Stripe key', () => {
    const { payments } = loadConfig(base);
    expect(payments.providers).toEqual({ card: 'sandbox', wallet: 'sandbox', other: 'sandbox', scan: 'sandbox' });
    expect(payments.stripe).toBeUndefined();
    expect(payments.expirySweepMs).toBe(0);
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).payments.expirySweepMs).toBe(300_000);
    expect(paymentFrameOrigins(payments)).toEqual(["'self'"]);
  });

  it('moves card, wallet and scan-code to Stripe with a key; each method can be chosen', () => {
    const withKey = loadConfig({ ...base, ...STRIPE, STRIPE_API_BASE: 'http://127.0.0.1:12111/' });
    expect(withKey.payments.providers).toEqual({ card: 'stripe', wallet: 'stripe', other: 'sandbox', scan: 'stripe' });
    expect(withKey.payments.stripe).toMatchObject({ secretKey: 'sk_test_abc123', apiBase: 'http://127.0.0.1:12111' });
    expect(paymentFrameOrigins(withKey.payments)).toContain('https://hooks.stripe.com');
    const mixed = loadConfig({ ...base, ...STRIPE, PAYMENT_CARD_PROVIDER: 'sandbox', PAYMENT_OTHER_PROVIDER: 'stripe' });
    expect(mixed.payments.providers).toEqual({ card: 'sandbox', wallet: 'stripe', other: 'stripe', scan: 'stripe' });
    const providers = new PaymentProviders(mixed.payments, { db: undefined as never, publicUrl: 'http://localhost' });
    expect([providers.for('card').name, providers.for('wallet').name, providers.byName('sandbox')?.name, providers.byName('paypal')]).toEqual(['sandbox', 'stripe', 'sandbox', undefined]);
  });

  it('refuses half a setting at start', () => {
    expect(() => loadConfig({ ...base, PAYMENT_CARD_PROVIDER: 'stripe' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, PAYMENT_SCAN_PROVIDER: 'paypal' })).toThrow(/PAYMENT_SCAN_PROVIDER/);
    expect(() => loadConfig({ ...base, STRIPE_SECRET_KEY: 'not-a-key' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ ...base, NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_live_abc' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => loadConfig({ ...base, PAYMENT_EXPIRY_SWEEP_MS: '10' })).toThrow(/PAYMENT_EXPIRY_SWEEP_MS/);
    expect(() => loadConfig({ ...base, SANDBOX_WEBHOOK_SECRET: 'short' })).toThrow(/SANDBOX_WEBHOOK_SECRET/);
  });
});

describe('the sandbox provider', () => {
  it("checks card numbers with Luhn's digit", () => {
    for (const good of ['4242424242424242', '4000000000000002', '4000000000009995', '4000000000003220', '5555555555554444']) expect(luhnValid(good), good).toBe(true);
    for (const bad of ['4242424242424241', '1234', '', '42424242424242424242', '4242x42424242424']) expect(luhnValid(bad), bad).toBe(false);
  });

  it('refuses a webhook signed more than five minutes ago (a captured delivery cannot be replayed later)', async () => {
    let clock = Date.now();
    const ctx = await startApp({ now: () => clock });
    const ids = await seedPackages(ctx);
    const member = await buildUser(ctx);
    const res = await payAs(ctx, member.token, { userId: member.user.id, guid: await newGuid(ctx, member.token), payType: 2, income: '10.00', packageId: ids.recharge10 });
    const [body, headers] = ctx.services.payments.sandbox.signedEvent(refOf(res.body.data.content), { status: 'succeeded' });
    clock += 6 * 60_000;
    const late = await ctx.app.inject({ method: 'POST', url: '/payments/webhook/sandbox', payload: body, headers });
    expect(late.statusCode).toBe(400);
    const user = await ctx.db.selectFrom('users').select('credits').where('id', '=', member.user.id).executeTakeFirstOrThrow();
    expect(Number(user.credits)).toBe(0);
  });
});
