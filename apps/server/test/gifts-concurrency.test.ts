import { describe, expect, it } from 'vitest';
import { toMember } from '../src/domain/member.js';
import { buildVip } from './helpers/chat.js';
import { as, buildUser, signIn } from './helpers/factories.js';
import { startApp } from './helpers/test-app.js';

describe('gift sends racing on one balance', () => {
  it('200 parallel sends over two tokens: exactly balance ÷ price succeed, the balance ends at 0 and the ledger explains every cent', { timeout: 60_000 }, async () => {
    const ctx = await startApp({ env: { CHAT_RATE_LIMIT: '100000' } });
    const gift = await ctx.db.selectFrom('gifts').selectAll().where('price', '>', 100).orderBy('price').executeTakeFirstOrThrow();
    const price = Number(gift.price);
    const affordable = 37;
    const giver = await buildUser(ctx, { credits: price * affordable });
    const secondToken = await signIn(ctx, giver.user.id, 'm');
    const recipients = await Promise.all([buildUser(ctx), buildUser(ctx), buildUser(ctx)]);

    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        as(ctx, i % 2 ? secondToken : giver.token).post('/member/gift/gift_giving', { username: recipients[i % 3]!.user.username, message: `#${i}`, number: 1, giftid: gift.id }),
      ),
    );

    const statuses = answers.map((a) => a.body.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(affordable);
    expect(statuses.filter((s) => s !== 200).every((s) => s === -3)).toBe(true);
    const balances = answers.filter((a) => a.body.status === 200).map((a) => Math.round(a.body.data.amount * 100));
    // Every success saw its own balance: no two were charged against the same credits.
    expect(new Set(balances).size).toBe(affordable);
    expect(balances.sort((a, b) => a - b)).toEqual(Array.from({ length: affordable }, (_, i) => i * price));

    const user = await ctx.db.selectFrom('users').select('credits').where('id', '=', giver.user.id).executeTakeFirstOrThrow();
    expect(Number(user.credits)).toBe(0);
    const ledger = await ctx.db.selectFrom('ledger').selectAll().where('user_id', '=', giver.user.id).orderBy('id').execute();
    expect(ledger).toHaveLength(affordable);
    let balance = price * affordable;
    for (const row of ledger) {
      balance += Number(row.delta);
      expect(Number(row.delta)).toBe(-price);
      expect(Number(row.balance_after)).toBe(balance);
      expect(row).toMatchObject({ reason: 'gift', ref_type: 'gift_send' });
    }
    expect(balance).toBe(0);
    const sends = await ctx.db.selectFrom('gift_sends').select(['id', 'price']).where('sender_id', '=', giver.user.id).orderBy('id').execute();
    expect(sends.map((s) => s.id).sort()).toEqual(ledger.map((r) => r.ref_id).sort());
    expect(sends.every((s) => Number(s.price) === price)).toBe(true);
    const [messages, notices] = await Promise.all([
      ctx.db.selectFrom('messages').select('id').where('sender_id', '=', giver.user.id).where('type', '=', 'gift').execute(),
      ctx.db.selectFrom('notices').select('id').where('user_id', 'in', recipients.map((r) => r.user.id)).execute(),
    ]);
    expect(messages).toHaveLength(affordable);
    expect(notices).toHaveLength(affordable);
  });

  it('a gift and a first chat message between the same two members at once never deadlock', async () => {
    const ctx = await startApp({ env: { CHAT_RATE_LIMIT: '100000' } });
    const gift = await ctx.db.selectFrom('gifts').selectAll().orderBy('id').executeTakeFirstOrThrow();
    const a = await buildUser(ctx, { credits: Number(gift.price) * 20 });
    const bs = await Promise.all(Array.from({ length: 10 }, () => buildVip(ctx, 2)));

    const results = await Promise.all(
      bs.flatMap((b, i) => [
        as(ctx, a.token).post('/member/gift/gift_giving', { username: b.user.username, giftid: gift.id }).then((r) => r.body.status),
        ctx.services.chat
          .send(toMember(b.user, 0, ctx.now()), { uid: a.user.id, client_id: `race-${i}`, type: 'text', content: 'hello', img: '' })
          .then(() => 200, (e: Error) => e.message),
      ]),
    );
    expect(results).toEqual(results.map(() => 200));
    const sends = await ctx.db.selectFrom('gift_sends').select('id').where('sender_id', '=', a.user.id).execute();
    expect(sends).toHaveLength(10);
  });
});
