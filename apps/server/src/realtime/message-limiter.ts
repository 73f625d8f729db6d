import type { Redis } from 'ioredis';

const MINUTE_MS = 60_000;

/**
 * One frame against a member's bucket (GCRA: the key holds the time the bucket is full again).
 * Answers 0 when allowed, else how many ms until the next frame would be.
 * KEYS[1] the member's key; ARGV: now (ms), ms per frame, burst tolerance (ms).
 */
const HIT = `
local now = tonumber(ARGV[1])
local tat = tonumber(redis.call('get', KEYS[1]) or ARGV[1])
if tat < now then tat = now end
local wait = tat - now - tonumber(ARGV[3])
if wait > 0 then return math.ceil(wait) end
tat = tat + tonumber(ARGV[2])
redis.call('set', KEYS[1], string.format('%.3f', tat), 'px', math.ceil(tat - now))
return 0`;
const HIT_COMMAND = 'kindredSocketHit';

type HitCommand = (key: string, now: number, interval: number, tolerance: number) => Promise<number>;

interface Log {
  warn(obj: unknown, msg: string): void;
}

/** Whose allowance a frame takes. */
export type Sender = { member: number } | { connection: string };

/**
 * CHAT_RATE_LIMIT: frames per minute on the live connection, per MEMBER over all their sockets
 * and, with Redis, over every node: opening more sockets or reaching another node buys nothing.
 * Every frame counts, unreadable ones too. A socket that is not authenticated yet has its own
 * allowance on its node (it must send its init within seconds, and sockets per address are capped).
 *
 * A bucket rather than fixed windows: at most CHAT_RATE_LIMIT frames at once, then one every
 * minute / CHAT_RATE_LIMIT; no window edge lets twice the limit through. A refusal does not use
 * the allowance up. With Redis, a node remembers a refusal until the member may send again and
 * refuses meanwhile without a round trip (a flood costs Redis nothing); should Redis fail, each
 * node keeps its own buckets until it is back, so a limit per node still holds.
 */
export class MessageLimiter {
  private readonly interval: number;
  private readonly tolerance: number;
  /** Buckets kept here: unauthenticated sockets, every sender without Redis, or while Redis fails. */
  private readonly local = new Map<string, number>();
  /** With Redis: members refused lately, until when. */
  private readonly blocked = new Map<string, number>();
  private lastPrune = 0;
  private lastWarning = -Infinity;
  private readonly hit?: HitCommand;

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
    if (redis) {
      if (!(HIT_COMMAND in redis)) redis.defineCommand(HIT_COMMAND, { numberOfKeys: 1, lua: HIT });
      const command = (redis as unknown as Record<string, HitCommand>)[HIT_COMMAND]!;
      this.hit = (...args) => command.apply(redis, args);
    }
  }

  /** Takes one frame from the sender's allowance; answers whether there was one. */
  async allow(sender: Sender): Promise<boolean> {
    const now = this.now();
    this.prune(now);
    if ('connection' in sender) return this.takeLocal(`c${sender.connection}`, now);
    const key = `m${sender.member}`;
    if (!this.hit) return this.takeLocal(key, now);
    if ((this.blocked.get(key) ?? 0) > now) return false;
    try {
      const wait = await this.hit(`${this.prefix}socket-rate:${sender.member}`, now, this.interval, this.tolerance);
      if (wait <= 0) return true;
      this.blocked.set(key, now + wait);
      return false;
    } catch (err) {
      if (now - this.lastWarning > MINUTE_MS) {
        this.lastWarning = now;
        this.log.warn({ err: (err as Error).message }, 'socket rate limit: Redis unavailable, counting on this node only');
      }
      return this.takeLocal(key, now);
    }
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
