import { PayBody, TIMINGS } from '@kindred/protocol';
import { describe, expect, it } from 'vitest';
import { frameAddress } from '../src/ui/frame-address';
import { checkAmount, checkPayer, EMPTY_PAYER, luhnValid, methodsFor, payBody, sanitizeAmount, submitGuardMs, type PayerForm } from '../src/ui/payment-form';

const card: PayerForm = {
  name: 'Ada',
  lastname: 'Lovelace',
  email: 'ada@example.com',
  phone: '+44 20 7946 0000',
  cardnumber: '4242 4242 4242 4242',
  expMonth: '4',
  expYear: String(new Date().getFullYear() + 1),
  cvv: '123',
  country: 'TW',
  state: 'Taipei',
  city: 'Taipei',
  address: '1 Main Street',
  zip: '100',
};
const ctx = { userId: 7, guid: 'c0ffee00-1234-4abc-9def-000000000001', iface: 'm' as const, lang: 'en' as const };

describe('custom recharge amount (docs/product-rules.md §5)', () => {
  it.each([
    ['12.345', '12.34'],
    ['007', '7'],
    ['00.5', '0.5'],
    ['.5', '0.5'],
    ['1.2.3', '1.23'],
    ['abc12x', '12'],
    ['-3', '3'],
    ['1e5', '15'],
    ['0', '0'],
    ['', ''],
  ])('keeps %j to %j as it is typed', (typed, kept) => {
    expect(sanitizeAmount(typed)).toBe(kept);
  });

  it('must be there and more than 0: required, then "Money wrong"', () => {
    expect(checkAmount('')).toMatchObject({ key: 'common:validation.required' });
    expect(checkAmount('0')).toMatchObject({ key: 'money.moneyWrong' });
    expect(checkAmount('0.00')).toMatchObject({ key: 'money.moneyWrong' });
    expect(checkAmount('99999999')).toMatchObject({ key: 'money.moneyWrong' });
    expect(checkAmount('0.01')).toBeNull();
    expect(checkAmount('800.00')).toBeNull();
  });
});

describe('payment form (docs/product-rules.md §5)', () => {
  it('offers balance for upgrades only, method 3 first', () => {
    expect(methodsFor(1)).not.toContain(0);
    expect(methodsFor(2)).toContain(0);
    expect(methodsFor(1)[0]).toBe(3);
  });

  it('methods 2 and 3 need name, e-mail and phone; the name in English', () => {
    expect(checkPayer(3, EMPTY_PAYER)).toMatchObject({ field: 'name', values: { fieldKey: 'name' } });
    expect(checkPayer(2, { ...EMPTY_PAYER, name: 'Ada' })).toMatchObject({ field: 'email' });
    expect(checkPayer(3, { ...EMPTY_PAYER, name: '王小明', email: 'a@b.co', phone: '5550100' })).toMatchObject({ key: 'money.rules.nameEnglish' });
    expect(checkPayer(3, { ...EMPTY_PAYER, name: 'Ada', email: 'a@b.co', phone: '5550100' })).toBeNull();
  });

  it('method 4 needs the whole card form, each field in turn', () => {
    expect(checkPayer(4, card)).toBeNull();
    for (const field of ['lastname', 'cardnumber', 'cvv', 'country', 'state', 'city', 'address', 'zip'] as const) {
      expect(checkPayer(4, { ...card, [field]: '' }), field).toMatchObject({ key: 'common:validation.required', field });
    }
    expect(checkPayer(4, { ...card, expMonth: '' })).toMatchObject({ values: { fieldKey: 'expiration' } });
    expect(checkPayer(4, { ...card, cardnumber: '4242 4242 4242 4241' })).toMatchObject({ key: 'money.rules.cardnumber' });
    expect(checkPayer(4, { ...card, cvv: '12' })).toMatchObject({ key: 'money.rules.cvv' });
    expect(checkPayer(4, { ...card, expYear: String(new Date().getFullYear() - 1) })).toMatchObject({ key: 'money.rules.expiration' });
  });

  it('methods 0, 1, 5 and 6 ask for nothing', () => {
    for (const m of [0, 1, 5, 6] as const) expect(checkPayer(m, EMPTY_PAYER)).toBeNull();
  });

  it("checks card numbers with Luhn's digit", () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4000000000003220')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('42')).toBe(false);
  });
});

describe('submit guard (docs/product-rules.md §5)', () => {
  it('phone: 10 s for the card form and for upgrades by 0, 1 and 5; desktop: 3 s for everything', () => {
    for (const m of [2, 3, 4] as const) expect(submitGuardMs('m', m, 1)).toBe(TIMINGS.submitGuardMobileMs);
    for (const m of [0, 1, 5] as const) expect(submitGuardMs('m', m, 2)).toBe(TIMINGS.submitGuardMobileMs);
    expect(submitGuardMs('m', 1, 1)).toBe(0);
    expect(submitGuardMs('m', 6, 2)).toBe(0);
    for (const m of [0, 1, 2, 3, 4, 5, 6] as const) expect(submitGuardMs('w', m, 1)).toBe(TIMINGS.submitGuardDesktopMs);
  });
});

describe('member/Pay/pay body', () => {
  it('is what the protocol accepts, with card fields only for method 4', () => {
    const cardBody = payBody({ orderType: 1, packageId: 3, income: '50.00', payType: 4 }, card, ctx);
    const parsed = PayBody.safeParse(cardBody);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    expect(parsed.data).toMatchObject({ card_number: '4242424242424242', card_fullName: 'Ada Lovelace', income: 5000, user_id: 7 });

    const wallet = payBody({ orderType: 2, packageId: 1, income: '29.99', payType: 3 }, card, { ...ctx, iface: 'w' });
    expect(wallet).not.toHaveProperty('card_number');
    expect(wallet).not.toHaveProperty('cvv');
    expect(PayBody.safeParse(wallet).success).toBe(true);

    const balance = payBody({ orderType: 2, packageId: 1, income: '29.99', payType: 0 }, card, ctx);
    expect(Object.keys(balance).some((k) => k.startsWith('card_'))).toBe(false);
    expect(PayBody.safeParse(balance).success).toBe(true);
  });
});

describe('payment frame address', () => {
  const origin = 'https://kindred.example';
  it('frames our own pages and the card provider challenge host only', () => {
    expect(frameAddress('/payments/sandbox/challenge/sbx_1', origin)).toBe(`${origin}/payments/sandbox/challenge/sbx_1`);
    expect(frameAddress(`${origin}/payments/x`, origin)).toBe(`${origin}/payments/x`);
    expect(frameAddress('https://hooks.stripe.com/3d_secure/x', origin)).toBe('https://hooks.stripe.com/3d_secure/x');
    expect(frameAddress('https://evil.example/phish', origin)).toBeNull();
    expect(frameAddress('javascript:alert(1)', origin)).toBeNull();
    expect(frameAddress('//evil.example/x', origin)).toBeNull();
    expect(frameAddress(null, origin)).toBeNull();
  });
});
