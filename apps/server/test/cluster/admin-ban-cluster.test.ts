import { SOCKET_CLOSE } from '@kindred/protocol';
import { describe, expect, it } from 'vitest';
import { startCluster, type Node } from '../helpers/cluster.js';
import { buildUser, signIn } from '../helpers/factories.js';
import { connectMember, type SocketClient } from '../helpers/socket-client.js';
import { staffSignIn } from '../helpers/staff.js';

/** "At once": the other node hears it through Redis pub/sub, not at its next keep-alive sweep (30 s). */
const AT_ONCE_MS = 1_000;

async function post(node: Node, path: string, token: string, form: Record<string, string> = {}): Promise<{ status: number; error?: string }> {
  const res = await fetch(`http://127.0.0.1:${node.port}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  return (await res.json()) as { status: number; error?: string };
}

function closedWithin(socket: SocketClient, ms: number): Promise<{ code: number }> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`socket still open ${ms} ms after the ban`)), ms);
  });
  return Promise.race([socket.closed, deadline]).finally(() => clearTimeout(timer));
}

describe('staff actions on two nodes', () => {
  it('a ban on node A closes every socket of the member on node B within a second, and their sessions stop working', async () => {
    const { ctx, startNode } = await startCluster();
    const [a, b] = await Promise.all([startNode(), startNode()]);
    const member = await buildUser(ctx);
    const phone = await signIn(ctx, member.user.id, 'm');
    const { socket: desktopOnB } = await connectMember(b.url, member.token);
    const { socket: phoneOnB } = await connectMember(b.url, phone);
    const staff = await staffSignIn(ctx);

    expect(await post(a, '/admin/api/members/ban', staff, { id: String(member.user.id), reason: 'fraud' })).toMatchObject({ status: 200 });
    const closed = await Promise.all([closedWithin(desktopOnB, AT_ONCE_MS), closedWithin(phoneOnB, AT_ONCE_MS)]);
    expect(closed.map((c) => c.code)).toEqual([SOCKET_CLOSE.unauthorized, SOCKET_CLOSE.unauthorized]);
    expect(await post(b, '/member/index/userinfo', phone)).toMatchObject({ status: 401 });
  });

  it('a suspension through a report on node B closes the member’s socket on node A; the console session works on both nodes', async () => {
    const { ctx, startNode } = await startCluster();
    const [a, b] = await Promise.all([startNode(), startNode()]);
    const [reporter, reported] = await Promise.all([buildUser(ctx), buildUser(ctx)]);
    const { id } = await ctx.db
      .insertInto('reports')
      .values({ reporter_id: reporter.user.id, reported_id: reported.user.id, type: 1, content: 'ads', img: '', email: reporter.user.email, status: 'open', result: '', handled_by: null, created_at: ctx.now(), handled_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { socket: onA } = await connectMember(a.url, reported.token);
    const staff = await staffSignIn(ctx);
    expect(await post(a, '/admin/api/auth/me', staff)).toMatchObject({ status: 200 });

    expect(await post(b, '/admin/api/reports/act', staff, { id: String(id), action: 'suspend', days: '2', result: 'Two days off' })).toMatchObject({ status: 200 });
    expect(await closedWithin(onA, AT_ONCE_MS)).toMatchObject({ code: SOCKET_CLOSE.unauthorized });
  });
});
