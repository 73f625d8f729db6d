import { describe, expect, it } from 'vitest';
import { startCluster } from '../helpers/cluster.js';
import { buildUser, signIn } from '../helpers/factories.js';
import { connectMember } from '../helpers/socket-client.js';

const post = (node: { port: number }, token: string, form: Record<string, string | number>) =>
  fetch(`http://127.0.0.1:${node.port}/member/gift/gift_giving`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(Object.entries(form).map(([k, v]): [string, string] => [k, String(v)])).toString(),
  }).then(async (r) => ({ http: r.status, body: (await r.json()) as { status: number; data: any } }));

describe('gifts on two server processes (PostgreSQL + Redis)', () => {
  it('200 parallel sends from one balance over two tokens on two nodes: exactly balance ÷ price succeed, the balance ends at 0, the ledger explains every cent', { timeout: 120_000 }, async () => {
    const { ctx, startNode } = await startCluster();
    const env = { CHAT_RATE_LIMIT: '100000' };
    const [n1, n2] = await Promise.all([startNode(env), startNode(env)]);
    const gift = await ctx.db.selectFrom('gifts').selectAll().where('price', '>', 100).orderBy('price').executeTakeFirstOrThrow();
    const price = Number(gift.price);
    const affordable = 41;
    const giver = await buildUser(ctx, { credits: price * affordable });
    const second = await signIn(ctx, giver.user.id, 'm');
    const recipient = await buildUser(ctx);

    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        post(i % 2 ? n2 : n1, i % 2 ? second : giver.token, { username: recipient.user.username, message: `#${i}`, number: 1, giftid: gift.id }),
      ),
    );

    expect(answers.every((a) => a.http === 200)).toBe(true);
    const ok = answers.filter((a) => a.body.status === 200);
    expect(ok).toHaveLength(affordable);
    expect(answers.filter((a) => a.body.status !== 200).every((a) => a.body.status === -3)).toBe(true);
    expect(new Set(ok.map((a) => Math.round(a.body.data.amount * 100))).size).toBe(affordable);

    const user = await ctx.db.selectFrom('users').select('credits').where('id', '=', giver.user.id).executeTakeFirstOrThrow();
    expect(Number(user.credits)).toBe(0);
    const ledger = await ctx.db.selectFrom('ledger').selectAll().where('user_id', '=', giver.user.id).orderBy('id').execute();
    let balance = price * affordable;
    for (const row of ledger) {
      balance += Number(row.delta);
      expect(Number(row.balance_after)).toBe(balance);
      expect(row).toMatchObject({ reason: 'gift', ref_type: 'gift_send' });
    }
    expect(ledger).toHaveLength(affordable);
    expect(balance).toBe(0);
    const sends = await ctx.db.selectFrom('gift_sends').select('id').where('sender_id', '=', giver.user.id).execute();
    expect(sends.map((s) => s.id).sort()).toEqual(ledger.map((r) => r.ref_id).sort());
  });

  it('a gift sent through one node reaches the recipient’s socket on the other: notice (kind 11) and the gift message (kind 1)', async () => {
    const { ctx, startNode } = await startCluster();
    const [n1, n2] = await Promise.all([startNode(), startNode()]);
    const gift = await ctx.db.selectFrom('gifts').selectAll().orderBy('id').executeTakeFirstOrThrow();
    const giver = await buildUser(ctx, { credits: Number(gift.price), sex: 1 });
    const recipient = await buildUser(ctx);
    const { socket: theirs } = await connectMember(n2.url, recipient.token);
    const { socket: giversOther } = await connectMember(n2.url, giver.token);

    const res = await post(n1, giver.token, { username: recipient.user.username, message: 'across nodes', number: 1, giftid: gift.id });

    expect(res.body.status).toBe(200);
    expect(await theirs.next(11)).toMatchObject({ notice: { type: 'gift', content: 'across nodes', gift: { gid: gift.id, givername: giver.user.username, path: gift.path } } });
    expect(await theirs.next(1)).toMatchObject({ message: { id: res.body.data.msg.id, type: 'gift', img: gift.path, content: 'across nodes' } });
    expect(await giversOther.next(1)).toMatchObject({ message: { id: res.body.data.msg.id, type: 'gift' } });
  });
});
