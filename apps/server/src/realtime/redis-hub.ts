import { Redis } from 'ioredis';
import { LocalHub, type HubEvent } from './hub.js';

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
  private readonly channel: string;
  private subscribedOnce = false;
  private closed = false;

  constructor(
    url: string,
    prefix: string,
    private readonly nodeId: string,
    private readonly log: Log,
  ) {
    super();
    this.channel = `${prefix}chat`;
    // The publisher waits through a reconnect rather than failing: a stored message's doorbell is
    // worth a delay. The subscriber must be its own connection (subscribed connections only listen).
    this.pub = new Redis(url, { maxRetriesPerRequest: null, lazyConnect: false });
    this.sub = new Redis(url, { maxRetriesPerRequest: null, lazyConnect: false });
    for (const [name, client] of [['publisher', this.pub], ['subscriber', this.sub]] as const) {
      client.on('error', (err) => {
        if (!this.closed) this.log.warn({ err: err.message }, `redis ${name} error`);
      });
    }
    this.sub.on('message', (channel, raw) => {
      if (channel !== this.channel) return;
      this.receive(raw);
    });
    // ioredis re-subscribes after a reconnect; 'ready' after the first one means a gap to repair.
    this.sub.on('ready', () => {
      if (this.subscribedOnce && !this.closed) for (const listener of this.resyncListeners) listener();
    });
  }

  /** Resolves once the subscription is live, so a node does not announce itself before it can hear. */
  async start(): Promise<void> {
    await this.sub.subscribe(this.channel);
    this.subscribedOnce = true;
  }

  /** The publishing connection, shared with presence (plain commands only). */
  get commands(): Redis {
    return this.pub;
  }

  override async publish(event: HubEvent): Promise<void> {
    this.deliver(event);
    try {
      const doorbell = event.type === 'message' ? { ...event, row: undefined } : event;
      await this.pub.publish(this.channel, JSON.stringify({ node: this.nodeId, event: doorbell }));
    } catch (err) {
      // The data is stored; the other node's members get it at their next catch-up.
      this.log.error({ err, type: event.type }, 'redis publish failed');
    }
  }

  override async close(): Promise<void> {
    this.closed = true;
    await super.close();
    await Promise.allSettled([this.sub.quit(), this.pub.quit()]);
  }

  private receive(raw: string): void {
    let parsed: { node?: string; event?: HubEvent };
    try {
      parsed = JSON.parse(raw) as { node?: string; event?: HubEvent };
    } catch {
      this.log.warn({ raw: raw.slice(0, 200) }, 'unreadable hub message');
      return;
    }
    if (!parsed.event || parsed.node === this.nodeId) return;
    this.deliver(parsed.event);
  }
}
