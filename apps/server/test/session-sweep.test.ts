import { SOCKET_CLOSE } from '@kindred/protocol';
import { describe, expect, it } from 'vitest';
import type { SessionsRepository } from '../src/modules/auth/sessions.repository.js';
import type { Connection } from '../src/realtime/connection.js';
import type { Hub } from '../src/realtime/hub.js';
import type { ConnectionRegistry } from '../src/realtime/registry.js';
import { SessionRevocation, SWEEP_SLICE } from '../src/realtime/session-revocation.js';

/**
 * The keep-alive's check of every socket's session (SessionRevocation.sweep), in slices: on SQLite
 * each query holds the event loop, so a node with thousands of sockets lets other work in between.
 */
interface FakeSocket {
  sessionId?: number;
  ended: boolean;
  closedWith?: number;
  end(code: number): void;
}

const socket = (sessionId?: number): FakeSocket => ({
  sessionId,
  ended: false,
  end(code) {
    this.ended = true;
    this.closedWith = code;
  },
});

function revocation(sockets: FakeSocket[], isLive: (id: number) => boolean, onQuery: (ids: readonly number[]) => void = () => undefined) {
  const sessions = {
    async liveIds(ids: readonly number[]) {
      onQuery(ids);
      return new Set(ids.filter(isLive));
    },
  } as unknown as SessionsRepository;
  const hub = { subscribe: () => undefined, onResync: () => undefined, publish: async () => undefined, close: async () => undefined } satisfies Hub;
  const registry = { all: () => sockets as unknown as Connection[], forUser: () => undefined } as unknown as ConnectionRegistry;
  return new SessionRevocation(sessions, hub, registry, { error: () => undefined });
}

describe('SessionRevocation.sweep', () => {
  it('closes (4401) exactly the sockets whose session is gone, reading the sessions in slices', async () => {
    const count = SWEEP_SLICE * 2 + 3;
    // Every seventh session ended; session 10 has two sockets; one socket has no session yet.
    const sockets = [...Array.from({ length: count }, (_, i) => socket(i + 1)), socket(10), socket(undefined)];
    const dead = (id: number) => id % 7 === 0;
    const queries: number[] = [];
    const closed = await revocation(sockets, (id) => !dead(id), (ids) => queries.push(ids.length)).sweep();

    expect(queries).toEqual([SWEEP_SLICE, SWEEP_SLICE, 3]);
    const ended = sockets.filter((s) => s.ended);
    expect(ended.every((s) => s.sessionId !== undefined && dead(s.sessionId) && s.closedWith === SOCKET_CLOSE.unauthorized)).toBe(true);
    expect(ended).toHaveLength(Math.floor(count / 7));
    expect(closed).toBe(Math.floor(count / 7));
    expect(sockets.filter((s) => s.sessionId === 10).every((s) => !s.ended)).toBe(true);
  });

  it('lets the event loop in between slices (a socket frame waits for one slice, not for the whole sweep)', async () => {
    const sockets = Array.from({ length: SWEEP_SLICE * 3 }, (_, i) => socket(i + 1));
    const order: string[] = [];
    const sweeping = revocation(sockets, () => true, () => {
      order.push('query');
      // I/O that arrives while a slice is read: its callback runs before the next slice.
      if (order.length === 1) setImmediate(() => order.push('frame'));
    }).sweep();
    await sweeping;
    expect(order).toEqual(['query', 'frame', 'query', 'query']);
  });

  it('does not end again, nor count, a socket that ended between two slices', async () => {
    const sockets = Array.from({ length: SWEEP_SLICE + 2 }, (_, i) => socket(i + 1));
    const late = sockets[SWEEP_SLICE + 1]!;
    let ends = 0;
    const endOnce = late.end.bind(late);
    late.end = (code) => {
      ends++;
      endOnce(code);
    };
    // Every session is gone from the database; the last socket's end is also announced mid-sweep.
    const closed = await revocation(sockets, () => false, (ids) => {
      // A sign-out announced while the first slice is read: the event ends the socket first.
      if (ids.length === SWEEP_SLICE) setImmediate(() => late.end(SOCKET_CLOSE.unauthorized));
    }).sweep();
    expect(closed).toBe(SWEEP_SLICE + 1);
    expect(ends).toBe(1);
    expect(sockets.every((s) => s.ended)).toBe(true);
  });

  it('runs one sweep at a time: a second call while one runs gets the same answer', async () => {
    const sockets = [socket(1), socket(2)];
    let queries = 0;
    const sessions = revocation(sockets, (id) => id === 1, () => queries++);
    const [a, b] = await Promise.all([sessions.sweep(), sessions.sweep()]);
    expect([a, b, queries]).toEqual([1, 1, 1]);
    expect(sockets.map((s) => s.ended)).toEqual([false, true]);
  });
});
