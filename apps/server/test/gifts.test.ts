import { describe, expect, it } from 'vitest';
import { buildUser, as, type BuiltUser } from './helpers/factories.js';
import { connectMember } from './helpers/socket-client.js';
import { startApp, useSharedApp, type TestApp } from './helpers/test-app.js';

const GIVING = '/member/gift/gift_giving';

async function firstGift(ctx: TestApp) {
  return ctx.db.selectFrom('gifts').selectAll().orderBy('id').executeTakeFirstOrThrow();
}

async function ledgerOf(ctx: TestApp, userId: number) {
  return ctx.db.selectFrom('ledger').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

async function nothingWritten(ctx: TestApp, sender: BuiltUser, credits: number) {
  const user = await ctx.db.selectFrom('users').select('credits').where('id', '=', sender.user.id).executeTakeFirstOrThrow();
  expect(Number(user.credits)).toBe(credits);
  expect(await ledgerOf(ctx, sender.user.id)).toEqual([]);
  expect(await ctx.db.selectFrom('gift_sends').select('id').where('sender_id', '=', sender.user.id).execute()).toEqual([]);
  expect(await ctx.db.selectFrom('messages').select('id').where('sender_id', '=', sender.user.id).execute()).toEqual([]);
}

describe('the gift catalogue', () => {
  const app = useSharedApp();

  it('is seeded on every installation: at least 4 categories and 30 gifts, named in three languages, priced in credits', async () => {
    const ctx = app();
    const member = await buildUser(ctx);
    const res = await as(ctx, member.token).post('/member/shop/gift');

    expect(res.body.status).toBe(200);
    const categories = res.body.data as any[];
    expect(categories.length).toBeGreaterThanOrEqual(4);
    const gifts = categories.flatMap((c) => c.list);
    expect(gifts.length).toBeGreaterThanOrEqual(30);
    for (const c of categories) {
      expect(c.classifye && c.classifyc && c.classifyf).toBeTruthy();
      for (const g of c.list) expect(g.classify).toBe(c.id);
    }
    for (const g of gifts) {
      expect(g).toEqual({
        id: expect.any(Number),
        classify: expect.any(Number),
        path: expect.stringMatching(/^\/static\/gifts\/[a-z-]+\.webp$/),
        money: expect.any(Number),
        titlee: expect.any(String),
        titlec: expect.any(String),
        titlef: expect.any(String),
        infoe: expect.any(String),
        infoc: expect.any(String),
        infof: expect.any(String),
      });
      expect(g.money).toBeGreaterThan(0);
      // Two decimals at most: credits are stored in hundredths.
      expect(Math.round(g.money * 100)).toBeCloseTo(g.money * 100, 8);
      expect(g.titlee && g.titlec && g.titlef && g.infoe && g.infoc && g.infof).toBeTruthy();
    }
    expect(new Set(gifts.map((g) => g.path)).size).toBe(gifts.length);
  });

  it('detail answers one gift, 404 for an unknown or retired one, 400 for a malformed id', async () => {
    const ctx = app();
    const member = await buildUser(ctx);
    const gift = await firstGift(ctx);

    const found = await as(ctx, member.token).post('/member/shop/detail', { id: gift.id });
    expect(found.body).toMatchObject({ status: 200, data: { id: gift.id, classify: gift.category_id, path: gift.path, money: Number(gift.price) / 100, titlee: gift.title_en } });
    expect((await as(ctx, member.token).post('/member/shop/detail', { id: 999_999 })).body).toMatchObject({ status: 404, error: 'not_found' });
    for (const id of ['NaN', 'abc', '-1', '0', '1.5', '']) {
      expect((await as(ctx, member.token).post('/member/shop/detail', { id })).http, `id ${id}`).toBe(400);
    }
  });

  it('needs a signed-in member (401)', async () => {
    const ctx = app();
    for (const path of ['/member/shop/gift', '/member/shop/received_gift', '/member/shop/detail', GIVING]) {
      expect((await as(ctx).post(path, { id: 1 })).http, path).toBe(401);
    }
  });
});

describe('POST /member/gift/gift_giving', () => {
  it('charges the giver, records the send, notifies the recipient live (kind 11) and puts the gift in both members’ chat (kind 1)', async () => {
    const ctx = await startApp();
    const gift = await firstGift(ctx);
    const price = Number(gift.price);
    const giver = await buildUser(ctx, { credits: price * 3, sex: 1 });
    const recipient = await buildUser(ctx);
    const { socket: theirs } = await connectMember(ctx, recipient.token);
    const { socket: mine } = await connectMember(ctx, giver.token);

    const res = await as(ctx, giver.token).post(GIVING, { username: recipient.user.username.toUpperCase(), message: 'For you [rose]', number: 1, giftid: gift.id });

    expect(res.body).toMatchObject({ status: 200, msg: 'Send success', data: { gid: gift.id, amount: (price * 2) / 100 } });
    const { msg } = res.body.data;
    expect(msg).toMatchObject({ type: 'gift', sender_id: giver.user.id, reciver_id: recipient.user.id, img: gift.path, content: 'For you [rose]', locked: 0 });

    const notice = await theirs.next(11);
    expect(notice).toMatchObject({ kind: 11, unread: 1, notice: { type: 'gift', status: 0, content: 'For you [rose]', gift: { givername: giver.user.username, cid: gift.category_id, gid: gift.id, path: gift.path } } });
    // The recipient is a free member without Read_chat_messages: a gift's message is never locked.
    expect(await theirs.next(1)).toMatchObject({ kind: 1, message: { id: msg.id, type: 'gift', img: gift.path, content: 'For you [rose]', locked: 0 } });
    expect(await mine.next(1)).toMatchObject({ kind: 1, message: { id: msg.id, type: 'gift' } });

    const ledger = await ledgerOf(ctx, giver.user.id);
    expect(ledger.map((r) => [Number(r.delta), Number(r.balance_after), r.reason, r.ref_type, r.ref_id])).toEqual([[-price, price * 2, 'gift', 'gift_send', res.body.data.id]]);
    const send = await ctx.db.selectFrom('gift_sends').selectAll().where('id', '=', res.body.data.id).executeTakeFirstOrThrow();
    expect(send).toMatchObject({ gift_id: gift.id, sender_id: giver.user.id, recipient_id: recipient.user.id, message: 'For you [rose]', number: 1 });
    expect(Number(send.price)).toBe(price);

    const notices = await as(ctx, recipient.token).post('/member/index/senotice', {});
    expect(notices.body.data).toMatchObject({ unread: 1, data: [{ type: 'gift', gift: { gid: gift.id } }] });
    const received = await as(ctx, recipient.token).post('/member/shop/received_gift', {});
    expect(received.body).toMatchObject({
      status: 200,
      data: { page: 1, last_page: 1, data: [{ id: send.id, path: gift.path, cid: gift.category_id, gid: gift.id, givername: giver.user.username, giver_id: giver.user.id, message: 'For you [rose]' }] },
    });
    expect((await as(ctx, giver.token).post('/member/shop/received_gift', {})).body.data.data).toEqual([]);

    // The chat list of both shows the conversation with the gift as its last message.
    const conversation = await ctx.db.selectFrom('conversations').selectAll().where('user_id', '=', recipient.user.id).where('peer_id', '=', giver.user.id).executeTakeFirstOrThrow();
    expect(conversation).toMatchObject({ unread: 1, last_message_id: msg.id });
  });

  it('works without a message (number defaults to 1)', async () => {
    const ctx = await startApp();
    const gift = await firstGift(ctx);
    const giver = await buildUser(ctx, { credits: Number(gift.price) });
    const recipient = await buildUser(ctx);

    const res = await as(ctx, giver.token).post(GIVING, { username: recipient.user.username, giftid: gift.id });
    expect(res.body).toMatchObject({ status: 200, data: { amount: 0, msg: { content: '' } } });
  });

  it('answers -3 "Insufficient Credits" when the balance is short, and writes nothing', async () => {
    const ctx = await startApp();
    const gift = await firstGift(ctx);
    const giver = await buildUser(ctx, { credits: Number(gift.price) - 1 });
    const recipient = await buildUser(ctx);

    const res = await as(ctx, giver.token).post(GIVING, { username: recipient.user.username, message: 'hi', number: 1, giftid: gift.id });
    expect(res.body).toMatchObject({ status: -3, msg: 'Insufficient Credits', error: 'gift_insufficient_credits' });
    await nothingWritten(ctx, giver, Number(gift.price) - 1);
    expect(await ctx.db.selectFrom('notices').select('id').where('user_id', '=', recipient.user.id).execute()).toEqual([]);
  });

  it('answers -1 for a member that does not exist, -2 for oneself, a pending or a disabled member; nothing charged', async () => {
    const ctx = await startApp();
    const gift = await firstGift(ctx);
    const giver = await buildUser(ctx, { credits: 100_000 });
    const pending = await buildUser(ctx, { status: 2 });
    const disabled = await buildUser(ctx, { status: 3 });

    for (const username of ['nobody', 'x'.repeat(60)]) {
      expect((await as(ctx, giver.token).post(GIVING, { username, giftid: gift.id })).body).toMatchObject({ status: -1, msg: 'User does not exist', error: 'user_not_found' });
    }
    for (const who of [giver, pending, disabled]) {
      expect((await as(ctx, giver.token).post(GIVING, { username: who.user.username, giftid: gift.id })).body).toMatchObject({ status: -2, error: 'recipient_unavailable' });
    }
    await nothingWritten(ctx, giver, 100_000);
  });

  it('answers 404 for a gift that does not exist or is no longer on sale; nothing charged', async () => {
    const ctx = await startApp();
    const gift = await firstGift(ctx);
    const giver = await buildUser(ctx, { credits: 100_000 });
    const recipient = await buildUser(ctx);
    await ctx.db.updateTable('gifts').set({ active: 0 }).where('id', '=', gift.id).execute();

    for (const giftid of [gift.id, 999_999]) {
      expect((await as(ctx, giver.token).post(GIVING, { username: recipient.user.username, giftid })).body).toMatchObject({ status: 404, error: 'not_found' });
    }
    const catalogue = await as(ctx, giver.token).post('/member/shop/gift');
    expect((catalogue.body.data as any[]).flatMap((c) => c.list).map((g) => g.id)).not.toContain(gift.id);
    await nothingWritten(ctx, giver, 100_000);
  });

  it('refuses bad input with 400 (never a 500) and charges nothing', async () => {
    const ctx = await startApp();
    const gift = await firstGift(ctx);
    const giver = await buildUser(ctx, { credits: 100_000 });
    const recipient = await buildUser(ctx);
    const username = recipient.user.username;

    const bad: Record<string, unknown>[] = [
      { username, giftid: gift.id, message: 'x'.repeat(51) },
      { username, giftid: gift.id, number: 2 },
      { username, giftid: gift.id, number: 0 },
      { username, giftid: gift.id, number: 'NaN' },
      { username, giftid: 'NaN' },
      { username, giftid: '' },
      { username, giftid: -1 },
      { username, giftid: 1.5 },
      { username },
      { giftid: gift.id },
      { username: '   ', giftid: gift.id },
      { username, giftid: gift.id, message: 'a\u0000b' },
    ];
    for (const form of bad) {
      const res = await as(ctx, giver.token).post(GIVING, form as never);
      expect(res.http, JSON.stringify(form)).toBe(400);
      expect(res.body.status).toBe(400);
    }
    const json = await as(ctx, giver.token).postJson(GIVING, { username: [username], giftid: { id: gift.id } });
    expect(json.http).toBe(400);
    await nothingWritten(ctx, giver, 100_000);

    // Exactly 50 characters is allowed.
    expect((await as(ctx, giver.token).post(GIVING, { username, giftid: gift.id, message: 'y'.repeat(50) })).body.status).toBe(200);
  });

  it('lists received gifts newest first, a page at a time', async () => {
    const ctx = await startApp();
    const gifts = await ctx.db.selectFrom('gifts').select(['id', 'price']).orderBy('id').limit(3).execute();
    const giver = await buildUser(ctx, { credits: 100_000 });
    const recipient = await buildUser(ctx);
    for (const g of gifts) expect((await as(ctx, giver.token).post(GIVING, { username: recipient.user.username, giftid: g.id })).body.status).toBe(200);

    const page = await as(ctx, recipient.token).post('/member/shop/received_gift', { page: 1 });
    expect(page.body.data.data.map((r: any) => r.gid)).toEqual(gifts.map((g) => g.id).reverse());
    expect((await as(ctx, recipient.token).post('/member/shop/received_gift', { page: 2 })).body.data).toMatchObject({ data: [], page: 2, last_page: 1 });
    expect((await as(ctx, recipient.token).post('/member/shop/received_gift', { page: 'NaN' })).http).toBe(400);
  });
});
