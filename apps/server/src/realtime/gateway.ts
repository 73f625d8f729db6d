import { unlessStorageFails } from '../db/storage-failure.js';
import { ClientMessage, CHAT_LIMITS, KIND, OPT, SOCKET_CLOSE, type ServerMessage } from '@kindred/protocol';
import type { RawData, WebSocket } from 'ws';
import { fail, validationFailed } from '../errors.js';
import { ACTIVITY_STAMP_EVERY_MS, type Member } from '../domain/member.js';
import type { UserRow } from '../db/schema.js';
import type { CatchUp } from '../modules/chat/chat.service.js';
import type { PresenceAnnouncer } from './announcer.js';
import { BatchLoader } from './batch-loader.js';
import { keepAliveRound } from './keep-alive.js';
import { MemberLevels } from './member-levels.js';
import { Connection } from './connection.js';
import { Delivery } from './delivery.js';
import { HANDLERS } from './handlers/index.js';
import type { AuthenticatedContext, HandlerContext, OptHandler } from './handlers/types.js';
import type { HubEvent } from './hub.js';
import type { RealtimeCore } from './core.js';
import { isExpected, refusal, tooManyMessages, tooManySockets, type RefusalContext } from './replies.js';
import type { RealtimeServices } from './services.js';
import type { RevocationMark } from './session-revocation.js';
import { SocketLimits } from './socket-limits.js';

/** How long activity stamps of connecting and leaving sockets gather before their one UPDATE (one commit). */
const ACTIVITY_GATHER_MS = 5;

export interface GatewayOptions {
  pingMs: number;
  initTimeoutMs?: number;
  /** SOCKET_MAX_PER_MEMBER and SOCKET_MAX_PER_ADDRESS, per node. */
  maxSocketsPerMember: number;
  maxSocketsPerAddress: number;
}

/** The parts of the realtime core the gateway drives. */
type Core = Pick<RealtimeCore, 'registry' | 'hub' | 'presence' | 'limiter' | 'sessions'>;

interface Log {
  warn(obj: unknown, msg: string): void;
  error(obj: unknown, msg: string): void;
}

/**
 * The live connection of one node: authenticates sockets, runs each client message through its
 * opt's handler (handlers/), keeps presence, relays hub events (delivery.ts) and keeps sockets
 * alive. Every answer to a client is sent only after what it reports is stored.
 */
export class Gateway {
  private readonly pending = new Set<Connection>();
  /** Every socket until its close is fully handled: shutdown waits for their work before the database goes. */
  private readonly attached = new Set<Connection>();
  private readonly delivery: Delivery;
  private readonly limits: SocketLimits;
  private readonly levels: MemberLevels;
  private keepAlive?: NodeJS.Timeout;
  private closing = false;
  /** Told of each refusal for going too fast (the metrics count them). */
  private readonly refusalListeners = new Set<(kind: 'messages' | 'sockets') => void>();
  private readonly registry: Core['registry'];
  private readonly hub: Core['hub'];
  private readonly presence: Core['presence'];

  constructor(
    private readonly core: Core,
    private readonly announcer: PresenceAnnouncer,
    private readonly services: RealtimeServices,
    private readonly options: GatewayOptions,
    private readonly log: Log,
    private readonly now: () => number = Date.now,
  ) {
    this.registry = core.registry;
    this.hub = core.hub;
    this.presence = core.presence;
    this.delivery = new Delivery(core.registry, services, log);
    this.levels = new MemberLevels(core.registry, services, now);
    this.limits = new SocketLimits({ perMember: options.maxSocketsPerMember, perAddress: options.maxSocketsPerAddress });
  }

  /** One function for every socket's failed work (not a closure per socket). */
  private readonly workFailed = (err: unknown) => this.log.error({ err }, 'socket work failed');

  /** Resolves once presence is live (with Redis: this node's first heartbeat is written). */
  async start(): Promise<void> {
    this.hub.subscribe((event) => (event.type === 'member-changed' ? this.levels.changed(event.to[0]) : this.delivery.handle(event)));
    // A node that may have missed events sends every socket its catch-up from the database again.
    // Sessions that ended meanwhile were announced to nobody here: check them now too.
    this.hub.onResync(() => {
      for (const connection of this.registry.all()) connection.enqueue(() => this.sendCatchUp(connection).catch((err) => this.log.error({ err }, 'resync failed')));
      this.checkSessions();
    });
    // Members of a node that died (or shut down) and did not come back anywhere: offline.
    this.presence.onExpired((userIds) => void this.announceEach(userIds, false));
    // This node stalled past the TTL and was given up for dead: its members are here after all.
    this.presence.onRevived((userIds) => void this.announceEach(userIds, true));
    this.keepAlive = setInterval(() => {
      // Queued only where a level ran out: a promise per idle socket per round lived to be promoted.
      keepAliveRound([...this.registry.all(), ...this.pending], this.options.pingMs, (c) => this.levels.lapsed(c) && c.enqueue(() => this.levels.rederive(c)), () => this.closing);
      this.checkSessions();
    }, this.options.pingMs);
    this.keepAlive.unref();
    await this.presence.start();
  }

  /**
   * Whether a socket from `address` (of `memberId`, when its URL carried a token) would be
   * accepted: asked before the upgrade, so a client over the caps gets a plain HTTP 429.
   */
  wouldAccept(address: string, memberId?: number): boolean {
    return this.limits.wouldAccept(address, memberId);
  }

  /** Taken before a socket's session is read, for goOnline (SessionRevocation.stillLive). */
  sessionMark(): RevocationMark {
    return this.core.sessions.mark();
  }

  /** A socket that passed the upgrade: with a member when its URL carried a valid token (read after `mark`). */
  attach(ws: WebSocket, address: string, member?: Member, token?: string, mark?: RevocationMark): void {
    const connection = new Connection(ws, address, this.workFailed);
    if (this.closing) {
      connection.release();
      return connection.close(SOCKET_CLOSE.goingAway, 'server shutting down');
    }
    // Sockets opened at the same moment all passed wouldAccept; the claim decides exactly.
    if (!this.limits.claimAddress(connection)) {
      connection.release();
      return this.refuseSocket(connection);
    }
    this.listen(connection);
    this.attached.add(connection);
    if (member) {
      connection.token = token;
      this.register(connection, member, mark);
    } else {
      this.pending.add(connection);
      setTimeout(() => {
        if (!connection.member) connection.close(SOCKET_CLOSE.initTimeout, 'init expected');
      }, this.options.initTimeoutMs ?? CHAT_LIMITS.initTimeoutMs).unref();
    }
  }

  /**
   * The socket's listeners, in a function of their own: closures share their function's scope, and
   * one that held the member read at the upgrade (a full row) would keep it for the socket's life.
   */
  private listen(connection: Connection): void {
    const ws = connection.ws;
    ws.on('pong', () => (connection.alive = true));
    ws.on('message', (data: RawData) => {
      connection.alive = true;
      connection.enqueue(() => this.receive(connection, data));
    });
    ws.on('error', this.socketError);
    // Queued behind whatever the socket was doing, so it is never registered after it closed. Its
    // place under the caps is free at once.
    ws.on('close', () => {
      this.limits.release(connection);
      connection.enqueue(() => this.goOffline(connection).finally(() => this.attached.delete(connection)));
    });
  }

  private register(connection: Connection, member: Member, mark?: RevocationMark): void {
    connection.enqueue(async () => {
      // The catch-up is read as soon as the socket is registered (what reaches the member from then
      // on is delivered live), beside the presence work rather than after it; it is still sent only
      // once the member is online and announced and the session found live.
      let catchUp: Promise<CatchUp> | undefined;
      const registered = (c: Connection) => {
        catchUp = this.services.chat.catchUp(c.member!);
        catchUp.catch(() => undefined);
      };
      try {
        if (await this.goOnline(connection, member, undefined, mark, registered)) this.sendCatchUpOf(connection, await catchUp!);
      } finally {
        connection.release();
      }
    });
  }

  private readonly socketError = (err: Error) => this.log.warn({ err: err.message }, 'socket error');

  /** Graceful shutdown: this node's presence goes, sockets close with 1001 (clients reconnect elsewhere). */
  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    if (this.keepAlive) clearInterval(this.keepAlive);
    await this.presence.stop();
    for (const connection of this.attached) connection.close(SOCKET_CLOSE.goingAway, 'server shutting down');
    // What sockets were doing (a message being stored) finishes before the database closes; a
    // stuck one does not hold the shutdown longer than a few seconds.
    const drained = Promise.allSettled([...this.attached].map((c) => c.idle()).concat(this.delivery.idle()));
    await Promise.race([drained, new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
    await this.hub.close();
  }

  /** Listens to refusals: a frame over CHAT_RATE_LIMIT, a socket over a SOCKET_MAX_* cap after its upgrade. */
  onRefused(listener: (kind: 'messages' | 'sockets') => void): void {
    this.refusalListeners.add(listener);
  }

  private refused(kind: 'messages' | 'sockets'): void {
    for (const listener of this.refusalListeners) listener(kind);
  }

  get connections(): number {
    return this.registry.size;
  }

  private async receive(connection: Connection, data: RawData): Promise<void> {
    if (connection.ended) return;
    let raw: Record<string, unknown> | undefined;
    try {
      raw = JSON.parse(data.toString()) as Record<string, unknown>;
      if (!raw || typeof raw !== 'object' || Array.isArray(raw)) raw = undefined;
    } catch {
      raw = undefined;
    }
    // The spec's clients sometimes send numbers as strings.
    if (raw && typeof raw.opt === 'string' && /^\d+$/.test(raw.opt)) raw.opt = Number(raw.opt);
    const context = { opt: typeof raw?.opt === 'number' ? raw.opt : -1, req: typeof raw?.req === 'string' ? raw.req.slice(0, 64) : undefined };
    // Every frame counts against the member's limit, unreadable ones too (CHAT_RATE_LIMIT).
    const sender = connection.member ? { member: connection.member.id } : { connection: connection.id };
    // Frames run one at a time (enqueue): only a lease on its way from Redis needs awaiting.
    const allowed = this.core.limiter.allow(sender);
    if (!(typeof allowed === 'boolean' ? allowed : await allowed)) {
      this.refused('messages');
      return connection.send(refusal(tooManyMessages(), context));
    }
    if (!raw) return connection.send(refusal(validationFailed({ body: 'a JSON object is expected' }), context));
    const parsed = ClientMessage.safeParse(raw);
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[issue.path.join('.') || 'body'] ??= issue.message;
      return connection.send(refusal(validationFailed(fields), context));
    }
    const message = parsed.data;
    // Named property by property (one hidden class for every frame): see SendChatMessage's transform.
    const about: RefusalContext = {
      opt: context.opt,
      req: context.req,
      uid: 'uid' in message && message.opt !== OPT.init ? message.uid : undefined,
      client_id: message.opt === OPT.send ? message.client_id : undefined,
    };

    // A membership that ran out since the socket last looked: its level and permissions follow at once.
    if (this.levels.lapsed(connection)) await this.levels.rederive(connection);
    const handler = HANDLERS[message.opt] as OptHandler<typeof message.opt>;
    if (!handler.public && !connection.member) {
      connection.send(refusal(fail('unauthorized'), about));
      return connection.close(SOCKET_CLOSE.unauthorized, 'init expected');
    }
    try {
      const ctx = this.context(connection);
      await (handler.handle as (c: HandlerContext | AuthenticatedContext, m: typeof message) => Promise<void>)(ctx, message);
    } catch (error) {
      if (!isExpected(error)) this.log.error({ err: error, opt: message.opt }, 'socket handler failed');
      connection.send(refusal(error, about));
    }
  }

  private context(connection: Connection): AuthenticatedContext {
    return {
      connection,
      member: connection.member!,
      services: this.services,
      now: this.now,
      reply: (message: ServerMessage) => connection.send(message),
      publish: (event: HubEvent) => this.hub.publish(event),
      sendCatchUp: (c, req, lastId) => this.sendCatchUp(c, req, lastId),
      sessionMark: () => this.sessionMark(),
      goOnline: (c, member, req, mark) => this.goOnline(c, member, req, mark),
      refreshMember: (c, member) => this.levels.refresh(c, member),
    };
  }

  /**
   * Registers an authenticated socket: answers false (and closes it) when the member already has
   * SOCKET_MAX_PER_MEMBER sockets here, or its session ended while it was being authenticated
   * (`mark`: taken before its session was read).
   */
  private async goOnline(connection: Connection, member: Member, req?: string, mark?: RevocationMark, registered?: (connection: Connection) => void): Promise<boolean> {
    this.pending.delete(connection);
    if (!this.limits.claimMember(connection, member.id)) {
      this.refuseSocket(connection, req);
      return false;
    }
    await this.levels.refresh(connection, member);
    const first = this.registry.add(connection, member.id);
    registered?.(connection);
    // A session that ended before the socket was registered was announced before anyone here could
    // find the socket: checked once more if this node heard any end of sessions since the read
    // (beside the presence work: each step is a batch shared with the sockets connecting meanwhile).
    const live = this.core.sessions.stillLive(member.sessionId, mark);
    live.catch(() => undefined);
    if (first) {
      // Stamped unless it was within the minute (the session's own stamp, or an earlier socket):
      // the row read at authentication is then as good as one read back after a write.
      const fresh = this.now() - member.user.last_active_at < ACTIVITY_STAMP_EVERY_MS;
      const [cameOnline, user] = await Promise.all([this.presence.connected(member.id), fresh ? member.user : this.touchActive(member.id)]);
      if (cameOnline) await this.announcer.announce(member.id, true, user?.is_yin ?? member.user.is_yin, OPT.init);
    }
    if (!(await live)) {
      connection.end(SOCKET_CLOSE.unauthorized, 'session ended');
      return false;
    }
    return true;
  }

  /** Over a socket cap: told why (rate_limited), then closed with 4409. */
  private refuseSocket(connection: Connection, req?: string): void {
    this.refused('sockets');
    connection.send(refusal(tooManySockets(), { opt: OPT.init, req }));
    connection.close(SOCKET_CLOSE.tooManySockets, 'too many sockets');
  }

  /** Closes this node's sockets whose session expired or was ended without an announcement. */
  private checkSessions(): void {
    if (this.closing) return;
    this.core.sessions.sweep().catch((err) => this.log.error({ err }, 'session check failed'));
  }

  /** The activity stamp is not worth a socket: on a full disk the member still connects and leaves. */
  private touchActive(userId: number) {
    return unlessStorageFails('activity stamp (socket)', () => this.activity.load(userId), this.log);
  }

  /** Sockets opening or closing together stamp their members in one statement (one commit). */
  private readonly activity = new BatchLoader<number, UserRow | undefined>(async (userIds) => {
    const rows = await this.services.touchActive(userIds, this.now());
    return new Map(rows.map((row) => [row.id, row]));
  }, undefined, { gatherMs: ACTIVITY_GATHER_MS });

  private async goOffline(connection: Connection): Promise<void> {
    this.pending.delete(connection);
    const member = connection.member;
    if (!member || !this.registry.remove(connection, member.id) || this.closing) return;
    const [wentOffline, user] = await Promise.all([this.presence.disconnected(member.id), this.touchActive(member.id)]);
    if (wentOffline) await this.announcer.announce(member.id, false, user?.is_yin ?? member.user.is_yin, OPT.init);
  }

  private async sendCatchUp(connection: Connection, req?: string, lastId?: number): Promise<void> {
    const member = connection.member;
    if (!member) return;
    this.sendCatchUpOf(connection, await this.services.chat.catchUp(member, lastId), req);
  }

  private sendCatchUpOf(connection: Connection, catchUp: CatchUp, req?: string): void {
    const member = connection.member;
    if (!member) return;
    connection.send({
      kind: KIND.contacts,
      opt: OPT.init,
      status: 'success',
      ...(req !== undefined ? { req } : {}),
      uid: member.id,
      contacts: catchUp.contacts,
      messages: catchUp.messages,
      more: catchUp.more ? 1 : 0,
      unread: catchUp.unread,
      ping_ms: this.options.pingMs,
      server_time: this.now(),
    });
  }

  /** Online/offline (opt 100) for members whose state another node's presence decided. */
  private async announceEach(userIds: number[], online: boolean): Promise<void> {
    for (const userId of userIds) {
      if (this.closing) return;
      try {
        const user = await this.services.findUser(userId);
        if (user) await this.announcer.announce(userId, online, user.is_yin, OPT.init);
      } catch (err) {
        this.log.error({ err, userId }, 'presence announcement failed');
      }
    }
  }
}
