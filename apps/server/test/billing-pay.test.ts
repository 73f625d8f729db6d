import { SANDBOX_TEST_CARDS } from '@kindred/protocol';
import { describe, expect, it } from 'vitest';
import { card, decide, newGuid, pathOf, payAs, payBody, seedPackages } from './helpers/billing.js';
import { as, buildUser } from './helpers/factories.js';
import { startApp, type TestApp } from './helpers/test-app.js';

async function setup(credits = 0) {
  const ctx = await startApp();
  const ids = await seedPackages(ctx);
  const member = await buildUser(ctx, { credits });
  return { ctx, ids, member, api: as(ctx, member.token) };
}

const balanceOf = async (ctx: TestApp, id: number) => Number((await ctx.db.selectFrom('users').select('credits').where('id', '=', id).executeTakeFirstOrThrow()).credits);
const ledgerOf = (ctx: TestApp, id: number) => ctx.db.selectFrom('ledger').selectAll().where('user_id', '=', id).orderBy('id').execute();

describe('price lists', () => {
  it('answers the active recharge packages with USD amounts and the credits they buy', async () => {
    const { ids, api } = await setup();
    const res = await api.post('/member/recharge/package');
    expect(res.body.status).toBe(200);
    expect(res.body.data).toEqual([
      { id: ids.recharge10, amounts: '10.00', credits: 10 },
      { id: ids.recharge30, amounts: '30.00', credits: 32 },
      { id: ids.recharge50, amounts: '50.00', credits: 55 },
    ]);
  });

  it('answers vip1 and vip2 with the monthly list price, month price and saving of each package', async () => {
    const { ids, api } = await setup();
    const res = await api.post('/member/upgrade/package');
    expect(res.body.data).toEqual({
      vip1: {
        price: '29.99',
        packages: [
          { id: ids.silver1, duration: 1, amounts: '29.99', monthly: '29.99', saving: 0 },
          { id: ids.silver3, duration: 3, amounts: '74.99', monthly: '25.00', saving: 16 },
        ],
      },
      vip2: {
        price: '49.99',
        packages: [
          { id: ids.gold1, duration: 1, amounts: '49.99', monthly: '49.99', saving: 0 },
          { id: ids.gold12, duration: 12, amounts: '419.99', monthly: '35.00', saving: 29 },
        ],
      },
    });
  });

  it('needs a signed-in member', async () => {
    const ctx = await startApp();
    for (const path of ['/member/recharge/package', '/member/Upgrade/package', '/member/pay/generateuuid', '/member/Pay/pay', '/member/pay/order'])
      expect((await as(ctx).post(path)).http, path).toBe(401);
  });

  it('issues a fresh guid each time, and the sandbox needs no script', async () => {
    const { api } = await setup();
    const a = await api.post('/member/pay/generateuuid');
    const b = await api.post('/member/pay/generateuuid');
    expect(a.body.data.guid).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.body.data.guid).not.toBe(b.body.data.guid);
    expect(a.body.data.url).toBe('');
  });
});

describe('recharge by card (pay_type 4)', () => {
  it('pays a package at once: ok, the credits and a ledger row, the order paid', async () => {
    const { ctx, ids, member } = await setup();
    const guid = await newGuid(ctx, member.token);
    const res = await payAs(ctx, member.token, { userId: member.user.id, guid, payType: 4, income: '30.00', packageId: ids.recharge30 });
    expect(res.body.status).toBe(200);
    expect(res.body.data).toMatchObject({ type: 'ok', content: '', guid, order: { status: 'paid', order_type: 1, amounts: '30.00', credits: 32, amount: 32 } });
    expect(await balanceOf(ctx, member.user.id)).toBe(3200);
    const ledger = await ledgerOf(ctx, member.user.id);
    expect(ledger.map((r) => [Number(r.delta), Number(r.balance_after), r.reason, r.ref_type])).toEqual([[3200, 3200, 'recharge', 'order']]);
    const order = await as(ctx, member.token).post('/member/pay/order', { guid });
    expect(order.body.data).toMatchObject({ status: 'paid', amount: 32, failure: '' });
  });

  it.each([
    ['declined', SANDBOX_TEST_CARDS.declined, 'card_declined'],
    ['short of funds', SANDBOX_TEST_CARDS.insufficientFunds, 'insufficient_funds'],
    ['failing Luhn', '4242424242424241', 'invalid_card'],
  ])('answers -2 for a card %s, and credits nothing', async (_what, number, failure) => {
    const { ctx, ids, member } = await setup();
    const guid = await newGuid(ctx, member.token);
    const res = await payAs(ctx, member.token, { userId: member.user.id, guid, payType: 4, income: '10.00', packageId: ids.recharge10, extra: { card_number: number } });
    expect(res.body).toMatchObject({ status: -2, error: 'payment_declined', data: { failure } });
    expect(await balanceOf(ctx, member.user.id)).toBe(0);
    expect((await as(ctx, member.token).post('/member/pay/order', { guid })).body.data).toMatchObject({ status: 'failed', failure });
  });

  it('refuses an expired card and a bad CVV as the provider would', async () => {
    const { ctx, ids, member } = await setup();
    const expired = await payAs(ctx, member.token, { userId: member.user.id, guid: await newGuid(ctx, member.token), payType: 4, income: '10', packageId: ids.recharge10, extra: { exp_year: 2020 } });
    expect(expired.body.data).toMatchObject({ failure: 'expired_card' });
    const cvv = await payAs(ctx, member.token, { userId: member.user.id, guid: await newGuid(ctx, member.token), payType: 4, income: '10', packageId: ids.recharge10, extra: { cvv: '12' } });
    expect(cvv.http).toBe(400);
    expect(cvv.body.data.fields).toHaveProperty('cvv');
    expect(await balanceOf(ctx, member.user.id)).toBe(0);
  });

  it('a challenge card answers iframe; the challenge page approves (credited) or declines (not)', async () => {
    const { ctx, ids, member } = await setup();
    const guid = await newGuid(ctx, member.token);
    const res = await payAs(ctx, member.token, { userId: member.user.id, guid, payType: 4, income: '10.00', packageId: ids.recharge10, extra: { card_number: SANDBOX_TEST_CARDS.challenge, lang: 'zh-TW' } });
    expect(res.body.data).toMatchObject({ type: 'iframe', order: { status: 'pending' } });
    const url: string = res.body.data.content;
    expect(url).toMatch(/^http:\/\/localhost:8080\/payments\/sandbox\/challenge\/sbx_[0-9a-f]{32}\?lang=zh-TW$/);

    const page = await ctx.app.inject({ method: 'GET', url: pathOf(url) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('身分驗證');
    expect(page.body).not.toMatch(/<script/i);
    expect(page.body).toContain('target="_top"');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self'");

    const approved = await decide(ctx, url, 'approve');
    expect(approved.statusCode).toBe(303);
    expect(approved.headers.location).toBe(`http://localhost:8080/m/home/pay/result?guid=${guid}`);
    expect(await balanceOf(ctx, member.user.id)).toBe(1000);
    // A second decision (a double click, a back button) changes nothing.
    await decide(ctx, url, 'decline');
    expect(await balanceOf(ctx, member.user.id)).toBe(1000);
    expect((await as(ctx, member.token).post('/member/pay/order', { guid })).body.data).toMatchObject({ status: 'paid', type: 'ok' });

    const guid2 = await newGuid(ctx, member.token);
    const second = await payAs(ctx, member.token, { userId: member.user.id, guid: guid2, payType: 4, income: '10.00', packageId: ids.recharge10, extra: { card_number: SANDBOX_TEST_CARDS.challenge, return_to: 'w' } });
    const declined = await decide(ctx, second.body.data.content, 'decline');
    expect(declined.headers.location).toBe(`http://localhost:8080/w/home/pay/result?guid=${guid2}`);
    expect((await as(ctx, member.token).post('/member/pay/order', { guid: guid2 })).body.data).toMatchObject({ status: 'failed', failure: 'card_declined' });
    expect(await balanceOf(ctx, member.user.id)).toBe(1000);
  });
});

describe('hosted page (pay_type 1, 2, 3, 5) and scan-code (6)', () => {
  it.each([1, 2, 3, 5])('pay_type %i jumps to the checkout page; Pay credits, Cancel fails the order', async (payType) => {
    const { ctx, ids, member } = await setup();
    const guid = await newGuid(ctx, member.token);
    const res = await payAs(ctx, member.token, { userId: member.user.id, guid, payType, income: '50.00', packageId: ids.recharge50 });
    expect(res.body.data).toMatchObject({ type: 'jump', order: { status: 'pending' } });
    const page = await ctx.app.inject({ method: 'GET', url: pathOf(res.body.data.content) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('USD 50.00');
    expect(page.body).not.toMatch(/<script/i);
    expect(await balanceOf(ctx, member.user.id)).toBe(0);
    expect((await decide(ctx, res.body.data.content, 'pay')).statusCode).toBe(303);
    expect(await balanceOf(ctx, member.user.id)).toBe(5500);

    const guid2 = await newGuid(ctx, member.token);
    const other = await payAs(ctx, member.token, { userId: member.user.id, guid: guid2, payType, income: '50.00', packageId: ids.recharge50 });
    await decide(ctx, other.body.data.content, 'cancel');
    expect((await as(ctx, member.token).post('/member/pay/order', { guid: guid2 })).body.data).toMatchObject({ status: 'failed', failure: 'cancelled' });
    // The settled page sends a late visitor back to the result page.
    const late = await ctx.app.inject({ method: 'GET', url: pathOf(other.body.data.content) });
    expect(late.statusCode).toBe(303);
    expect(await balanceOf(ctx, member.user.id)).toBe(5500);
  });

  it('scan-code shows a QR code whose address, opened elsewhere, pays; the scan page then goes back', async () => {
    const { ctx, ids, member } = await setup();
    const guid = await newGuid(ctx, member.token);
    const res = await payAs(ctx, member.token, { userId: member.user.id, guid, payType: 6, income: '10.00', packageId: ids.recharge10 });
    expect(res.body.data).toMatchObject({ type: 'jump' });
    const scanUrl: string = res.body.data.content;
    expect(scanUrl).toContain('/payments/sandbox/scan/');
    const page = await ctx.app.inject({ method: 'GET', url: pathOf(scanUrl) });
    expect(page.body).toMatch(/<img class="qr" alt="[^"]+" src="data:image\/png;base64,[A-Za-z0-9+/=]+">/);
    expect(page.body).toContain('http-equiv="refresh"');
    const confirmUrl = /href="([^"]+\/confirm\?lang=en)"/.exec(page.body)![1]!.replace(/&#38;/g, '&');

    const confirm = await ctx.app.inject({ method: 'GET', url: pathOf(confirmUrl) });
    expect(confirm.statusCode).toBe(200);
    const paid = await decide(ctx, scanUrl, 'confirm');
    expect(paid.statusCode).toBe(200);
    expect(paid.body).toContain('Payment complete');
    expect(await balanceOf(ctx, member.user.id)).toBe(1000);
    const back = await ctx.app.inject({ method: 'GET', url: pathOf(scanUrl) });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toContain(`/m/home/pay/result?guid=${guid}`);
  });

  it('an unknown sandbox page or decision is a 404/400 page, never a 500', async () => {
    const { ctx } = await setup();
    expect((await ctx.app.inject({ method: 'GET', url: '/payments/sandbox/checkout/sbx_' + '0'.repeat(32) })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/payments/sandbox/scan/nope' })).statusCode).toBe(404);
    expect((await decide(ctx, '/sbx_' + '0'.repeat(32), 'pay')).statusCode).toBe(404);
    expect((await decide(ctx, '/sbx_' + '0'.repeat(32), 'steal')).statusCode).toBe(400);
  });
});

describe('custom amounts and the rules of pay', () => {
  it('recharges a custom amount at 1.00 credit per USD', async () => {
    const { ctx, member } = await setup();
    const res = await payAs(ctx, member.token, { userId: member.user.id, guid: await newGuid(ctx, member.token), payType: 4, income: '12.34', orderType: 0 });
    expect(res.body.data.order).toMatchObject({ status: 'paid', amounts: '12.34', credits: 12.34, order_type: 1 });
    expect(await balanceOf(ctx, member.user.id)).toBe(1234);
  });

  it.each([['-1'], ['0'], ['0.00'], ['1.234'], ['NaN'], ['1e3'], ['10000.01'], ['99999999999999'], [''], [-5], [0]])('refuses income %j with 400 (Money wrong), nothing credited', async (income) => {
    const { ctx, member } = await setup();
    const res = await payAs(ctx, member.token, { userId: member.user.id, guid: await newGuid(ctx, member.token), payType: 4, income });
    expect(res.http).toBe(400);
    expect(res.body.data.fields).toHaveProperty('income');
    expect(await balanceOf(ctx, member.user.id)).toBe(0);
  });

  it('refuses an income that disagrees with the package (-3), an unknown or inactive package (-4)', async () => {
    const { ctx, ids, member } = await setup();
    const pay = async (income: string, packageId: number, orderType = 1) => payAs(ctx, member.token, { userId: member.user.id, guid: await newGuid(ctx, member.token), payType: 4, income, packageId, orderType });
    expect((await pay('1.00', ids.recharge30)).body).toMatchObject({ status: -3, error: 'amount_mismatch', data: { amounts: '30.00' } });
    expect((await pay('29.98', ids.silver1, 2)).body).toMatchObject({ status: -3 });
    expect((await pay('100.00', ids.rechargeInactive)).body).toMatchObject({ status: -4, error: 'package_unavailable' });
    expect((await pay('10.00', 999_999)).body).toMatchObject({ status: -4 });
    expect((await pay('29.99', 999_999, 2)).body).toMatchObject({ status: -4 });
    expect((await pay('29.99', 0, 2)).body).toMatchObject({ status: -4 });
    expect(await balanceOf(ctx, member.user.id)).toBe(0);
    expect(await ctx.db.selectFrom('orders').select('id').execute()).toEqual([]);
  });

  it("refuses someone else's user_id or gainer_id (403) and guids not issued to the caller (-6)", async () => {
    const { ctx, ids, member } = await setup();
    const other = await buildUser(ctx);
    const base = { guid: await newGuid(ctx, member.token), payType: 4, income: '10.00', packageId: ids.recharge10 };
    expect((await payAs(ctx, member.token, { ...base, userId: other.user.id })).http).toBe(403);
    const gainer = await as(ctx, member.token).postJson('/member/Pay/pay', { ...payBody({ ...base, userId: member.user.id }), gainer_id: other.user.id });
    expect(gainer.body).toMatchObject({ status: 403, error: 'pay_not_yours' });
    const theirs = await newGuid(ctx, other.token);
    expect((await payAs(ctx, member.token, { ...base, userId: member.user.id, guid: theirs })).body).toMatchObject({ status: -6, error: 'guid_invalid' });
    expect((await payAs(ctx, member.token, { ...base, userId: member.user.id, guid: 'aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee' })).body).toMatchObject({ status: -6 });
    expect(await balanceOf(ctx, member.user.id)).toBe(0);
    expect(await balanceOf(ctx, other.user.id)).toBe(0);
  });

  it('refuses a guid after its hour', async () => {
    let clock = Date.now();
    const ctx = await startApp({ now: () => clock });
    const ids = await seedPackages(ctx);
    const member = await buildUser(ctx);
    const guid = await newGuid(ctx, member.token);
    clock += 61 * 60_000;
    expect((await payAs(ctx, member.token, { userId: member.user.id, guid, payType: 4, income: '10.00', packageId: ids.recharge10 })).body).toMatchObject({ status: -6 });
  });

  it('asks the card form of pay_type 4 and the contact fields of 2/3 (400 with the fields)', async () => {
    const { ctx, ids, member } = await setup();
    const guid = await newGuid(ctx, member.token);
    const bare = { user_id: member.user.id, pay_type: 4, income: '10.00', packege_id: ids.recharge10, guid };
    const res = await as(ctx, member.token).postJson('/member/Pay/pay', bare);
    expect(res.http).toBe(400);
    expect(Object.keys(res.body.data.fields)).toEqual(expect.arrayContaining(['card_number', 'cvv', 'card_country', 'card_ZipCode', 'exp_date']));
    const wallet = await as(ctx, member.token).postJson('/member/Pay/pay', { ...bare, pay_type: 2 });
    expect(Object.keys(wallet.body.data.fields)).toEqual(expect.arrayContaining(['card_fullName', 'card_email', 'card_fullPhone']));
    const country = await as(ctx, member.token).postJson('/member/Pay/pay', { ...bare, ...card(), card_country: 'FR' });
    expect(country.body.data.fields).toHaveProperty('card_country');
  });

  it('takes the form-encoded body too, and expiry as exp_date MM/YY', async () => {
    const { ctx, ids, member } = await setup();
    const { exp_month: _m, exp_year: _y, ...rest } = card();
    const res = await as(ctx, member.token).post('/member/pay/pay', {
      user_id: member.user.id,
      pay_type: 4,
      income: '10.00',
      order_type: 1,
      packege_id: ids.recharge10,
      guid: await newGuid(ctx, member.token),
      ...rest,
      exp_date: `11/${(new Date().getUTCFullYear() + 2) % 100}`,
    });
    expect(res.body.data.type).toBe('ok');
    expect(await balanceOf(ctx, member.user.id)).toBe(1000);
  });

  it('the balance pays upgrades only (-7 for a recharge)', async () => {
    const { ctx, ids, member } = await setup(100_000);
    const res = await payAs(ctx, member.token, { userId: member.user.id, guid: await newGuid(ctx, member.token), payType: 0, income: '10.00', packageId: ids.recharge10 });
    expect(res.body).toMatchObject({ status: -7, error: 'pay_method_unavailable' });
    expect(await balanceOf(ctx, member.user.id)).toBe(100_000);
  });
});
