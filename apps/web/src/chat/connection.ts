import { KIND, OPT, ServerMessage, SOCKET_CLOSE, type ClientMessageInput } from '@kindred/protocol';

/**
 * The live connection as a small state machine:
 *   idle -> connecting -> open -> reconnecting -> connecting -> open ... -> closed
 * "open" means the server answered the init (kind 0), not merely that the socket opened, so the
 * store resends its pending messages only once the server knows who we are.
 */
export type ChatStatus = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'closed';

/** The slice of the browser's WebSocket this class uses; tests pass a fake. */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: { code: number }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  send(data: string): void;
  close(code?: number): void;
}

export interface ConnectionOptions {
  url: string;
  uid: number;
  token: string;
  /** Newest message id held, so the init's answer carries exactly what was missed. */
  lastId: () => number;
  onMessage: (msg: ServerMessage) => void;
  onStatus: (status: ChatStatus) => void;
  /** The token was refused (signed out elsewhere): the session ends, no reconnecting. */
  onUnauthorized: () => void;
  createSocket?: (url: string) => SocketLike;
  random?: () => number;
}

const OPEN = 1;
const INIT_TIMEOUT_MS = 10_000;
const BACKOFF_FIRST_MS = 500;
const BACKOFF_MAX_MS = 30_000;
const DEFAULT_PING_MS = 30_000;

/** Close codes after which reconnecting cannot help. */
const FINAL_CODES: readonly number[] = [SOCKET_CLOSE.unauthorized, SOCKET_CLOSE.forbidden];

export class ChatConnection {
  private socket: SocketLike | null = null;
  private status: ChatStatus = 'idle';
  private attempt = 0;
  private pingMs = DEFAULT_PING_MS;
  private lastHeard = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private initTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly options: ConnectionOptions) {}

  get state(): ChatStatus {
    return this.status;
  }

  start(): void {
    if (this.status === 'idle') this.connect();
  }

  /** Ends the connection for good (sign-out, leaving the signed-in area). */
  stop(): void {
    this.setStatus('closed');
    this.clearTimers();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.close(1000);
    }
  }

  /** Back online (the browser's `online` event): skip the rest of the backoff. */
  retryNow(): void {
    if (this.status !== 'reconnecting') return;
    clearTimeout(this.retryTimer);
    this.connect();
  }

  /** Sends when open; answers false otherwise (the caller keeps the message pending). */
  send(msg: ClientMessageInput): boolean {
    if (this.status !== 'open' || this.socket?.readyState !== OPEN) return false;
    this.socket.send(JSON.stringify(msg));
    return true;
  }

  private connect(): void {
    this.setStatus('connecting');
    const create = this.options.createSocket ?? ((url: string) => new WebSocket(url) as unknown as SocketLike);
    let socket: SocketLike;
    try {
      socket = create(this.options.url);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      // The token travels in the init, not the URL, so it never lands in access logs.
      const { uid, token, lastId } = this.options;
      socket.send(JSON.stringify({ opt: OPT.init, uid, token, last_id: lastId() }));
      this.initTimer = setTimeout(() => socket.close(SOCKET_CLOSE.initTimeout), INIT_TIMEOUT_MS);
    };
    socket.onmessage = (ev) => this.receive(ev.data);
    socket.onerror = () => undefined;
    socket.onclose = (ev) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.clearTimers();
      if (ev.code === SOCKET_CLOSE.unauthorized) {
        this.setStatus('closed');
        this.options.onUnauthorized();
      } else if (FINAL_CODES.includes(ev.code)) {
        this.setStatus('closed');
      } else {
        this.scheduleReconnect();
      }
    };
  }

  private receive(data: unknown): void {
    this.lastHeard = Date.now();
    let parsed: ReturnType<typeof ServerMessage.safeParse>;
    try {
      parsed = ServerMessage.safeParse(JSON.parse(String(data)));
    } catch {
      return;
    }
    // A newer server may send kinds this client does not know; they are ignored, as the spec's clients do.
    if (!parsed.success) return;
    const msg = parsed.data;
    if (msg.kind === KIND.contacts) {
      clearTimeout(this.initTimer);
      this.attempt = 0;
      this.pingMs = msg.ping_ms || DEFAULT_PING_MS;
      this.startPing();
      this.setStatus('open');
    }
    this.options.onMessage(msg);
  }

  /** Pings on schedule; a socket silent for two intervals is dead even if the browser has not noticed. */
  private startPing(): void {
    clearInterval(this.pingTimer);
    this.pingTimer = setInterval(() => {
      if (Date.now() - this.lastHeard > this.pingMs * 2) {
        this.socket?.close(4000);
        return;
      }
      this.send({ opt: OPT.ping });
    }, this.pingMs);
  }

  private scheduleReconnect(): void {
    this.setStatus('reconnecting');
    const random = this.options.random ?? Math.random;
    // Exponential backoff with jitter, so a restarted node is not hit by every client at once.
    const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** this.attempt);
    this.attempt += 1;
    this.retryTimer = setTimeout(() => this.connect(), ceiling / 2 + random() * (ceiling / 2));
  }

  private clearTimers(): void {
    clearTimeout(this.retryTimer);
    clearTimeout(this.initTimer);
    clearInterval(this.pingTimer);
  }

  private setStatus(status: ChatStatus): void {
    if (this.status === status) return;
    this.status = status;
    this.options.onStatus(status);
  }
}

/** The socket address on the site's own host. */
export function socketUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/socket`;
}
