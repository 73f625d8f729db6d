import { Writable } from 'node:stream';
import type { WebSocket } from 'ws';
import { describe, expect, test } from 'vitest';
import { KIND } from '@kindred/protocol';
import { Connection, flushFrames } from '../src/realtime/connection.js';

/** A stand-in for ws: `send` writes to the TCP socket ws keeps in `_socket`, here a Writable that counts its writes. */
function fakeSocket() {
  const writes: string[][] = [];
  const socket = new Writable({
    writev(chunks, done) {
      writes.push(chunks.map((c) => String(c.chunk)));
      done();
    },
    write(chunk, _encoding, done) {
      writes.push([String(chunk)]);
      done();
    },
  });
  const ws = { readyState: 1, OPEN: 1, CONNECTING: 0, bufferedAmount: 0, _socket: socket, send: (data: string) => socket.write(data) };
  return { ws: ws as unknown as WebSocket, writes };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));
/** A frame the tests tell apart by its opt (the transport does not read what it carries). */
const frame = (marker: number) => ({ kind: KIND.notice, opt: marker, status: 'success' }) as never;

describe('frames sent in one turn', () => {
  test('leave in one write per socket, in the order sent, once the turn is done', async () => {
    const a = fakeSocket();
    const b = fakeSocket();
    const first = new Connection(a.ws, '127.0.0.1', () => undefined);
    const second = new Connection(b.ws, '127.0.0.1', () => undefined);
    first.send(frame(0));
    second.send(frame(1));
    first.send(frame(2));
    first.send(frame(3));
    expect(a.writes).toEqual([]);
    await turn();
    await turn();
    expect(a.writes).toHaveLength(1);
    expect(a.writes[0]!.map((w) => JSON.parse(w).opt)).toEqual([0, 2, 3]);
    expect(b.writes.map((w) => w.map((x) => JSON.parse(x).opt))).toEqual([[1]]);

    // The next turn's frame is a write of its own: nothing waits longer than the turn it was sent in.
    first.send(frame(4));
    await turn();
    await turn();
    expect(a.writes.map((w) => w.map((x) => JSON.parse(x).opt))).toEqual([[0, 2, 3], [4]]);
  });

  test('leave at once when flushFrames is called (before a group commit batch holds the event loop)', async () => {
    const a = fakeSocket();
    const connection = new Connection(a.ws, '127.0.0.1', () => undefined);
    connection.send(frame(0));
    connection.send(frame(1));
    expect(a.writes).toEqual([]);
    flushFrames();
    expect(a.writes.map((w) => w.map((x) => JSON.parse(x).opt))).toEqual([[0, 1]]);
    // The turn's end finds nothing left to send, and the next frame is held back again.
    connection.send(frame(2));
    expect(a.writes).toHaveLength(1);
    await turn();
    expect(a.writes.map((w) => w.map((x) => JSON.parse(x).opt))).toEqual([[0, 1], [2]]);
  });
});
