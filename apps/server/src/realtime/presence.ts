import { once } from 'node:events';
import type { Redis } from 'ioredis';
import type { ConnectionRegistry } from './registry.js';

export interface PresenceOptions {
  prefix: string;
  nodeId: string;
  /** How long a node's heartbeat outlives it (a killed node's members go offline then). */
  ttlMs: number;
}

/** Members who went offline everywhere without a node saying so (their node died or shut down). */
export type ExpiryListener = (userIds: number[]) => void;

/** A node another node had given up for dead renewed again: its members are back. */
export type RevivalListener = (userIds: number[]) => void;

interface PresenceChange {
  kind: 'connected' | 'disconnected';
  userId: number;
  resolve: (nowOfflineElsewhere: boolean) => void;
}

/** Members per command when a node registers all of its members again. */
const BATCH = 1_000;

/**
 * Claims a node whose heartbeat lapsed and releases its members, in one atomic step: of several
 * nodes sweeping at once exactly one claims it, a node that renewed in time is left alone, and a
 * stalled node renewing meanwhile sees either all of the release or none of it. Answers the
 * members now connected to no live node (nil when there was nothing to claim).
 * KEYS[1] the heartbeats; ARGV: node id, now, key prefix.
 */
const CLAIM_LAPSED = `
local score = redis.call('zscore', KEYS[1], ARGV[1])
if not score or tonumber(score) > tonumber(ARGV[2]) then return false end
redis.call('zrem', KEYS[1], ARGV[1])
local membersKey = ARGV[3] .. 'node:' .. ARGV[1] .. ':members'
local offline = {}
for _, id in ipairs(redis.call('smembers', membersKey)) do
  local key = ARGV[3] .. 'presence:' .. id
  redis.call('srem', key, ARGV[1])
  local live = false
  for _, node in ipairs(redis.call('smembers', key)) do
    local beat = redis.call('zscore', KEYS[1], node)
    if beat and tonumber(beat) > tonumber(ARGV[2]) then live = true break end
  end
  if not live then table.insert(offline, id) end
end
redis.call('del', membersKey)
return offline`;

/**
 * A turn's presence changes, in the order asked, each with the commands it had on its own — a
 * connect reads the member's nodes, then adds this node to them and the member to this node's set;
 * a disconnect removes both, then reads the member's nodes — and one read of the live nodes.
 * Answers per change 1 if one of the member's nodes (other than ours after a disconnect) is live.
 * One script instead of a MULTI of three commands a member: building and parsing ioredis' command
 * objects was most of the presence's cost in a connect burst.
 * KEYS[1] the heartbeats, KEYS[2] this node's members; ARGV: node id, now, the prefix of a member's
 * presence key (PresenceService.key), then '+<id>' (connected) / '-<id>'.
 */
const PRESENCE_CHANGES = `
local live = {}
for _, node in ipairs(redis.call('zrangebyscore', KEYS[1], '(' .. ARGV[2], '+inf')) do live[node] = true end
local answers = {}
for i = 4, #ARGV do
  local id = string.sub(ARGV[i], 2)
  local key = ARGV[3] .. id
  local nodes
  if string.sub(ARGV[i], 1, 1) == '+' then
    nodes = redis.call('smembers', key)
    redis.call('sadd', key, ARGV[1])
    redis.call('sadd', KEYS[2], id)
  else
    redis.call('srem', key, ARGV[1])
    redis.call('srem', KEYS[2], id)
    nodes = redis.call('smembers', key)
  end
  local elsewhere = 0
  for _, node in ipairs(nodes) do
    if live[node] then elsewhere = 1 break end
  end
  answers[#answers + 1] = elsewhere
end
return answers`;

/** The client with PRESENCE_CHANGES defined on it (sent by its digest; ioredis sends it whole once Redis lacks it). */
type PresenceRedis = Redis & { kindredPresenceChanges(nodesKey: string, membersKey: string, ...args: (string | number)[]): Promise<number[]> };

/**
 * Who is online: connected to this node (the registry), or, with Redis, to any live node. In
 * Redis each member has the set of nodes they are connected to; each node has a heartbeat
 * (`nodes`, scored by when it lapses, renewed a few times per TTL) and the set of its members. A
 * member counts as online while one of their nodes' heartbeats is live, so a node that dies takes
 * its members offline within PRESENCE_TTL_MS, and renewing costs one command however many
 * members a node holds.
 *
 * Lookups alone would never tell the dead node's contacts, so every node sweeps the heartbeats;
 * the one that claims a lapsed node removes its entries and reports the members now offline
 * everywhere, for the gateway to announce (kind 4).
 */
export class PresenceService {
  private timer?: NodeJS.Timeout;
  /** This node's heartbeat has been written once: from then on, finding it gone means we were given up. */
  private beating = false;
  private readonly expiryListeners = new Set<ExpiryListener>();
  private readonly revivalListeners = new Set<RevivalListener>();

  constructor(
    private readonly registry: ConnectionRegistry,
    private readonly redis: Redis | undefined,
    private readonly options: PresenceOptions,
    private readonly now: () => number = Date.now,
  ) {
    if (redis && !('kindredPresenceChanges' in redis)) redis.defineCommand('kindredPresenceChanges', { numberOfKeys: 2, lua: PRESENCE_CHANGES });
  }

  /** A member's set of nodes: this prefix and the member's id. */
  private get presencePrefix(): string {
    return `${this.options.prefix}presence:`;
  }

  private key(userId: number): string {
    return this.presencePrefix + userId;
  }

  private get nodesKey(): string {
    return `${this.options.prefix}nodes`;
  }

  private membersKey(nodeId: string): string {
    return `${this.options.prefix}node:${nodeId}:members`;
  }

  /** How often the heartbeat is renewed and other nodes' heartbeats checked. */
  private get intervalMs(): number {
    return Math.max(1_000, Math.floor(this.options.ttlMs / 3));
  }

  onExpired(listener: ExpiryListener): void {
    this.expiryListeners.add(listener);
  }

  onRevived(listener: RevivalListener): void {
    this.revivalListeners.add(listener);
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
    const pipeline = this.redis.pipeline().zrangebyscore(this.nodesKey, `(${this.now()}`, '+inf');
    for (const id of remote) pipeline.smembers(this.key(id));
    // Without Redis for a moment, members on other nodes show offline rather than failing the caller.
    const results = (await pipeline.exec().catch(() => null)) ?? [];
    const live = new Set((results[0]?.[1] as string[] | undefined) ?? []);
    results.slice(1).forEach(([err, nodes], i) => {
      if (!err && (nodes as string[]).some((node) => live.has(node))) online.add(remote[i]!);
    });
    return online;
  }

  /** The member's first socket on this node opened. Answers true if they were offline everywhere. */
  connected(userId: number): Promise<boolean> {
    return this.redis ? this.change('connected', userId) : Promise.resolve(true);
  }

  /** The member's last socket on this node closed. Answers true if they are now offline everywhere. */
  disconnected(userId: number): Promise<boolean> {
    return this.redis ? this.change('disconnected', userId) : Promise.resolve(true);
  }

  /**
   * Presence changes asked for in one turn of the event loop go to Redis in one script
   * (PRESENCE_CHANGES), in the order asked (a member's connect and disconnect never overtake each
   * other), with one read of the live nodes for all of them. Each change is the commands it was on
   * its own, so the answers are the same.
   */
  private change(kind: PresenceChange['kind'], userId: number): Promise<boolean> {
    return new Promise((resolve) => {
      if (this.changes.push({ kind, userId, resolve }) === 1) setImmediate(this.flushChanges);
    });
  }

  private changes: PresenceChange[] = [];

  private readonly flushChanges = (): void => {
    const batch = this.changes;
    this.changes = [];
    const changes = batch.map(({ kind, userId }) => (kind === 'connected' ? '+' : '-') + userId);
    const nodeId = this.options.nodeId;
    const sent = Promise.resolve().then(() =>
      (this.redis as PresenceRedis).kindredPresenceChanges(this.nodesKey, this.membersKey(nodeId), nodeId, this.now(), this.presencePrefix, ...changes),
    );
    sent
      // Redis away: announce (a repeated "online" or "offline" is harmless); renew() registers us later.
      .catch(() => null)
      .then((elsewhere) => batch.forEach((change, i) => change.resolve(elsewhere?.[i] !== 1)));
  };

  /**
   * Renews the heartbeat and looks for lapsed nodes, a few times per TTL. Resolves once the first
   * heartbeat is written: until then other nodes count this node's members offline, so the node
   * takes no sockets before.
   */
  async start(): Promise<void> {
    const redis = this.redis;
    if (!redis || this.timer) return;
    const tick = async () => {
      await this.renew().catch(() => undefined);
      await this.sweep().catch(() => undefined);
    };
    this.timer = setInterval(() => void tick(), this.intervalMs);
    this.timer.unref();
    // The commands connection does not queue while it connects: wait for it.
    if (redis.status !== 'ready') await once(redis, 'ready');
    await tick();
  }

  /**
   * One command while all is well. A missing heartbeat (the first beat, Redis lost its data, or
   * another node gave us up for dead and released our members) registers every local member again.
   */
  async renew(): Promise<void> {
    if (!this.redis) return;
    const [[error, previous] = []] = (await this.redis.pipeline().zscore(this.nodesKey, this.options.nodeId).zadd(this.nodesKey, this.now() + this.options.ttlMs, this.options.nodeId).exec()) ?? [];
    if (error || previous !== null) return;
    const users = [...this.registry.users()];
    if (users.length) {
      const pipeline = this.redis.pipeline();
      for (const userId of users) pipeline.sadd(this.key(userId), this.options.nodeId);
      for (let i = 0; i < users.length; i += BATCH) pipeline.sadd(this.membersKey(this.options.nodeId), ...users.slice(i, i + BATCH));
      await pipeline.exec();
    }
    // Given up for dead (we stalled past the TTL): our members' contacts were told they left.
    if (this.beating && users.length) for (const listener of this.revivalListeners) listener(users);
    this.beating = true;
  }

  /** Claims every lapsed heartbeat but our own and reports the claimed nodes' members who are connected nowhere now. */
  async sweep(): Promise<void> {
    if (!this.redis) return;
    const lapsed = await this.redis.zrangebyscore(this.nodesKey, '-inf', this.now());
    for (const nodeId of lapsed) {
      if (nodeId === this.options.nodeId) continue;
      const released = (await this.redis.eval(CLAIM_LAPSED, 1, this.nodesKey, nodeId, this.now(), this.options.prefix)) as string[] | null;
      const offline = (released ?? []).map(Number).filter((id) => Number.isInteger(id) && id > 0 && !this.registry.has(id));
      if (offline.length) for (const listener of this.expiryListeners) listener(offline);
    }
  }

  /**
   * On shutdown: this node's members are no longer here (other nodes may still have them). Its
   * heartbeat lapses one interval later: members who reconnected elsewhere by then stay online,
   * the others are announced offline by the node that claims it.
   */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    if (!this.redis) return;
    const pipeline = this.redis.pipeline();
    for (const userId of this.registry.users()) pipeline.srem(this.key(userId), this.options.nodeId);
    if (this.beating) pipeline.zadd(this.nodesKey, this.now() + this.intervalMs, this.options.nodeId);
    await pipeline.exec().catch(() => undefined);
  }
}
