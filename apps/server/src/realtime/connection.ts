import { randomBytes } from 'node:crypto';
import type { Duplex } from 'node:stream';
import type { ServerMessage } from '@kindred/protocol';
import type { WebSocket } from 'ws';
import type { Member } from '../domain/member.js';

/** Past this much unsent data the client is not reading; it is dropped and will reconnect. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
/** Shared by every socket that has nothing queued or left to finish (idle sockets cost no promise of their own). */
const NOTHING_AFTER: Promise<void> = Promise.resolve();

/**
 * Sockets whose frames of this turn are held back, to leave in one write each once the turn's
 * work is done (or sooner: flushFrames). A commit settles many messages at once: a sender's
 * acknowledgements and a recipient's deliveries from it would otherwise cost one system call per
 * frame (the biggest cost of a chat message after JSON, in the socket bench's profile).
 */
const corked = new Set<Duplex>();
let flushScheduled = false;
/**
 * Sends the frames held back so far: at the end of the turn, or sooner, before work that holds the
 * event loop (a group commit's batch on SQLite, db/group-commit.ts beforeGroupCommitBatches).
 */
export const flushFrames = (): void => {
  flushScheduled = false;
  for (const socket of corked) socket.uncork();
  corked.clear();
};

/** Upgraded sockets whose writes are held until their member is registered (holdUpgrade). */
const held = new WeakSet<Duplex>();

/**
 * Holds what is written to a socket whose upgrade is about to be answered — the 101 — until the
 * connection's first frame (kind 0, once the member is online and caught up) is written too, so the
 * two leave in one write: a system call per connecting socket was a visible share of a connect
 * burst's CPU. Released by Connection.release, on every path out of the registration.
 */
export function holdUpgrade(socket: Duplex): void {
  if (held.has(socket)) return;
  socket.cork();
  held.add(socket);
}

/** ws keeps its TCP socket in a private field; without it (another ws version), nothing is corked. */
const tcpOf = (ws: WebSocket): Duplex | undefined => (ws as unknown as { _socket?: Duplex })._socket;

/**
 * One open socket. Messages from the client are handled one at a time, in order (a member's
 * messages must be stored in the order they were sent); what the server sends goes out at once.
 */
export class Connection {
  /** Made when first asked for (an event's origin, an unauthenticated socket's limit): an idle socket never needs it. */
  private ownId?: string;
  member?: Member;
  token?: string;
  /** Read_chat_messages, as of the last (re)authentication: decides whether messages arrive locked. */
  readsAll = true;
  /** Seen since the last keep-alive round (a message, or a pong to our ping). */
  alive = true;
  /** Its session ended (session-revocation.ts): closing, and nothing it still sends is handled. */
  ended = false;
  /** What this socket counts against (socket-limits.ts), released when it closes. */
  countsForAddress = false;
  countsForMember?: number;
  private queue: Promise<void> = NOTHING_AFTER;
  /** Work a frame left to finish after it (handlers/send.ts: acknowledgements wait for their commit). */
  private after: Promise<void> = NOTHING_AFTER;

  constructor(
    readonly ws: WebSocket,
    /** The client's address as the HTTP layer saw it (TRUST_PROXY applies). */
    readonly address: string,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Tells this socket's own events apart (`origin`), on every node. */
  get id(): string {
    return (this.ownId ??= randomBytes(9).toString('base64url'));
  }

  get userId(): number | undefined {
    return this.member?.id;
  }

  get sessionId(): number | undefined {
    return this.member?.sessionId;
  }

  get open(): boolean {
    return this.ws.readyState === this.ws.OPEN;
  }

  send(message: ServerMessage): void {
    if (!this.open) return;
    if (this.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.ws.close(4429, 'too slow');
      return;
    }
    const socket = tcpOf(this.ws);
    if (socket && !corked.has(socket)) {
      socket.cork();
      corked.add(socket);
      if (!flushScheduled) {
        flushScheduled = true;
        setImmediate(flushFrames);
      }
    }
    this.ws.send(JSON.stringify(message));
  }

  /** Lets out what holdUpgrade held (with the frames of this turn, if any are corked). */
  release(): void {
    const socket = tcpOf(this.ws);
    if (socket && held.delete(socket)) socket.uncork();
  }

  /** Runs `work` after everything this client sent before it. */
  enqueue(work: () => Promise<void>): void {
    this.queue = this.queue.then(work).catch(this.onError);
  }

  /** Runs `work` after the earlier `afterwards` work, while the next frames are already read. */
  afterwards(work: () => Promise<void>): void {
    this.after = this.after.then(work).catch(this.onError);
  }

  /** Resolves once the `afterwards` work given so far is done. */
  settled(): Promise<void> {
    return this.after;
  }

  /** Resolves when everything queued so far is done. */
  idle(): Promise<void> {
    return Promise.all([this.queue, this.after]).then(() => undefined);
  }

  close(code: number, reason: string): void {
    if (this.ws.readyState === this.ws.OPEN || this.ws.readyState === this.ws.CONNECTING) this.ws.close(code, reason);
  }

  /** Its session ended: closed with `code`, and what it sent but was not handled yet is dropped. */
  end(code: number, reason: string): void {
    this.ended = true;
    this.close(code, reason);
  }
}
