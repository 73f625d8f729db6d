import { describe, expect, it } from 'vitest';
import { MEMBERSHIP_MONTH_MS } from '../src/modules/billing/settlement.service.js';
import { decide, newGuid, payAs, seedPackages } from './helpers/billing.js';
import { buildVip } from './helpers/chat.js';
import { hashToken } from '../src/infra/tokens.js';
import { as, buildUser, signIn } from './helpers/factories.js';
import { connectMember } from './helpers/socket-client.js';
import { startApp, type TestApp } from './helpers/test-app.js';

const DAY = 86_400_000;
const sec = (ms: number) => Math.floor(ms / 1000);
/** The member's own record, through a fresh session (the clock may have outrun the first one). */
const userinfo = async (ctx: TestApp, token: string) => {
  const id = (await ctx.db.selectFrom('sessions').select('user_id').orderBy('id').limit(1).where('token_hash', '=', hashToken(token)).executeTakeFirstOrThrow()).user_id;
  return (await as(ctx, await signIn(ctx, id)).post('/member/index/userinfo')).body.data;
};

async function setup(overrides: Parameters<typeof buildUser>[1] = {}) {
  let clock = Date.UTC(2030, 0, 1);
  const ctx = await startApp({ now: () => clock });
  const ids = await seedPackages(ctx);
  const member = await buildUser(ctx, overrides);
  return { ctx, ids, member, at: () => clock, travel: (ms: number) => (clock += ms) };
}

describe('upgrades', () => {
  it('by card: silver at once, for 30 days a month; userinfo shows the level and expiry', async () => {
    const { ctx, ids, member, at } = await setup();
    const res = await payAs(ctx, member.token, { userId: member.user.id, guid: await newGuid(ctx, member.token), payType: 4, income: '74.99', orderType: 2, packageId: ids.silver3 });
    expect(res.body.data).toMatchObject({ type: 'ok', order: { status: 'paid', order_type: 2, vip_level: 1, months: 3, vip: 1, overduedate_1: sec(at() + 3 * MEMBERSHIP_MONTH_MS) } });
    expect(await userinfo(ctx, member.token)).toMatchObject({ vip: 1, overduedate_1: sec(at() + 90 * DAY), overduedate_2: 0, amount: 0 });
    const ledger = await ctx.db.selectFrom('ledger').select('id').where('user_id', '=', member.user.id).execute();
    expect(ledger).toEqual([]);
  });

  it('extends from the current expiry when one is running, from now when it ended', async () => {
    const { ctx, ids, member, at, travel } = await setup({ vip: 1, vip1_until: Date.UTC(2030, 0, 11) });
    await payAs(ctx, member.token, { userId: member.user.id, guid: await newGuid(ctx, member.token), payType: 4, income: '29.99', orderType: 2, packageId: ids.silver1 });
    expect((await userinfo(ctx, member.token)).overduedate_1).toBe(sec(Date.UTC(2030, 0, 11) + 30 * DAY));
    travel(100 * DAY);
    expect((await userinfo(ctx, member.token)).vip).toBe(0);
    const token = await signIn(ctx, member.user.id);
    await payAs(ctx, token, { userId: member.user.id, guid: await newGuid(ctx, token), payType: 4, income: '29.99', orderType: 2, packageId: ids.silver1 });
    expect(await userinfo(ctx, token)).toMatchObject({ vip: 1, overduedate_1: sec(at() + 30 * DAY) });
  });

  it('gold over silver: gold while it runs, then the silver time left, then free', async () => {
    const { ctx, ids, member, travel } = await setup({ vip: 1, vip1_until: Date.UTC(2030, 2, 1) });
    await payAs(ctx, member.token, { userId: member.user.id, guid: await newGuid(ctx, member.token), payType: 4, income: '49.99', orderType: 2, packageId: ids.gold1 });
    expect(await userinfo(ctx, member.token)).toMatchObject({ vip: 2, overduedate_2: sec(Date.UTC(2030, 0, 1) + 30 * DAY) });
    travel(31 * DAY);
    expect((await userinfo(ctx, member.token)).vip).toBe(1);
    travel(60 * DAY);
    expect((await userinfo(ctx, member.token)).vip).toBe(0);
  });

  it('from the balance: the price in credits, a ledger row "upgrade", the level at once', async () => {
    const { ctx, ids, member } = await setup({ credits: 10_000 });
    const res = await payAs(ctx, member.token, { userId: member.user.id, guid: await newGuid(ctx, member.token), payType: 0, income: '49.99', orderType: 2, packageId: ids.gold1 });
    expect(res.body.data).toMatchObject({ type: 'ok', order: { status: 'paid', vip: 2, amount: 50.01 } });
    const ledger = await ctx.db.selectFrom('ledger').selectAll().where('user_id', '=', member.user.id).execute();
    expect(ledger.map((r) => [Number(r.delta), Number(r.balance_after), r.reason, r.ref_type])).toEqual([[-4999, 5001, 'upgrade', 'order']]);
  });

  it('from a short balance: -1 Insufficient Credits, nothing charged, no level, and the guid may be tried again', async () => {
    const { ctx, ids, member } = await setup({ credits: 2998 });
    const guid = await newGuid(ctx, member.token);
    const args = { userId: member.user.id, guid, payType: 0, income: '29.99', orderType: 2, packageId: ids.silver1 };
    expect((await payAs(ctx, member.token, args)).body).toMatchObject({ status: -1, error: 'insufficient_credits', msg: 'Insufficient Credits' });
    expect(await userinfo(ctx, member.token)).toMatchObject({ vip: 0, amount: 29.98 });
    expect(await ctx.db.selectFrom('orders').select('id').execute()).toEqual([]);
    await ctx.db.updateTable('users').set({ credits: 2999 }).where('id', '=', member.user.id).execute();
    expect((await payAs(ctx, member.token, args)).body.data).toMatchObject({ type: 'ok', order: { vip: 1, amount: 0 } });
  });

  it('an upgrade paid on a hosted page extends once however often it is confirmed', async () => {
    const { ctx, ids, member } = await setup();
    const res = await payAs(ctx, member.token, { userId: member.user.id, guid: await newGuid(ctx, member.token), payType: 5, income: '29.99', orderType: 2, packageId: ids.silver1 });
    await decide(ctx, res.body.data.content, 'pay');
    await decide(ctx, res.body.data.content, 'pay');
    expect((await userinfo(ctx, member.token)).overduedate_1).toBe(sec(Date.UTC(2030, 0, 1) + 30 * DAY));
  });
});

describe('the live connection follows the level', () => {
  it('a free member upgraded by balance opens chats from the list on the same socket at once; when it expires, no longer', async () => {
    const { ctx, ids, member, travel } = await setup({ credits: 10_000 });
    const other = await buildVip(ctx, 1, { sex: 1, vip1_until: Date.UTC(2040, 0, 1) });
    const { socket } = await connectMember(ctx, member.token);
    let n = 0;
    const openFromList = async () => {
      const req = `open${++n}`;
      socket.send({ opt: 0, uid: other.user.id, address: 'list', req });
      return socket.answerTo(req);
    };
    expect(await openFromList()).toMatchObject({ kind: 8, error: 'need_upgrade' });

    const res = await payAs(ctx, member.token, { userId: member.user.id, guid: await newGuid(ctx, member.token), payType: 0, income: '29.99', orderType: 2, packageId: ids.silver1 });
    expect(res.body.data.type).toBe('ok');
    // The hub's member-changed event refreshes the socket's member; no ping, no sign-in.
    expect(await openFromList()).toMatchObject({ kind: 3 });

    travel(31 * DAY);
    expect(await openFromList()).toMatchObject({ kind: 8, error: 'need_upgrade' });
    expect((await userinfo(ctx, member.token)).vip).toBe(0);
  });
});
