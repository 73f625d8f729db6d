import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useChat } from '../src/chat/chat-store';
import type { SocketLike } from '../src/chat/connection';
import { buildContact, buildMessage, contactsEvent, ME } from './chat-fixtures';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: Array<Record<string, unknown>> = [];
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close() {
    this.readyState = 3;
    this.onclose?.({ code: 1000 });
  }
  accept(contacts = [buildContact({ uid: 20 })]) {
    this.readyState = 1;
    this.onopen?.({});
    this.onmessage?.({ data: JSON.stringify(contactsEvent(contacts)) });
  }
}

let sockets: FakeSocket[] = [];
const last = () => sockets[sockets.length - 1]!;

beforeEach(() => {
  vi.useFakeTimers();
  sockets = [];
  useChat.getState().connect({
    uid: ME,
    token: 'tok',
    url: 'ws://test/socket',
    createSocket: () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    },
  });
});
afterEach(() => {
  useChat.getState().disconnect();
  vi.useRealTimers();
});

describe('chat store', () => {
  it('sends at its kind 0 a message written before the connection started, and never one of another member', () => {
    const createSocket = () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    };
    useChat.getState().disconnect();
    const early = useChat.getState().send(20, { type: 'text', content: 'typed at once' });
    useChat.getState().connect({ uid: ME, token: 'tok', url: 'ws://test/socket', createSocket });
    expect(useChat.getState().pending[early]).toMatchObject({ content: 'typed at once' });
    last().accept();
    expect(last().sent).toContainEqual(expect.objectContaining({ opt: 1, uid: 20, client_id: early, content: 'typed at once' }));

    // Signed in as someone else in the same tab: nothing of the first member's goes out.
    last().onclose?.({ code: 1006 });
    const other = useChat.getState().send(20, { type: 'text', content: 'not yours' });
    useChat.getState().connect({ uid: ME + 1, token: 'tok2', url: 'ws://test/socket', createSocket });
    expect(useChat.getState().pending[other]).toBeUndefined();
    last().accept();
    expect(last().sent.filter((m) => m.opt === 1)).toEqual([]);
  });

  it('keeps a message written offline pending and sends it once the server knows us', () => {
    const clientId = useChat.getState().send(20, { type: 'text', content: 'hello' });
    expect(useChat.getState().pending[clientId]).toMatchObject({ uid: 20, content: 'hello' });
    last().accept();
    expect(last().sent).toContainEqual(expect.objectContaining({ opt: 1, uid: 20, client_id: clientId, content: 'hello' }));
  });

  it('resends an unacknowledged message with the same client id after a reconnect, and drops it on the ack', () => {
    last().accept();
    const clientId = useChat.getState().send(20, { type: 'text', content: 'again' });
    last().onclose?.({ code: 1006 });
    vi.advanceTimersByTime(1000);
    last().accept();
    const resent = last().sent.filter((m) => m.opt === 1);
    expect(resent).toEqual([expect.objectContaining({ client_id: clientId })]);
    const stored = buildMessage({ sender_id: ME, reciver_id: 20, mid: ME, client_id: clientId, content: 'again' });
    last().onmessage?.({ data: JSON.stringify({ kind: 2, opt: 1, status: 'success', client_id: clientId, message: stored, duplicate: 1 }) });
    expect(useChat.getState().pending).toEqual({});
    expect(useChat.getState().conversations[20]?.messages).toEqual([stored]);
  });

  it('sends once more, unchanged, a message the catch-up shows stored that was never acknowledged', () => {
    last().accept();
    const clientId = useChat.getState().send(20, { type: 'text', content: 'lost with its node' });
    last().onclose?.({ code: 1006 });
    vi.advanceTimersByTime(1000);
    // The node that stored it died before acknowledging and announcing it; another node answers the catch-up.
    const stored = buildMessage({ sender_id: ME, reciver_id: 20, mid: ME, client_id: clientId, content: 'lost with its node' });
    last().readyState = 1;
    last().onopen?.({});
    last().onmessage?.({ data: JSON.stringify(contactsEvent([buildContact({ uid: 20 })], [stored])) });
    expect(last().sent.filter((m) => m.opt === 1)).toEqual([{ opt: 1, uid: 20, client_id: clientId, type: 'text', content: 'lost with its node', img: '' }]);
    expect(useChat.getState().pending).toEqual({});
    expect(useChat.getState().conversations[20]?.messages).toEqual([stored]);
  });

  it('opens a conversation on screen, reopens it after a reconnect, and reads what arrives in it', () => {
    last().accept();
    const close = useChat.getState().view(20, 'member');
    expect(last().sent).toContainEqual({ opt: 0, uid: 20, address: 'member' });
    last().onclose?.({ code: 1006 });
    vi.advanceTimersByTime(1000);
    last().accept([buildContact({ uid: 20, count: 2 })]);
    expect(last().sent).toContainEqual({ opt: 0, uid: 20, address: 'member' });
    expect(useChat.getState().contacts[0]?.count).toBe(0);
    last().onmessage?.({ data: JSON.stringify({ kind: 1, opt: 1, status: 'success', message: buildMessage({ sender_id: 20 }) }) });
    expect(last().sent.at(-1)).toEqual({ opt: 4, uid: 20 });
    close();
    expect(useChat.getState().viewing).toEqual({});
  });

  it('asks for older messages before the oldest one held', () => {
    last().accept();
    const oldest = buildMessage({ sender_id: 20 });
    last().onmessage?.({ data: JSON.stringify({ kind: 3, opt: 0, status: 'success', uid: 20, messages: [oldest], more: 1 }) });
    useChat.getState().loadHistory(20);
    expect(last().sent.at(-1)).toEqual({ opt: 3, uid: 20, before_id: oldest.id });
  });
});
