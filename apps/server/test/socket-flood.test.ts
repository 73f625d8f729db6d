import { SOCKET_CLOSE } from '@kindred/protocol';
import { describe, expect, it } from 'vitest';
import { barrier } from './helpers/chat.js';
import { buildUser } from './helpers/factories.js';
import { connectMember, connectSocket, type SocketClient } from './helpers/socket-client.js';
import { startApp } from './helpers/test-app.js';

/**
 * Issue 9, finding 9: one member stored 6,000 messages in 11 s over 50 sockets, because the limit
 * was per socket. Now the limit is per member (over all sockets; across nodes: cluster test), and
 * sockets per member and per client address are capped.
 */

const ping = (socket: SocketClient) => socket.answerTo(send(socket, { opt: 101 }));

let sequence = 0;
/** Sends with a fresh req id; answers it. */
function send(socket: SocketClient, message: Record<string, unknown>): string {
  const req = `f${++sequence}`;
  socket.send({ ...message, req });
  return req;
}

/** Polls `attempt` until it succeeds, for at most `ms` (a freed place is counted when the server sees the close). */
async function eventually<T>(attempt: () => Promise<T>, ms = 3_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}

describe('messages per member (CHAT_RATE_LIMIT)', () => {
  it('counts every socket of a member together, and other members not at all', async () => {
    const ctx = await startApp({ env: { CHAT_RATE_LIMIT: '6' } });
    const member = await buildUser(ctx);
    const other = await buildUser(ctx);
    const sockets = await Promise.all([1, 2, 3].map(async () => (await connectMember(ctx, member.token)).socket));

    for (const socket of sockets) {
      expect(await ping(socket)).toMatchObject({ kind: 14 });
      expect(await ping(socket)).toMatchObject({ kind: 14 });
    }

    for (const socket of sockets) expect(await ping(socket)).toMatchObject({ kind: 10, error: 'rate_limited', opt: 101 });
    const { socket: fresh } = await connectMember(ctx, member.token);
    expect(await ping(fresh)).toMatchObject({ error: 'rate_limited' });
    const { socket: theirs } = await connectMember(ctx, other.token);
    expect(await ping(theirs)).toMatchObject({ kind: 14 });
  });

  it('counts unreadable and invalid frames against the same limit, and refuses them', async () => {
    const ctx = await startApp({ env: { CHAT_RATE_LIMIT: '4' } });
    const member = await buildUser(ctx);
    const { socket } = await connectMember(ctx, member.token);

    socket.sendRaw('{nope');
    expect(await socket.next(10)).toMatchObject({ opt: -1, error: 'validation' });
    socket.sendRaw('[1,2]');
    expect(await socket.next(10)).toMatchObject({ opt: -1, error: 'validation' });
    expect(await socket.answerTo(send(socket, { opt: 42 }))).toMatchObject({ error: 'validation' });
    expect(await socket.answerTo(send(socket, { opt: 1, uid: 'x' }))).toMatchObject({ error: 'validation' });

    expect(await ping(socket)).toMatchObject({ error: 'rate_limited' });
    socket.sendRaw('{nope');
    expect(await socket.next(10)).toMatchObject({ opt: -1, error: 'rate_limited' });
  });

  it('limits a socket that is not signed in yet on its own', async () => {
    const ctx = await startApp({ env: { CHAT_RATE_LIMIT: '2' } });
    const member = await buildUser(ctx);
    const socket = await connectSocket(ctx);

    socket.sendRaw('{nope');
    socket.sendRaw('{nope');
    await socket.next(10);
    await socket.next(10);

    expect(await socket.answerTo(send(socket, { opt: 100, uid: member.user.id, token: member.token }))).toMatchObject({ error: 'rate_limited' });
    // The member's own allowance is untouched.
    const { socket: signedIn } = await connectMember(ctx, member.token);
    expect(await ping(signedIn)).toMatchObject({ kind: 14 });
  });
});

describe('sockets per member (SOCKET_MAX_PER_MEMBER)', () => {
  it('refuses one more: HTTP 429 with a token in the URL, a refusal and 4409 after an init; a closed one frees its place', async () => {
    const ctx = await startApp({ env: { SOCKET_MAX_PER_MEMBER: '2' } });
    const member = await buildUser(ctx);
    const other = await buildUser(ctx);
    const { socket: first } = await connectMember(ctx, member.token);
    await connectMember(ctx, member.token);

    await expect(connectSocket(ctx, member.token)).rejects.toMatchObject({ statusCode: 429 });
    const byInit = await connectSocket(ctx);
    expect(await byInit.answerTo(send(byInit, { opt: 100, uid: member.user.id, token: member.token }))).toMatchObject({ kind: 10, error: 'rate_limited' });
    expect((await byInit.closed).code).toBe(SOCKET_CLOSE.tooManySockets);
    await connectMember(ctx, other.token);

    await first.close();
    const again = await eventually(() => connectMember(ctx, member.token));
    await barrier(again.socket);
  });

  it('lets exactly the cap through when many sockets open at the same moment', async () => {
    const ctx = await startApp({ env: { SOCKET_MAX_PER_MEMBER: '3' } });
    const member = await buildUser(ctx);

    const opened = await Promise.allSettled(Array.from({ length: 12 }, () => connectSocket(ctx, member.token)));

    const sockets = opened.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
    const refusedAtUpgrade = opened.filter((o) => o.status === 'rejected' && (o.reason as { statusCode?: number }).statusCode === 429);
    expect(sockets.length + refusedAtUpgrade.length).toBe(12);
    // Each socket that did open is either served (kind 0) or refused and closed (4409).
    const outcomes = await Promise.all(sockets.map((s) => Promise.race([s.next(0).then(() => 'served'), s.closed.then((c) => c.code)])));
    expect(outcomes.filter((o) => o === 'served')).toHaveLength(3);
    expect(outcomes.filter((o) => o !== 'served').every((o) => o === SOCKET_CLOSE.tooManySockets)).toBe(true);
    expect(ctx.services.realtime.registry.forUser(member.user.id)?.size).toBe(3);
  });
});

describe('sockets per client address (SOCKET_MAX_PER_ADDRESS)', () => {
  it('counts sockets that are not signed in yet, refuses one more with HTTP 429, and frees a place when one closes', async () => {
    const ctx = await startApp({ env: { SOCKET_MAX_PER_ADDRESS: '3' } });
    const member = await buildUser(ctx);
    const anonymous = await Promise.all([1, 2].map(() => connectSocket(ctx)));
    await connectMember(ctx, member.token);

    await expect(connectSocket(ctx)).rejects.toMatchObject({ statusCode: 429 });
    await expect(connectSocket(ctx, member.token)).rejects.toMatchObject({ statusCode: 429 });

    await anonymous[0]!.close();
    await eventually(() => connectSocket(ctx));
  });
});

