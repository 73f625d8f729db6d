import type { Redis } from 'ioredis';
import type { ConnectionRegistry } from './registry.js';

export interface PresenceOptions {
  prefix: string;
  nodeId: string;
  /** How long this node's entries outlive it (a killed node's members go offline then). */
  ttlMs: number;
}

/**
 * Who is online: connected to this node (the registry), or, with Redis, to any node. In Redis each
 * member has a sorted set of the nodes they are connected to, scored by when that entry expires;
 * every node renews its entries a few times per TTL. A node that dies stops renewing, so its
 * members count as offline within PRESENCE_TTL_MS, and the key itself expires.
 */
export class PresenceService {
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly registry: ConnectionRegistry,
    private readonly redis: Redis | undefined,
    private readonly options: PresenceOptions,
    private readonly now: () => number = Date.now,
  ) {}

  private key(userId: number): string {
    return `${this.options.prefix}presence:${userId}`;
  }

  async isOnline(userId: number): Promise<boolean> {
    return (await this.onlineSet([userId])).has(userId);
  }

  /** The members of `userIds` connected anywhere. */
  async onlineSet(userIds: readonly number[]): Promise<Set<number>> {
    const online = new Set<number>();
    const remote: number[] = [];
    for (const id of userIds) (this.registry.has(id) ? online.add(id) : remote.push(id));
    if (!this.redis || remote.length === 0) return online;
    const pipeline = this.redis.pipeline();
    const now = this.now();
    for (const id of remote) pipeline.zcount(this.key(id), now, '+inf');
    // Without Redis for a moment, members on other nodes show offline rather than failing the caller.
    const results = (await pipeline.exec().catch(() => null)) ?? [];
    results.forEach(([err, count], i) => {
      if (!err && Number(count) > 0) online.add(remote[i]!);
    });
    return online;
  }

  /** The member's first socket on this node opened. Answers true if they were offline everywhere. */
  async connected(userId: number): Promise<boolean> {
    if (!this.redis) return true;
    const key = this.key(userId);
    const now = this.now();
    const result = await this.redis
      .multi()
      .zcount(key, now, '+inf')
      .zadd(key, now + this.options.ttlMs, this.options.nodeId)
      .pexpire(key, this.options.ttlMs)
      .exec()
      .catch(() => null); // Redis away: announce (a repeated "online" is harmless); renew() adds the entry later.
    return Number(result?.[0]?.[1] ?? 0) === 0;
  }

  /** The member's last socket on this node closed. Answers true if they are now offline everywhere. */
  async disconnected(userId: number): Promise<boolean> {
    if (!this.redis) return true;
    const key = this.key(userId);
    const result = await this.redis.multi().zrem(key, this.options.nodeId).zcount(key, this.now(), '+inf').exec().catch(() => null);
    return Number(result?.[1]?.[1] ?? 0) === 0;
  }

  /** Renews this node's entries a few times per TTL. */
  start(): void {
    if (!this.redis || this.timer) return;
    this.timer = setInterval(() => void this.renew().catch(() => undefined), Math.max(1_000, Math.floor(this.options.ttlMs / 3)));
    this.timer.unref();
  }

  async renew(): Promise<void> {
    if (!this.redis) return;
    const pipeline = this.redis.pipeline();
    const expiry = this.now() + this.options.ttlMs;
    for (const userId of this.registry.users()) {
      pipeline.zadd(this.key(userId), expiry, this.options.nodeId);
      pipeline.pexpire(this.key(userId), this.options.ttlMs);
    }
    if (pipeline.length) await pipeline.exec();
  }

  /** On shutdown: this node's members are no longer here (other nodes may still have them). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    if (!this.redis) return;
    const pipeline = this.redis.pipeline();
    for (const userId of this.registry.users()) pipeline.zrem(this.key(userId), this.options.nodeId);
    if (pipeline.length) await pipeline.exec().catch(() => undefined);
  }
}
