import { describe, expect, it } from 'vitest';
import { cardExpiry, normalizeOrderType, parseUsdCents, PayBody, payMethodOf, payReturnPath, upgradePlan } from '../src/index.js';

describe('parseUsdCents (docs/product-rules.md Payments: the custom amount rule)', () => {
  it('reads digits with one decimal point and at most two decimals', () => {
    expect(parseUsdCents('800')).toBe(80000);
    expect(parseUsdCents('800.00')).toBe(80000);
    expect(parseUsdCents('0010.5')).toBe(1050);
    expect(parseUsdCents('10.')).toBe(1000);
    expect(parseUsdCents(29.99)).toBe(2999);
    expect(parseUsdCents('0.01')).toBe(1);
  });

  it('refuses zero, negatives, three decimals, junk, NaN and amounts above the maximum', () => {
    for (const bad of ['0', '0.00', '-1', '1.234', '1e3', 'abc', '', ' 1', '1.2.3', '10000.01', '99999999999999999', NaN, Infinity, -5, 0, 1.005])
      expect(parseUsdCents(bad as string | number), String(bad)).toBeNull();
    expect(parseUsdCents('10000.00')).toBe(1_000_000);
  });
});

describe('upgradePlan (monthly price and saving computed once)', () => {
  it('answers the list price and each package with its month price and whole saving', () => {
    const plan = upgradePlan(2999, [
      { id: 1, months: 1, amountCents: 2999 },
      { id: 2, months: 3, amountCents: 7499 },
      { id: 3, months: 12, amountCents: 23999 },
    ]);
    expect(plan).toEqual({
      price: '29.99',
      packages: [
        { id: 1, duration: 1, amounts: '29.99', monthly: '29.99', saving: 0 },
        { id: 2, duration: 3, amounts: '74.99', monthly: '25.00', saving: 16 },
        { id: 3, duration: 12, amounts: '239.99', monthly: '20.00', saving: 33 },
      ],
    });
  });

  it('never shows a negative saving for a package dearer than the list price', () => {
    expect(upgradePlan(1000, [{ id: 1, months: 1, amountCents: 1500 }]).packages[0]!.saving).toBe(0);
  });
});

describe('codes', () => {
  it('maps pay_type to a method and order_type 0 to a recharge', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(payMethodOf)).toEqual(['balance', 'other', 'wallet', 'wallet', 'card', 'other', 'scan']);
    expect([0, 1, 2].map(normalizeOrderType)).toEqual([1, 1, 2]);
  });

  it('builds the return path of each interface', () => {
    expect(payReturnPath('m', 'abc-12345')).toBe('/m/home/pay/result?guid=abc-12345');
    expect(payReturnPath('w', 'abc-12345')).toBe('/w/home/pay/result?guid=abc-12345');
  });
});

describe('PayBody', () => {
  const base = { user_id: 5, pay_type: 3, income: '10.00', order_type: 1, packege_id: 1, guid: 'a1b2c3d4-0000', card_fullName: 'Ann Lee', card_email: 'a@b.co', card_fullPhone: '+1 555' };

  it('takes the wallet fields and converts income to cents', () => {
    const body = PayBody.parse(base);
    expect(body.income).toBe(1000);
    expect(body.gainer_id).toBe(0);
  });

  it('asks methods 2/3 for name, e-mail and phone and method 4 for the card form', () => {
    const wallet = PayBody.safeParse({ ...base, card_email: '' });
    expect(wallet.success).toBe(false);
    const card = PayBody.safeParse({ ...base, pay_type: 4 });
    expect(card.success).toBe(false);
    const paths = card.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['card_number', 'cvv', 'card_country', 'exp_date']));
  });

  it('accepts a full card form with spaces in the number and an MM/YY expiry', () => {
    const body = PayBody.parse({
      ...base,
      pay_type: 4,
      card_number: '4242 4242 4242 4242',
      exp_date: '12/34',
      cvv: '123',
      card_country: 'US',
      card_state: 'CA',
      card_city: 'LA',
      card_address: '1 Main St',
      card_ZipCode: '90001',
    });
    expect(body.card_number).toBe('4242424242424242');
    expect(cardExpiry(body)).toEqual({ month: 12, year: 2034 });
  });

  it('refuses bad amounts, an unknown country, a non-English cardholder and a long guid', () => {
    for (const income of ['-1', '0', '1.234', 'NaN', '1'.repeat(20), null]) expect(PayBody.safeParse({ ...base, income }).success, String(income)).toBe(false);
    expect(PayBody.safeParse({ ...base, pay_type: 4, card_country: 'FR' }).success).toBe(false);
    expect(PayBody.safeParse({ ...base, pay_type: 4, card_fullName: '王小明', card_number: '4242424242424242', exp_date: '12/34', cvv: '123', card_country: 'US', card_state: 'x', card_city: 'x', card_address: 'x', card_ZipCode: '1' }).success).toBe(false);
    expect(PayBody.safeParse({ ...base, guid: 'x'.repeat(65) }).success).toBe(false);
  });
});
