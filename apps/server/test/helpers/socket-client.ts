import { ServerMessage, type ClientMessageInput, type ServerKind, type ServerMessages } from '@kindred/protocol';
import { onTestFinished } from 'vitest';
import { WebSocket } from 'ws';
import type { TestApp } from './test-app.js';

/** How long `next` waits before failing with what did arrive (a missing message is a failure, not a hang). */
const DEFAULT_WAIT_MS = 5_000;

const listening = new WeakMap<TestApp, Promise<string>>();

/** The app listening on a free port of 127.0.0.1 (once per app); answers its ws:// base URL. */
export function socketUrl(ctx: TestApp): Promise<string> {
  let url = listening.get(ctx);
  if (!url) {
    url = ctx.app.listen({ port: 0, host: '127.0.0.1' }).then((address) => address.replace(/^http/, 'ws'));
    listening.set(ctx, url);
  }
  return url;
}

type Waiter = { match: (m: ServerMessage) => boolean; resolve: (m: ServerMessage) => void };

export interface SocketClient {
  ws: WebSocket;
  /** Every message received so far, in order (consumed or not). */
  received: ServerMessage[];
  send(message: ClientMessageInput | Record<string, unknown>): void;
  sendRaw(data: string): void;
  /** The first not yet consumed message of `kind` (and matching `where`), now or when it arrives. */
  next<K extends ServerKind>(kind: K, where?: (m: ServerMessages[K]) => boolean, waitMs?: number): Promise<ServerMessages[K]>;
  /** The first message answering request `req`, whatever its kind (an answer or a refusal). */
  answerTo(req: string, waitMs?: number): Promise<ServerMessage>;
  /** Sends `message` with a fresh req id and answers the reply of `kind` carrying it. */
  request<K extends ServerKind>(message: ClientMessageInput | Record<string, unknown>, kind: K): Promise<ServerMessages[K]>;
  /** Unconsumed messages of a kind (to assert that nothing of it came before a barrier). */
  pending(kind: ServerKind): ServerMessage[];
  closed: Promise<{ code: number; reason: string }>;
  close(): Promise<void>;
}

let reqSequence = 0;

/**
 * A member's live connection, as a browser opens it (ws://host/socket?token=...). Every message
 * the server sends is checked against the protocol schema; one that does not match fails the test.
 */
export async function connectSocket(base: string | TestApp, token?: string | null, options: { query?: Record<string, string> } = {}): Promise<SocketClient> {
  const root = typeof base === 'string' ? base : await socketUrl(base);
  const url = new URL('/socket', root);
  if (token) url.searchParams.set('token', token);
  for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, value);

  const ws = new WebSocket(url);
  const received: ServerMessage[] = [];
  const unconsumed: ServerMessage[] = [];
  const waiters = new Set<Waiter>();
  let protocolError: Error | undefined;

  ws.on('message', (data) => {
    const parsed = ServerMessage.safeParse(JSON.parse(data.toString()));
    if (!parsed.success) {
      protocolError = new Error(`server message breaks the protocol: ${data.toString().slice(0, 300)}\n${parsed.error.message}`);
      return;
    }
    const message = parsed.data;
    received.push(message);
    for (const waiter of waiters) {
      if (waiter.match(message)) {
        waiters.delete(waiter);
        return waiter.resolve(message);
      }
    }
    unconsumed.push(message);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));

  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('unexpected-response', (_req, res) => reject(Object.assign(new Error(`upgrade refused: HTTP ${res.statusCode}`), { statusCode: res.statusCode })));
    ws.once('error', reject);
  });

  const client: SocketClient = {
    ws,
    received,
    send: (message) => ws.send(JSON.stringify(message)),
    sendRaw: (data) => ws.send(data),
    next(kind, where, waitMs = DEFAULT_WAIT_MS) {
      return wait((m) => m.kind === kind && (!where || where(m as never)), `kind ${kind}`, waitMs) as never;
    },
    answerTo(req, waitMs = DEFAULT_WAIT_MS) {
      return wait((m) => (m as { req?: string }).req === req, `answer to ${req}`, waitMs);
    },
    request(message, kind) {
      const req = `r${++reqSequence}`;
      const answer = client.next(kind, (m) => (m as { req?: string }).req === req);
      client.send({ ...message, req });
      return answer;
    },
    pending: (kind) => unconsumed.filter((m) => m.kind === kind),
    closed,
    async close() {
      if (ws.readyState === ws.OPEN || ws.readyState === ws.CONNECTING) ws.close();
      await closed;
    },
  };

  function wait(match: (m: ServerMessage) => boolean, what: string, waitMs: number): Promise<ServerMessage> {
    if (protocolError) return Promise.reject(protocolError);
    const index = unconsumed.findIndex(match);
    if (index >= 0) return Promise.resolve(unconsumed.splice(index, 1)[0]!);
    return new Promise((resolve, reject) => {
      const waiter: Waiter = { match, resolve: (m) => (clearTimeout(timer), resolve(m)) };
      const timer = setTimeout(() => {
        waiters.delete(waiter);
        const seen = received.map((m) => `${m.kind}${'error' in m ? `(${m.error})` : ''}`).join(', ');
        reject(protocolError ?? new Error(`no ${what} within ${waitMs} ms; received kinds: [${seen}]`));
      }, waitMs);
      waiters.add(waiter);
    });
  }
  onTestFinished(() => client.close());
  return client;
}

/** Connects and consumes the catch-up (kind 0) every authenticated socket receives first. */
export async function connectMember(base: string | TestApp, token: string) {
  const socket = await connectSocket(base, token);
  const contacts = await socket.next(0);
  return { socket, contacts };
}

let clientSequence = 0;
/** A unique client_id for opt 1. */
export const clientId = (prefix = 'c') => `${prefix}-${Date.now().toString(36)}-${++clientSequence}`;
