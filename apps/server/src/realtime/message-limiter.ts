import type { Redis } from 'ioredis';

const MINUTE_MS = 60_000;
/** Frames reserved from Redis at once, at most (and never more than 1/16 of the allowance). */
const MAX_LEASE = 64;
/** A lease not used up within this time gives what is left back, so other nodes may have it. */
const LEASE_IDLE_MS = 1_000;

/**
 * Reserves up to ARGV[4] frames from a member's bucket (GCRA: the key holds the time the bucket is
 * full again). Answers {frames granted, ms until the next frame would be (when none)}.
 * KEYS[1] the member's key; ARGV: now (ms), ms per frame, burst tolerance (ms), frames wanted.
 */
const RESERVE = `
local now = tonumber(ARGV[1])
local interval = tonumber(ARGV[2])
local tat = tonumber(redis.call('get', KEYS[1]) or ARGV[1])
if tat < now then tat = now end
local room = tonumber(ARGV[3]) - (tat - now)
if room < 0 then return {0, math.ceil(-room)} end
local n = math.min(tonumber(ARGV[4]), math.floor(room / interval) + 1)
tat = tat + n * interval
redis.call('set', KEYS[1], string.format('%.3f', tat), 'px', math.ceil(tat - now))
return {n, 0}`;
/** Gives ARGV[3] unused frames back (ARGV: now, ms per frame, frames). */
const RELEASE = `
local tat = tonumber(redis.call('get', KEYS[1]))
if not tat then return 0 end
local now = tonumber(ARGV[1])
tat = tat - tonumber(ARGV[3]) * tonumber(ARGV[2])
if tat <= now then redis.call('del', KEYS[1]) return 0 end
redis.call('set', KEYS[1], string.format('%.3f', tat), 'px', math.ceil(tat - now))
return 0`;
const RESERVE_COMMAND = 'kindredSocketReserve';
const RELEASE_COMMAND = 'kindredSocketRelease';

type Script = (key: string, ...args: number[]) => Promise<unknown>;

interface Log {
  warn(obj: unknown, msg: string): void;
}

/** Whose allowance a frame takes. */
export type Sender = { member: number } | { connection: string };

/** Frames this node reserved for a member and has not used yet. */
interface Lease {
  left: number;
  /** Frames asked for last time: doubled while the member keeps using them up. */
  size: number;
  grantedAt: number;
  /** The next lease on its way: true once granted (or refused), false when Redis failed. */
  fetching?: Promise<boolean>;
}

/**
 * CHAT_RATE_LIMIT: frames per minute on the live connection, per MEMBER over all their sockets
 * and, with Redis, over every node: opening more sockets or reaching another node buys nothing.
 * Every frame counts, unreadable ones too. A socket that is not authenticated yet has its own
 * allowance on its node (it must send its init within seconds, and sockets per address are capped).
 *
 * A bucket rather than fixed windows: at most CHAT_RATE_LIMIT frames at once, then one every
 * minute / CHAT_RATE_LIMIT; no window edge lets twice the limit through. A refusal does not use
 * the allowance up. With Redis, a node does not ask Redis before every frame: it reserves frames
 * from the member's one bucket in leases (the first frame one, then twice as many each time a
 * lease is used up within a second, at most 1/16 of the allowance and 64) and takes the member's
 * next frames from the lease without a round trip, asking for the next lease in the background
 * when half is used. Every frame allowed was taken from the shared bucket first, so the limit over
 * all nodes holds exactly; a lease unused for a second goes back to the bucket, so what one node
 * holds can delay another node's frames only for a member already near the limit, and only
 * briefly. A node remembers a refusal until the member may send again and refuses meanwhile
 * without a round trip (a flood costs Redis nothing); should Redis fail, each node keeps its own
 * buckets until it is back, so a limit per node still holds.
 */
export class MessageLimiter {
  private readonly interval: number;
  private readonly tolerance: number;
  private readonly maxLease: number;
  /** Buckets kept here: unauthenticated sockets, every sender without Redis, or while Redis fails. */
  private readonly local = new Map<string, number>();
  /** With Redis: members refused lately, until when. */
  private readonly blocked = new Map<string, number>();
  /** With Redis: each member's lease on this node. */
  private readonly leases = new Map<number, Lease>();
  private releaseTimer?: NodeJS.Timeout;
  private lastPrune = 0;
  private lastWarning = -Infinity;
  private readonly reserve?: Script;
  private readonly release?: Script;

  constructor(
    max: number,
    redis: Redis | undefined,
    private readonly prefix: string,
    private readonly log: Log,
    private readonly now: () => number = Date.now,
  ) {
    this.interval = MINUTE_MS / max;
    // A millisecond of slack: the max-th frame of a burst must not fail on a rounding of the interval.
    this.tolerance = MINUTE_MS - this.interval + 1;
    this.maxLease = Math.max(1, Math.min(MAX_LEASE, Math.floor(max / 16)));
    if (redis) {
      const script = (name: string, lua: string): Script => {
        if (!(name in redis)) redis.defineCommand(name, { numberOfKeys: 1, lua });
        const command = (redis as unknown as Record<string, Script>)[name]!;
        return (...args) => command.apply(redis, args);
      };
      this.reserve = script(RESERVE_COMMAND, RESERVE);
      this.release = script(RELEASE_COMMAND, RELEASE);
    }
  }

  /**
   * Takes one frame from the sender's allowance; answers whether there was one. Answers at once
   * (no promise) when this node can tell without Redis: the frames of one socket keep their order.
   */
  allow(sender: Sender): boolean | Promise<boolean> {
    const now = this.now();
    this.prune(now);
    if ('connection' in sender) return this.takeLocal(`c${sender.connection}`, now);
    if (!this.reserve) return this.takeLocal(`m${sender.member}`, now);
    if ((this.blocked.get(`m${sender.member}`) ?? 0) > now) return false;
    const lease = this.leases.get(sender.member);
    if (lease && lease.left > 0) {
      lease.left -= 1;
      // Half used: the next lease is asked for now, so the member's next frames do not wait for it.
      if (lease.left * 2 <= lease.size && !lease.fetching) void this.fetch(sender.member, lease);
      return true;
    }
    return this.awaitLease(sender.member, lease);
  }

  /** Nothing reserved here: waits for a lease (the one on its way, or a new one). */
  private async awaitLease(member: number, lease: Lease | undefined): Promise<boolean> {
    if (!lease) {
      lease = { left: 0, size: 0, grantedAt: -Infinity };
      this.leases.set(member, lease);
    }
    // Frames queued behind one fetch share it; those it does not cover ask again.
    for (let tries = 0; tries < 3; tries++) {
      if (lease.left > 0) {
        lease.left -= 1;
        return true;
      }
      const fetched = lease.fetching ?? this.fetch(member, lease);
      if (!(await fetched)) return this.fallback(member);
      if ((this.blocked.get(`m${member}`) ?? 0) > this.now()) return false;
    }
    if (lease.left > 0) {
      lease.left -= 1;
      return true;
    }
    return false;
  }

  /** Reserves the member's next lease; answers false when Redis failed. */
  private fetch(member: number, lease: Lease): Promise<boolean> {
    const now = this.now();
    // Used up within a second: the member sends steadily, reserve more at once.
    const size = now - lease.grantedAt < LEASE_IDLE_MS ? Math.min(this.maxLease, Math.max(1, lease.size * 2)) : 1;
    const fetching = (async () => {
      try {
        const [granted, wait] = (await this.reserve!(this.key(member), now, this.interval, this.tolerance, size)) as [number, number];
        lease.left += granted;
        lease.size = size;
        lease.grantedAt = this.now();
        if (granted === 0) this.blocked.set(`m${member}`, now + wait);
        this.scheduleRelease();
        return true;
      } catch (err) {
        const at = this.now();
        if (at - this.lastWarning > MINUTE_MS) {
          this.lastWarning = at;
          this.log.warn({ err: (err as Error).message }, 'socket rate limit: Redis unavailable, counting on this node only');
        }
        return false;
      } finally {
        lease.fetching = undefined;
      }
    })();
    lease.fetching = fetching;
    return fetching;
  }

  private fallback(member: number): boolean {
    return this.takeLocal(`m${member}`, this.now());
  }

  private key(member: number): string {
    return `${this.prefix}socket-rate:${member}`;
  }

  /** Leases unused for a second give their frames back (other nodes may need them), once a second. */
  private scheduleRelease(): void {
    if (this.releaseTimer) return;
    this.releaseTimer = setTimeout(() => {
      this.releaseTimer = undefined;
      const now = this.now();
      for (const [member, lease] of this.leases) {
        if (lease.fetching || now - lease.grantedAt < LEASE_IDLE_MS) continue;
        this.leases.delete(member);
        if (lease.left > 0) void this.release!(this.key(member), now, this.interval, lease.left).catch(() => undefined);
      }
      if (this.leases.size) this.scheduleRelease();
    }, LEASE_IDLE_MS);
    this.releaseTimer.unref();
  }

  private takeLocal(key: string, now: number): boolean {
    const tat = Math.max(this.local.get(key) ?? now, now);
    if (tat - now > this.tolerance) return false;
    this.local.set(key, tat + this.interval);
    return true;
  }

  /** Once a minute: a bucket that is full again is the same as none. */
  private prune(now: number): void {
    if (now - this.lastPrune < MINUTE_MS) return;
    this.lastPrune = now;
    for (const [key, tat] of this.local) if (tat <= now) this.local.delete(key);
    for (const [key, until] of this.blocked) if (until <= now) this.blocked.delete(key);
  }
}
