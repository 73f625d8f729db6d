import { describe, expect, it } from 'vitest';
import { seedPackages, payBody } from '../helpers/billing.js';
import { buildVip } from '../helpers/chat.js';
import { startCluster, type Node } from '../helpers/cluster.js';
import { buildUser } from '../helpers/factories.js';
import { connectMember } from '../helpers/socket-client.js';

async function post(node: Node, path: string, token: string, json: unknown = {}) {
  const res = await fetch(`http://127.0.0.1:${node.port}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(json),
  });
  return { http: res.status, body: (await res.json()) as { status: number; error?: string; data: any } };
}

const guidOn = async (node: Node, token: string) => (await post(node, '/member/pay/generateuuid', token)).body.data.guid as string;
const DAY = 86_400_000;

describe('balance upgrades on two nodes (PostgreSQL + Redis)', () => {
  it('racing upgrades on one member never spend twice: exactly balance ÷ price succeed, each extends once', async () => {
    const { ctx, startNode } = await startCluster();
    const env = { PAY_RATE_LIMIT: '10000' };
    const [n1, n2] = await Promise.all([startNode(env), startNode(env)]);
    const ids = await seedPackages(ctx);
    const member = await buildUser(ctx, { credits: 2999 * 3 + 100 });
    const nodes = [n1, n2];

    const guids = await Promise.all(Array.from({ length: 20 }, (_, i) => guidOn(nodes[i % 2]!, member.token)));
    const before = Date.now();
    const answers = await Promise.all(
      guids.map((guid, i) =>
        post(nodes[i % 2]!, '/member/Pay/pay', member.token, payBody({ userId: member.user.id, guid, payType: 0, income: '29.99', orderType: 2, packageId: ids.silver1 })),
      ),
    );
    expect(answers.filter((a) => a.body.status === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.body.error === 'insufficient_credits')).toHaveLength(17);

    const user = await ctx.db.selectFrom('users').select(['credits', 'vip', 'vip1_until']).where('id', '=', member.user.id).executeTakeFirstOrThrow();
    expect(Number(user.credits)).toBe(100);
    expect(user.vip).toBe(1);
    expect(Number(user.vip1_until)).toBeGreaterThanOrEqual(before + 90 * DAY);
    expect(Number(user.vip1_until)).toBeLessThanOrEqual(Date.now() + 90 * DAY);
    const ledger = await ctx.db.selectFrom('ledger').select(['delta', 'reason']).where('user_id', '=', member.user.id).execute();
    expect(ledger.map((r) => [Number(r.delta), r.reason])).toEqual(Array(3).fill([-2999, 'upgrade']));
  });

  it('one guid paid on both nodes at once charges once', async () => {
    const { ctx, startNode } = await startCluster();
    const env = { PAY_RATE_LIMIT: '10000' };
    const [n1, n2] = await Promise.all([startNode(env), startNode(env)]);
    const ids = await seedPackages(ctx);
    const member = await buildUser(ctx, { credits: 100_000 });
    const guid = await guidOn(n1, member.token);
    const body = payBody({ userId: member.user.id, guid, payType: 0, income: '49.99', orderType: 2, packageId: ids.gold1 });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => post(i % 2 ? n2 : n1, '/member/Pay/pay', member.token, body)));
    expect(answers.every((a) => a.body.status === 200 && a.body.data.type === 'ok')).toBe(true);
    expect(Number((await ctx.db.selectFrom('users').select('credits').where('id', '=', member.user.id).executeTakeFirstOrThrow()).credits)).toBe(100_000 - 4999);
  });

  it("an upgrade paid on one node reaches the member's socket on the other at once", async () => {
    const { ctx, startNode } = await startCluster();
    const [n1, n2] = await Promise.all([startNode(), startNode()]);
    const ids = await seedPackages(ctx);
    const member = await buildUser(ctx, { credits: 10_000 });
    const other = await buildVip(ctx, 1, { sex: 1 });
    const { socket } = await connectMember(n2.url, member.token);
    let n = 0;
    const openFromList = async () => {
      const req = `open${++n}`;
      socket.send({ opt: 0, uid: other.user.id, address: 'list', req });
      return (await socket.answerTo(req)).kind;
    };
    expect(await openFromList()).toBe(8);
    const paid = await post(n1, '/member/Pay/pay', member.token, payBody({ userId: member.user.id, guid: await guidOn(n1, member.token), payType: 0, income: '29.99', orderType: 2, packageId: ids.silver1 }));
    expect(paid.body.data.type).toBe('ok');
    // Across Redis the refresh lands a moment later: poll the rule, no sleep.
    await expect.poll(openFromList, { timeout: 5_000, interval: 50 }).toBe(3);
  });
});
