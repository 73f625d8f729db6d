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
 * DataLoader-style batching for the connect path: keys asked for while a batch is being gathered
 * (the rest of the current turn of the event loop) or while the previous batch runs go to the
 * database in one call. Ten thousand sockets connecting at once then cost a few statements (and,
 * for writes, a few commits, i.e. fsyncs) instead of one each; a lone socket waits one turn.
 */
export class BatchLoader<K, V> {
  private waiting = new Map<K, { resolve: (value: V) => void; reject: (error: unknown) => void }[]>();
  private scheduled = false;
  private running = false;

  constructor(
    /** Answers a value for each key (by key); a missing key gets `fallback`. */
    private readonly run: (keys: K[]) => Promise<Map<K, V>>,
    private readonly fallback: V,
    /**
     * How long a batch gathers before it runs: 0 is the rest of this turn of the event loop (reads);
     * a write that costs a commit (an fsync) gathers a few milliseconds, so sockets connecting
     * together over several turns still share it.
     */
    private readonly gatherMs = 0,
    private readonly maxBatch = 1_000,
    /**
     * A key asked for this long after the one before does not gather: nothing suggests company is
     * coming, so it runs after the current turn (a lone socket waits for no one).
     */
    private readonly quietMs = 2 * gatherMs,
  ) {}

  private lastAskedAt = -Infinity;

  load(key: K): Promise<V> {
    return new Promise<V>((resolve, reject) => {
      const list = this.waiting.get(key);
      if (list) list.push({ resolve, reject });
      else this.waiting.set(key, [{ resolve, reject }]);
      const now = performance.now();
      const quiet = now - this.lastAskedAt > this.quietMs;
      this.lastAskedAt = now;
      this.schedule(quiet);
    });
  }

  private schedule(quiet = false): void {
    if (this.scheduled || this.running || this.waiting.size === 0) return;
    this.scheduled = true;
    if (this.gatherMs > 0 && !quiet) setTimeout(() => void this.flush(), this.gatherMs);
    else setImmediate(() => void this.flush());
  }

  private async flush(): Promise<void> {
    this.scheduled = false;
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
