import { randomBytes } from 'node:crypto';
import type { ServerMessage } from '@kindred/protocol';
import type { WebSocket } from 'ws';
import type { Member } from '../modules/auth/member.js';

/** Past this much unsent data the client is not reading; it is dropped and will reconnect. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

/**
 * One open socket. Messages from the client are handled one at a time, in order (a member's
 * messages must be stored in the order they were sent); what the server sends goes out at once.
 */
export class Connection {
  readonly id = randomBytes(9).toString('base64url');
  member?: Member;
  token?: string;
  /** Read_chat_messages, as of the last (re)authentication: decides whether messages arrive locked. */
  readsAll = true;
  /** Seen since the last keep-alive round (a message, or a pong to our ping). */
  alive = true;
  private queue: Promise<void> = Promise.resolve();
  private windowStart = 0;
  private windowCount = 0;

  constructor(
    readonly ws: WebSocket,
    private readonly rateLimitPerMinute: number,
    private readonly now: () => number,
    private readonly onError: (error: unknown) => void,
  ) {}

  get userId(): number | undefined {
    return this.member?.id;
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
    this.ws.send(JSON.stringify(message));
  }

  /** Runs `work` after everything this client sent before it. */
  enqueue(work: () => Promise<void>): void {
    this.queue = this.queue.then(work).catch(this.onError);
  }

  /** Resolves when everything queued so far is done. */
  idle(): Promise<void> {
    return this.queue;
  }

  /** A fixed one-minute window per socket: cheap, and enough to stop a runaway client. */
  allow(): boolean {
    const now = this.now();
    if (now - this.windowStart >= 60_000) {
      this.windowStart = now;
      this.windowCount = 0;
    }
    this.windowCount += 1;
    return this.windowCount <= this.rateLimitPerMinute;
  }

  close(code: number, reason: string): void {
    if (this.ws.readyState === this.ws.OPEN || this.ws.readyState === this.ws.CONNECTING) this.ws.close(code, reason);
  }
}
