/**
 * How long the sessions and members of connecting sockets gather before their one read
 * (AuthService.authenticateBatched): a burst of sockets arrives over many short turns of the event
 * loop, and per turn a batch held a handful of them. The sockets authenticated together then reach
 * every later step of the connect (presence, session check, activity stamp, catch-up, watchers)
 * in the same turn, so those batches are as large without a gather of their own. Only a burst
 * waits for it: a socket that finds the last one a while back is read at once (BatchLoader's
 * `quietMs`). On PostgreSQL 5 ms made batches of about a dozen sockets in the sockets bench, and
 * each batch's statements (writes, results' descriptions, Kysely's compile) were its biggest cost.
 */
export const CONNECT_GATHER_MS = 20;
/**
 * Sockets that make a connect batch run before its gather is out: in the socket bench's fleet (100
 * connects in flight from one process) the whole gather was a floor under every connect (10,000 in
 * 4.6–5.6 s against 2.9 s with 64). At 32 the sockets bench's bursts (200 in flight) were cut into
 * more batches than the gather makes; at 64 they are not.
 */
export const CONNECT_FULL_AT = 64;

export interface BatchOptions {
  /**
   * How long a batch gathers before it runs: 0 is the rest of this turn of the event loop (reads);
   * a write that costs a commit (an fsync) gathers a few milliseconds, so sockets connecting
   * together over several turns still share it.
   */
  gatherMs?: number;
  /** Keys per run at most (1,000). */
  maxBatch?: number;
  /**
   * A key asked for this long after the one before does not gather (2 × gatherMs): nothing suggests
   * company is coming, so it runs after the current turn (a lone socket waits for no one).
   */
  quietMs?: number;
  /**
   * A gathering batch with this many keys runs after the current turn without waiting out the
   * gather (maxBatch): a few dozen sockets already share the statements well, and waiting longer
   * only holds back clients that keep a fixed number of connects in flight.
   */
  fullAt?: number;
}

/**
 * DataLoader-style batching for the connect path: keys asked for while a batch is being gathered
 * (the rest of the current turn of the event loop) or while the previous batch runs go to the
 * database in one call. Ten thousand sockets connecting at once then cost a few statements (and,
 * for writes, a few commits, i.e. fsyncs) instead of one each; a lone socket waits one turn.
 */
export class BatchLoader<K, V> {
  private waiting = new Map<K, { resolve: (value: V) => void; reject: (error: unknown) => void }[]>();
  private scheduled = false;
  private running = false;
  private gathering?: NodeJS.Timeout;
  private lastAskedAt = -Infinity;
  private readonly gatherMs: number;
  private readonly maxBatch: number;
  private readonly quietMs: number;
  private readonly fullAt: number;

  constructor(
    /** Answers a value for each key (by key); a missing key gets `fallback`. */
    private readonly run: (keys: K[]) => Promise<Map<K, V>>,
    private readonly fallback: V,
    options: BatchOptions = {},
  ) {
    this.gatherMs = options.gatherMs ?? 0;
    this.maxBatch = options.maxBatch ?? 1_000;
    this.quietMs = options.quietMs ?? 2 * this.gatherMs;
    this.fullAt = options.fullAt ?? this.maxBatch;
  }

  load(key: K): Promise<V> {
    return new Promise<V>((resolve, reject) => {
      const list = this.waiting.get(key);
      if (list) list.push({ resolve, reject });
      else this.waiting.set(key, [{ resolve, reject }]);
      const now = performance.now();
      const quiet = now - this.lastAskedAt > this.quietMs;
      this.lastAskedAt = now;
      // Enough company already: the rest of this turn is gathered, not the rest of the gather.
      if (this.gathering && this.waiting.size >= this.fullAt) {
        clearTimeout(this.gathering);
        this.gathering = undefined;
        setImmediate(() => void this.flush());
      }
      this.schedule(quiet);
    });
  }

  private schedule(quiet = false): void {
    if (this.scheduled || this.running || this.waiting.size === 0) return;
    this.scheduled = true;
    if (this.gatherMs > 0 && !quiet && this.waiting.size < this.fullAt) this.gathering = setTimeout(() => void this.flush(), this.gatherMs);
    else setImmediate(() => void this.flush());
  }

  private async flush(): Promise<void> {
    this.scheduled = false;
    this.gathering = undefined;
    this.running = true;
    const batch = new Map<K, { resolve: (value: V) => void; reject: (error: unknown) => void }[]>();
    for (const [key, list] of this.waiting) {
      if (batch.size >= this.maxBatch) break;
      batch.set(key, list);
    }
    for (const key of batch.keys()) this.waiting.delete(key);
    try {
      const values = await this.run([...batch.keys()]);
      for (const [key, list] of batch) for (const w of list) w.resolve(values.has(key) ? values.get(key)! : this.fallback);
    } catch (error) {
      for (const list of batch.values()) for (const w of list) w.reject(error);
    } finally {
      this.running = false;
      this.schedule();
    }
  }
}
