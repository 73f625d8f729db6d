import { SOCKET_CLOSE } from '@kindred/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChatConnection, type ChatStatus, type SocketLike } from '../src/chat/connection';
import { contactsEvent, ME } from './chat-fixtures';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: unknown[] = [];
  closedWith: number | undefined;
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code = 1000) {
    this.closedWith = code;
    this.serverClose(code);
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(msg: unknown) {
    this.onmessage?.({ data: JSON.stringify(msg) });
  }
  serverClose(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

function setup() {
  const sockets: FakeSocket[] = [];
  const statuses: ChatStatus[] = [];
  const received: unknown[] = [];
  const onUnauthorized = vi.fn();
  const connection = new ChatConnection({
    url: 'ws://test/socket',
    uid: ME,
    token: 'tok',
    lastId: () => 42,
    onMessage: (m) => received.push(m),
    onStatus: (s) => statuses.push(s),
    onUnauthorized,
    createSocket: () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    },
    random: () => 1,
  });
  return { connection, sockets, statuses, received, onUnauthorized, last: () => sockets[sockets.length - 1]! };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('chat connection state machine', () => {
  it('sends the init with the token and last id, and is open only once the server answered', () => {
    const { connection, last, statuses } = setup();
    connection.start();
    expect(connection.state).toBe('connecting');
    last().open();
    expect(last().sent).toEqual([{ opt: 100, uid: ME, token: 'tok', last_id: 42 }]);
    expect(connection.send({ opt: 101 })).toBe(false);
    last().receive(contactsEvent([]));
    expect(connection.state).toBe('open');
    expect(connection.send({ opt: 101 })).toBe(true);
    expect(statuses).toEqual(['connecting', 'open']);
  });

  it('reconnects with a growing backoff after a drop and resets it once open', () => {
    const { connection, sockets, last } = setup();
    connection.start();
    last().open();
    last().receive(contactsEvent([]));
    last().serverClose(1006);
    expect(connection.state).toBe('reconnecting');
    vi.advanceTimersByTime(499);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    last().serverClose(1006);
    vi.advanceTimersByTime(999);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(3);
    last().open();
    last().receive(contactsEvent([]));
    last().serverClose(1001);
    vi.advanceTimersByTime(500);
    expect(sockets).toHaveLength(4);
  });

  it('an unauthorised close ends the session and never reconnects', () => {
    const { connection, sockets, last, onUnauthorized } = setup();
    connection.start();
    last().open();
    last().serverClose(SOCKET_CLOSE.unauthorized);
    vi.advanceTimersByTime(60_000);
    expect(connection.state).toBe('closed');
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(sockets).toHaveLength(1);
  });

  it('pings every interval and drops a connection that went silent', () => {
    const { connection, last, sockets } = setup();
    connection.start();
    last().open();
    last().receive(contactsEvent([]));
    vi.advanceTimersByTime(30_000);
    expect(last().sent.at(-1)).toEqual({ opt: 101 });
    vi.advanceTimersByTime(60_000);
    expect(sockets[0]!.closedWith).toBe(4000);
    expect(connection.state).toBe('reconnecting');
  });

  it('closes a socket whose init is never answered', () => {
    const { connection, last } = setup();
    connection.start();
    last().open();
    vi.advanceTimersByTime(10_000);
    expect(last().closedWith).toBe(SOCKET_CLOSE.initTimeout);
    expect(connection.state).toBe('reconnecting');
  });

  it('stop closes for good and ignores unknown kinds', () => {
    const { connection, last, received, sockets } = setup();
    connection.start();
    last().open();
    last().receive({ kind: 99, opt: 1 });
    expect(received).toEqual([]);
    connection.stop();
    vi.advanceTimersByTime(60_000);
    expect(connection.state).toBe('closed');
    expect(sockets).toHaveLength(1);
  });

  it('retryNow skips the rest of the backoff', () => {
    const { connection, last, sockets } = setup();
    connection.start();
    last().serverClose(1006);
    connection.retryNow();
    expect(sockets).toHaveLength(2);
  });
});
