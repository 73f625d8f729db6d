/** How long a call that ended sessions waits at most for the other nodes to hear it. */
const FENCE_TIMEOUT_MS = 1_000;

/** A live session as authentication needs it (the member's row is read fresh on every call). */
export interface CachedSession {
  id: number;
  user_id: number;
  last_seen_at: number;
  expires_at: number;
}

/**
 * The session as cached, its fields in the entry itself (one object per session, handed out as
 * the CachedSession it is: callers only read it). A cached session is kept for every signed-in
 * socket: a session object of its own beside the entry cost some 60 bytes each.
 */
interface Entry extends CachedSession {
  hash: string;
  /** Used until then at most: the session's expiry, or a re-read a minute after it was cached. */
  until: number;
}

/** What the cache hears ends of sessions from: the hub that closes their sockets (realtime/hub.ts). */
export interface SessionEndsSource {
  subscribe(listener: (event: { type: string; to: number[] }) => void): void;
  onResync(listener: () => void): void;
}

/**
 * Resolves once an end of sessions just published has reached every node's subscription (with
 * Redis: a PING on the publishing connection, answered after the PUBLISH queued before it).
 */
export type DeliveryFence = () => Promise<unknown>;

export interface SessionCacheOptions {
  /** Whether this node hears every end of sessions now (with Redis: its subscription is up). */
  listening?: () => boolean;
  max?: number;
  /** A cached session is read again from the database after this long at most. */
  maxAgeMs?: number;
}

/**
 * Sessions by token hash, per node, so a signed-in call does not read its session row each time.
 *
 * Revocation stays immediate on every node: every end of sessions (sign-out, password change and
 * reset, e-mail change, suspension, ban, disabling, account deletion, the console's "end
 * sessions") goes through SessionRevocation.endSessions, whose hub event reaches every node — the
 * one that ended them at once, the others through Redis — and drops the member's cached sessions
 * there as it closes their sockets (attach); the call that ended them answers once the event
 * reached Redis's subscribers (settled), so the next call on any node finds it gone. The deleting node also drops them when the rows go
 * (SessionsRepository.deleteScope). While a node may miss events (its Redis subscription is down)
 * the cache is bypassed and emptied, and emptied again on the hub's resync. A lookup that raced an
 * end of sessions is not cached (epoch). Status changes need no event: the member's row, which
 * says suspended or disabled, is read on every call. As a backstop for rows deleted by anything
 * else, an entry is re-read from the database after maxAgeMs.
 */
export class SessionCache {
  private readonly byHash = new Map<string, Entry>();
  /** A member's entries: most members have one session, kept as it is; a Set only from the second (~100 bytes less each). */
  private readonly byUser = new Map<number, Entry | Set<Entry>>();
  private readonly byId = new Map<number, Entry>();
  private readonly listening: () => boolean;
  private readonly max: number;
  private readonly maxAgeMs: number;
  /** Bumped by every drop: a lookup that started before it must not put what it read. */
  private epochValue = 0;

  constructor(options: SessionCacheOptions = {}) {
    this.listening = options.listening ?? (() => true);
    this.max = options.max ?? 50_000;
    this.maxAgeMs = options.maxAgeMs ?? 60_000;
  }

  /** Ends of sessions still on their way to the other nodes (settled()). */
  private readonly inFlight = new Set<Promise<unknown>>();

  /**
   * Hears ends of sessions and resyncs from the hub (composition.ts). With `fence`, each end of
   * sessions is followed by it (after the publication the event came from was queued).
   */
  attach(source: SessionEndsSource, fence?: DeliveryFence): void {
    source.subscribe((event) => {
      if (event.type !== 'sessions-ended') return;
      this.dropUser(event.to[0]!);
      // After the microtask: the hub delivers locally before it queues the publication.
      if (fence) this.track(Promise.resolve().then(fence));
    });
    source.onResync(() => this.clear());
  }

  /**
   * Undefined, or a promise that settles when every end of sessions heard so far has reached the
   * other nodes: a call answers only then (router.ts), so a token it ended is refused by every node
   * as soon as the caller knows it ended. Ends of sessions are rare; other calls skip this at once.
   */
  settled(): Promise<void> | undefined {
    if (this.inFlight.size === 0) return undefined;
    return Promise.allSettled([...this.inFlight]).then(() => undefined);
  }

  private track(promise: Promise<unknown>): void {
    // Redis away: the other nodes' caches are bypassed until they hear again (listening), so a
    // sign-out does not hang on it.
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise((resolve) => (timer = setTimeout(resolve, FENCE_TIMEOUT_MS)));
    const tracked: Promise<unknown> = Promise.race([promise, timeout])
      .catch(() => undefined)
      .finally(() => {
        clearTimeout(timer);
        this.inFlight.delete(tracked);
      });
    this.inFlight.add(tracked);
  }

  get epoch(): number {
    return this.epochValue;
  }

  get size(): number {
    return this.byHash.size;
  }

  /** The cached live session of a token hash, or undefined (not cached, expired, or not listening). */
  get(hash: string, now: number): CachedSession | undefined {
    if (!this.listening()) {
      if (this.byHash.size) this.clear();
      return undefined;
    }
    const entry = this.byHash.get(hash);
    if (!entry) return undefined;
    if (now >= entry.until || now >= entry.expires_at) {
      this.remove(entry);
      return undefined;
    }
    return entry;
  }

  /** Caches a session read from the database, unless sessions were dropped since `epoch` (lookup start). */
  put(hash: string, session: CachedSession, now: number, epoch: number): void {
    if (epoch !== this.epochValue || !this.listening()) return;
    const old = this.byHash.get(hash);
    if (old) this.remove(old);
    if (this.byHash.size >= this.max) this.remove(this.byHash.values().next().value!);
    const entry: Entry = {
      id: session.id,
      user_id: session.user_id,
      last_seen_at: session.last_seen_at,
      expires_at: session.expires_at,
      hash,
      until: Math.min(session.expires_at, now + this.maxAgeMs),
    };
    this.byHash.set(hash, entry);
    this.byId.set(session.id, entry);
    const mine = this.byUser.get(session.user_id);
    if (!mine) this.byUser.set(session.user_id, entry);
    else if (mine instanceof Set) mine.add(entry);
    else this.byUser.set(session.user_id, new Set([mine, entry]));
  }

  /** The session's activity stamp was written (AuthService touches at most once a minute). */
  touched(sessionId: number, now: number): void {
    const entry = this.byId.get(sessionId);
    if (entry) entry.last_seen_at = now;
  }

  /** Forgets every cached session of the member (some of them ended). */
  dropUser(userId: number): void {
    this.epochValue++;
    const mine = this.byUser.get(userId);
    if (mine instanceof Set) for (const entry of [...mine]) this.remove(entry);
    else if (mine) this.remove(mine);
  }

  clear(): void {
    this.epochValue++;
    this.byHash.clear();
    this.byUser.clear();
    this.byId.clear();
  }

  private remove(entry: Entry): void {
    this.byHash.delete(entry.hash);
    if (this.byId.get(entry.id) === entry) this.byId.delete(entry.id);
    const mine = this.byUser.get(entry.user_id);
    if (mine === entry) this.byUser.delete(entry.user_id);
    else if (mine instanceof Set && mine.delete(entry) && mine.size === 1) this.byUser.set(entry.user_id, mine.values().next().value!);
  }
}
