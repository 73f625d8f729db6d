import { SOCKET_CLOSE } from '@kindred/protocol';
import { describe, expect, it } from 'vitest';
import { barrier } from '../helpers/chat.js';
import { startCluster, type Node } from '../helpers/cluster.js';
import { buildUser, signIn } from '../helpers/factories.js';
import { connectMember, type SocketClient } from '../helpers/socket-client.js';

/** Issue 9, findings 3 and 9, on two server processes sharing one PostgreSQL and one Redis. */

/** "At once": the other node hears it through Redis pub/sub, not at its next keep-alive check (30 s). */
const AT_ONCE_MS = 1_000;

async function post(node: Node, path: string, token: string, form: Record<string, string> = {}): Promise<{ status: number }> {
  const res = await fetch(`http://127.0.0.1:${node.port}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  return (await res.json()) as { status: number };
}

function closedWithin(socket: SocketClient, ms: number): Promise<{ code: number }> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`socket still open ${ms} ms after the session ended`)), ms);
  });
  return Promise.race([socket.closed, deadline]).finally(() => clearTimeout(timer));
}

let sequence = 0;
const ping = (socket: SocketClient) => {
  const req = `p${++sequence}`;
  const answer = socket.answerTo(req);
  socket.send({ opt: 101, req });
  return answer;
};

describe('two nodes on one Redis', () => {
  it('sign-out through node A closes that session’s socket on node B at once; a password change there closes the other sessions’ sockets', async () => {
    const { ctx, startNode } = await startCluster();
    const [a, b] = await Promise.all([startNode(), startNode()]);
    const member = await buildUser(ctx);
    const second = await signIn(ctx, member.user.id, 'm');
    const third = await signIn(ctx, member.user.id, 'm');
    const { socket: onB } = await connectMember(b.url, member.token);
    const { socket: secondOnB } = await connectMember(b.url, second);
    const { socket: thirdOnA } = await connectMember(a.url, third);

    expect((await post(a, '/member/index/logout', member.token)).status).toBe(200);
    expect(await closedWithin(onB, AT_ONCE_MS)).toMatchObject({ code: SOCKET_CLOSE.unauthorized });
    await barrier(secondOnB);

    // The second session changes the password on node B: the third session's socket on node A closes.
    expect((await post(b, '/member/index/changepwd', second, { oldpassword: member.password, newpassword: 'brandnew1' })).status).toBe(200);
    expect(await closedWithin(thirdOnA, AT_ONCE_MS)).toMatchObject({ code: SOCKET_CLOSE.unauthorized });
    await barrier(secondOnB);
  });

  it('shares a member’s message allowance between the nodes (CHAT_RATE_LIMIT)', async () => {
    const { ctx, startNode } = await startCluster();
    const env = { CHAT_RATE_LIMIT: '6' };
    const [a, b] = await Promise.all([startNode(env), startNode(env)]);
    const member = await buildUser(ctx);
    const other = await buildUser(ctx);
    const { socket: onA } = await connectMember(a.url, member.token);
    const { socket: onB } = await connectMember(b.url, member.token);

    // Six frames in all, three per node, well within the ten seconds one frame takes to come back.
    for (let i = 0; i < 3; i++) {
      expect(await ping(onA)).toMatchObject({ kind: 14 });
      expect(await ping(onB)).toMatchObject({ kind: 14 });
    }

    expect(await ping(onA)).toMatchObject({ kind: 10, error: 'rate_limited' });
    expect(await ping(onB)).toMatchObject({ kind: 10, error: 'rate_limited' });
    const { socket: theirs } = await connectMember(b.url, other.token);
    expect(await ping(theirs)).toMatchObject({ kind: 14 });
  });
});
