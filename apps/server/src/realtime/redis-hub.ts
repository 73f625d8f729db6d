import { Redis } from 'ioredis';
import { LocalHub, type HubEvent } from './hub.js';

/** How long a closing hub waits for its last publications to reach Redis. */
const PUBLISH_DRAIN_MS = 2_000;
/** Events in one publication at most (a chat batch's doorbells are 1–128; this bounds one payload). */
const EVENTS_PER_PUBLICATION = 256;

/** Events that never share a publication (see flush). */
const ALONE = new Set<HubEvent['type']>(['sessions-ended', 'member-changed', 'settings-changed']);

/** A publication: one event (the shape every node version reads) or several of one turn. */
interface Publication {
  node?: string;
  event?: HubEvent;
  events?: HubEvent[];
}

interface Log {
  warn(obj: unknown, msg: string): void;
  error(obj: unknown, msg: string): void;
}

/**
 * Several nodes on one Redis: one pub/sub channel for the whole installation. Each node delivers
 * its own events locally at once (no round trip) and ignores its own echo; other nodes' events
 * arrive through the subscription. Redis pub/sub drops what a disconnected subscriber misses, so
 * when the subscription comes back the node asks for a resync (every local socket gets its
 * catch-up again from the database).
 */
export class RedisHub extends LocalHub {
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly cmd: Redis;
  private readonly channel: string;
  /** How this node's own publications begin: their echo is dropped before it is parsed. */
  private readonly ownPrefix: string;
  private subscribedOnce = false;
  private closed = false;
  /**
   * Publications not yet answered by Redis. Auto-pipelining holds them until the next turn, and
   * QUIT is never pipelined: sent at once, it would overtake them and a drain would drop the
   * doorbells of messages it had just acknowledged. close() waits for these first.
   */
  private readonly inFlight = new Set<Promise<unknown>>();
  /** Events published this turn, not yet handed to Redis (flush). */
  private outbox: HubEvent[] = [];

  constructor(
    url: string,
    prefix: string,
    private readonly nodeId: string,
    private readonly log: Log,
  ) {
    super();
    this.channel = `${prefix}chat`;
    this.ownPrefix = `{"node":${JSON.stringify(nodeId)},`;
    // The publisher waits through a reconnect rather than failing: a stored message's doorbell is
    // worth a delay. The subscriber must be its own connection (subscribed connections only listen).
    // Named, so an operator (or a test) can tell the connections apart in CLIENT LIST.
    // Auto-pipelining: the doorbells of messages stored together leave in one write.
    this.pub = new Redis(url, { maxRetriesPerRequest: null, lazyConnect: false, enableAutoPipelining: true, connectionName: `${prefix}pub:${nodeId}` });
    this.sub = new Redis(url, { maxRetriesPerRequest: null, lazyConnect: false, connectionName: `${prefix}sub:${nodeId}` });
    // Presence commands fail fast instead of queueing: while Redis is away, a node answers from
    // what it knows locally rather than holding a member's connection.
    this.cmd = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false, connectionName: `${prefix}cmd:${nodeId}` });
    for (const [name, client] of [['publisher', this.pub], ['subscriber', this.sub], ['commands', this.cmd]] as const) {
      client.on('error', (err) => {
        if (!this.closed) this.log.warn({ err: err.message }, `redis ${name} error`);
      });
    }
    this.sub.on('message', (channel, raw) => {
      if (channel !== this.channel) return;
      this.receive(raw);
    });
    // 'ready' after the first connection means a gap to repair. Subscribe (again; it is idempotent)
    // and only once Redis confirms, re-read the database: nothing published after that is missed.
    this.sub.on('ready', () => {
      if (!this.subscribedOnce || this.closed) return;
      this.sub
        .subscribe(this.channel)
        .then(() => {
          for (const listener of this.resyncListeners) listener();
        })
        .catch((err) => this.log.warn({ err: err.message }, 'redis resubscribe failed'));
    });
  }

  /** Resolves once the subscription is live, so a node does not announce itself before it can hear. */
  async start(): Promise<void> {
    await this.sub.subscribe(this.channel);
    this.subscribedOnce = true;
  }

  /** A connection for presence's plain commands (not the subscriber, which may only listen). */
  get commands(): Redis {
    return this.cmd;
  }

  /** Each connection by its role, for the metrics' error counts. */
  get connections(): Record<'publisher' | 'subscriber' | 'commands', Redis> {
    return { publisher: this.pub, subscriber: this.sub, commands: this.cmd };
  }

  /**
   * Local delivery at once; the publication is queued by ioredis (through a reconnect too) and not
   * awaited, so a Redis outage never holds up storing and acknowledging a member's messages.
   * The events of one turn (a chat batch's doorbells arrive together when its transaction commits)
   * leave as one publication: one PUBLISH for Redis to fan out, and one message for each node to
   * read and parse (its own echo included), instead of one per chat message.
   */
  override async publish(event: HubEvent): Promise<void> {
    this.deliver(event);
    if (this.outbox.push(event) === 1) process.nextTick(() => this.flush());
  }

  /**
   * Hands this turn's events to Redis in the order published: runs of events in chunks, a lone
   * event in the single-event shape. Ended sessions and changed rights or settings always go alone
   * in that shape, so a node from before batching (during a rolling upgrade) still closes the
   * sockets of a session that ended, whatever else was published in the same turn.
   */
  private flush(): void {
    const events = this.outbox;
    this.outbox = [];
    let run: HubEvent[] = [];
    for (const event of events) {
      if (ALONE.has(event.type)) {
        this.send(run);
        this.send([event]);
        run = [];
      } else if (run.push(event) === EVENTS_PER_PUBLICATION) {
        this.send(run);
        run = [];
      }
    }
    this.send(run);
  }

  private send(chunk: HubEvent[]): void {
    if (!chunk.length) return;
    // A stored message travels whole (the committed row): the other nodes deliver it without
    // reading it back, which spared a query per message and a turn of latency on every crossing.
    const payload: Publication = chunk.length === 1 ? { node: this.nodeId, event: chunk[0] } : { node: this.nodeId, events: chunk };
    const sent = this.pub
      .publish(this.channel, JSON.stringify(payload))
      .catch((err: Error) => {
        // The data is stored; the other nodes' members get it at their next catch-up.
        if (!this.closed) this.log.error({ err: err.message, events: chunk.length, type: chunk[0]!.type }, 'redis publish failed');
      })
      .finally(() => this.inFlight.delete(sent));
    this.inFlight.add(sent);
  }

  override async close(): Promise<void> {
    // What was published before the close still leaves; only then are the connections told to
    // quit. A Redis that is away does not hold the shutdown past PUBLISH_DRAIN_MS.
    let timer: NodeJS.Timeout | undefined;
    this.flush();
    await Promise.race([Promise.allSettled([...this.inFlight]), new Promise((resolve) => (timer = setTimeout(resolve, PUBLISH_DRAIN_MS)))]);
    clearTimeout(timer);
    this.closed = true;
    await super.close();
    await Promise.allSettled([this.sub.quit(), this.pub.quit(), this.cmd.quit()]);
  }

  private receive(raw: string): void {
    // Every publication comes back to its own node too: at one node, every stored message would be
    // parsed once more only to be dropped.
    if (raw.startsWith(this.ownPrefix)) return;
    let parsed: Publication;
    try {
      parsed = JSON.parse(raw) as Publication;
    } catch {
      this.log.warn({ raw: raw.slice(0, 200) }, 'unreadable hub message');
      return;
    }
    // Not an object (`null`, a number): nothing to deliver, and reading a field of it would throw in Redis's handler.
    if (typeof parsed !== 'object' || parsed === null || parsed.node === this.nodeId) return;
    if (parsed.event) this.deliver(parsed.event);
    if (Array.isArray(parsed.events)) for (const event of parsed.events) this.deliver(event);
  }
}
