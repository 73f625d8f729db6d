import { describe, expect, it } from 'vitest';
import { inTransaction } from '../src/db/transaction.js';
import { as, buildUser } from './helpers/factories.js';
import { useSharedApp, type TestApp } from './helpers/test-app.js';

const app = useSharedApp();

const gift = (n: number) => ({ content: `gift ${n}`, gift: { givername: 'bob', cid: 1, gid: n, path: `/static/gifts/${n}.png` } });

async function giveNotices(ctx: TestApp, userId: number, count: number) {
  const rows = [];
  for (let n = 1; n <= count; n++) rows.push(await ctx.services.notices.create(userId, 'gift', gift(n)));
  return rows;
}

describe('POST /member/index/senotice', () => {
  it("answers the caller's own notices only, newest first, five by default", async () => {
    const ctx = app();
    const member = await buildUser(ctx);
    const other = await buildUser(ctx);
    const mine = await giveNotices(ctx, member.user.id, 7);
    await giveNotices(ctx, other.user.id, 3);

    const res = await as(ctx, member.token).post('/member/index/senotice');

    expect(res.body.status).toBe(200);
    expect(res.body.data.data.map((n: { id: number }) => n.id)).toEqual(mine.slice(2).reverse().map((n) => n.id));
    expect(res.body.data.unread).toBe(7);
  });

  it('presents a gift notice and a report notice as the spec names their fields', async () => {
    const ctx = app();
    const member = await buildUser(ctx);
    const giftRow = await ctx.services.notices.create(member.user.id, 'gift', gift(9));
    const reportRow = await ctx.services.notices.create(member.user.id, 'report', { content: 'About your report', result: 'The member was warned' });

    const { body } = await as(ctx, member.token).post('/member/index/senotice');

    expect(body.data.data).toEqual([
      { id: reportRow.id, type: 'report', status: 0, create_time: Math.floor(reportRow.created_at / 1000), content: 'About your report', result: 'The member was warned' },
      { id: giftRow.id, type: 'gift', status: 0, create_time: Math.floor(giftRow.created_at / 1000), ...gift(9) },
    ]);
  });

  it('takes a limit (1 to 50) and a status filter', async () => {
    const ctx = app();
    const member = await buildUser(ctx);
    const rows = await giveNotices(ctx, member.user.id, 4);
    await as(ctx, member.token).post('/member/index/upnotice', { id: rows[3]!.id });

    const two = await as(ctx, member.token).post('/member/index/senotice', { limit: 2 });
    const unread = await as(ctx, member.token).post('/member/index/senotice', { status: 0 });
    const read = await as(ctx, member.token).post('/member/index/senotice', { status: 1 });
    const tooMany = await as(ctx, member.token).post('/member/index/senotice', { limit: 51 });

    expect(two.body.data.data).toHaveLength(2);
    expect(unread.body.data.data.map((n: { id: number }) => n.id)).toEqual([rows[2]!.id, rows[1]!.id, rows[0]!.id]);
    expect(read.body.data.data.map((n: { id: number }) => n.id)).toEqual([rows[3]!.id]);
    expect(tooMany.http).toBe(400);
  });

  it('answers an empty list to a member without notices', async () => {
    const ctx = app();
    const member = await buildUser(ctx);

    const res = await as(ctx, member.token).post('/member/index/senotice');

    expect(res.body.data).toEqual({ data: [], unread: 0 });
  });
});

describe('POST /member/index/upnotice', () => {
  it('marks an own notice read', async () => {
    const ctx = app();
    const member = await buildUser(ctx);
    const [first, second] = await giveNotices(ctx, member.user.id, 2);

    const res = await as(ctx, member.token).post('/member/index/upnotice', { id: first!.id });

    expect(res.body.status).toBe(200);
    const list = (await as(ctx, member.token).post('/member/index/senotice')).body.data;
    expect(list.unread).toBe(1);
    expect(list.data).toEqual([expect.objectContaining({ id: second!.id, status: 0 }), expect.objectContaining({ id: first!.id, status: 1 })]);
  });

  it('may mark a notice read twice', async () => {
    const ctx = app();
    const member = await buildUser(ctx);
    const [notice] = await giveNotices(ctx, member.user.id, 1);

    await as(ctx, member.token).post('/member/index/upnotice', { id: notice!.id });
    const again = await as(ctx, member.token).post('/member/index/upnotice', { id: notice!.id });

    expect(again.body.status).toBe(200);
  });

  it("answers 404 not_found to someone else's notice, and leaves it unread", async () => {
    const ctx = app();
    const member = await buildUser(ctx);
    const other = await buildUser(ctx);
    const [theirs] = await giveNotices(ctx, other.user.id, 1);

    const res = await as(ctx, member.token).post('/member/index/upnotice', { id: theirs!.id });

    expect(res.http).toBe(404);
    expect(res.body).toMatchObject({ status: 404, error: 'not_found' });
    expect((await as(ctx, other.token).post('/member/index/senotice')).body.data.unread).toBe(1);
  });

  it('answers 404 to an id that does not exist and 400 to one that is not an id', async () => {
    const ctx = app();
    const member = await buildUser(ctx);

    expect((await as(ctx, member.token).post('/member/index/upnotice', { id: 999_999 })).http).toBe(404);
    for (const id of ['abc', '0', '-4', '1.5']) {
      expect((await as(ctx, member.token).post('/member/index/upnotice', { id })).http, id).toBe(400);
    }
  });
});

describe('notices.create', () => {
  it('tells live listeners about a stored notice at once', async () => {
    const ctx = app();
    const member = await buildUser(ctx);
    const heard: number[] = [];
    const stop = ctx.services.notices.onCreated((userId) => heard.push(userId));

    await ctx.services.notices.create(member.user.id, 'gift', gift(1));
    stop();
    await ctx.services.notices.create(member.user.id, 'gift', gift(2));

    expect(heard).toEqual([member.user.id]);
  });

  it('inside a transaction, tells listeners only once it committed', async () => {
    const ctx = app();
    const member = await buildUser(ctx);
    const heard: number[] = [];
    const stop = ctx.services.notices.onCreated((_userId, row) => heard.push(row.id));

    const row = await inTransaction(ctx.db, async (unit) => {
      const created = await ctx.services.notices.create(member.user.id, 'gift', gift(1), unit);
      expect(heard).toEqual([]);
      return created;
    });
    stop();

    expect(heard).toEqual([row.id]);
  });

  it('inside a transaction that rolls back, stores nothing and tells nobody', async () => {
    const ctx = app();
    const member = await buildUser(ctx);
    const heard: number[] = [];
    const stop = ctx.services.notices.onCreated((userId) => heard.push(userId));

    const failed = inTransaction(ctx.db, async (unit) => {
      await ctx.services.notices.create(member.user.id, 'gift', gift(1), unit);
      throw new Error('the gift could not be paid');
    });
    await expect(failed).rejects.toThrow('the gift could not be paid');
    stop();

    expect(heard).toEqual([]);
    expect(await ctx.services.repositories.notices.countUnread(member.user.id)).toBe(0);
  });
});
