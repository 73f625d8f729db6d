import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { WebSocket } from 'ws';
import { loopbackSource } from './proc.js';
import { median } from './spread.js';
import type { PhaseLoad } from './phase-load.js';

/**
 * The socket bench's clients: many idle sockets, and pairs of sockets writing to each other.
 * Clients bind to 127.0.0.2 … 127.0.0.9 in turn, so 10k connections (and those of earlier phases
 * still in TIME_WAIT) never run one (source, destination) address pair out of ephemeral ports.
 */
export const SOURCE_ADDRESSES = 8;

export interface Opened {
  sockets: WebSocket[];
  failed: number;
  firstError?: string;
  seconds: number;
}

/**
 * Opens a socket per URL, `concurrency` at a time. `ready`: the open event, or (our server) the
 * first message, the kind 0 an authenticated socket gets once it is registered. Stops opening
 * after `maxFailures` failures (the machine's limits) and answers what it reached.
 */
export async function openSockets(urls: string[], options: { waitFirstMessage: boolean; concurrency?: number; maxFailures?: number; offset?: number }): Promise<Opened> {
  const started = performance.now();
  const sockets: WebSocket[] = [];
  let failed = 0;
  let firstError: string | undefined;
  let next = 0;
  const maxFailures = options.maxFailures ?? 20;
  const openOne = (url: string, i: number) =>
    new Promise<WebSocket>((resolve, reject) => {
      const ws = new WebSocket(url, { localAddress: loopbackSource(i + (options.offset ?? 0), SOURCE_ADDRESSES), perMessageDeflate: false });
      const timer = setTimeout(() => {
        ws.terminate();
        reject(new Error('no answer within 30 s'));
      }, 30_000);
      ws.on('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
      ws.once(options.waitFirstMessage ? 'message' : 'open', () => {
        clearTimeout(timer);
        resolve(ws);
      });
      ws.once('unexpected-response', (_req, res) => {
        clearTimeout(timer);
        reject(new Error(`upgrade refused: HTTP ${res.statusCode}`));
      });
    });
  const worker = async () => {
    while (next < urls.length && failed < maxFailures) {
      const i = next++;
      try {
        sockets.push(await openOne(urls[i]!, i));
      } catch (error) {
        failed += 1;
        firstError ??= (error as Error).message;
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 64 }, worker));
  return { sockets, failed, firstError, seconds: (performance.now() - started) / 1000 };
}

export async function closeSockets(sockets: WebSocket[]): Promise<void> {
  await Promise.all(
    sockets.map(
      (ws) =>
        new Promise<void>((resolve) => {
          if (ws.readyState === ws.CLOSED) return resolve();
          ws.once('close', () => resolve());
          ws.terminate();
        }),
    ),
  );
}

interface Endpoint {
  ws: WebSocket;
  uid: number;
  index: number;
  partner?: Endpoint;
  sequence: number;
}

export interface TrafficResult {
  /** Messages delivered to their recipient per second. */
  rate: number;
  sent: number;
  delivered: number;
  /** Delivery latency, send to receipt, in ms (for messages sent while measuring). */
  p50: number;
  p99: number;
  max: number;
  /** Refusals or other answers that were not deliveries (our server: kind 7, 8, 10). */
  refused: number;
  /** Sent while measuring and not delivered within the grace period. */
  lost: number;
  /** The load the phase ran under (socket.bench.ts). */
  load?: PhaseLoad;
  /**
   * How late the bench's own event loop ran while measuring (p99 and max, ms): a delivery it reads
   * late is timed late, so a p99 near this figure is the measuring side's, not the server's.
   */
  clientLag?: { p99: number; max: number };
}

export interface PairSpec {
  a: { ws: WebSocket; uid: number };
  b: { ws: WebSocket; uid: number };
}

const CONTENT = '"content":"';
/**
 * BENCH_LATE_LOG=<file>: every measured delivery later than BENCH_LATE_MS (15) is appended to the
 * file as "<send time> <latency>" in ms, the send time on CLOCK_MONOTONIC (bpftrace's `nsecs`), so
 * the late messages can be lined up with what the threads did meanwhile (tools/late-clusters.ts);
 * each window begins with a line "# open window …" (a fixed rate) or "# closed window …" (saturation).
 */
const LATE_LOG = process.env.BENCH_LATE_LOG;
const LATE_MS = Number(process.env.BENCH_LATE_MS ?? 15);
/** CLOCK_MONOTONIC in ms at performance.now() = 0 (both come from it on Linux). */
const MONOTONIC_ORIGIN = Number(process.hrtime.bigint()) / 1e6 - performance.now();

/**
 * Pairs of sockets writing to each other (opt 1, the message's send time as its text). A delivery
 * is a message carrying the text at the partner: for our server a kind 1 (the acknowledgement,
 * kind 2, goes to the sender and is not counted), for the bare relay the relayed message.
 */
export class PairTraffic {
  private readonly endpoints: Endpoint[] = [];
  private mode: 'stopped' | 'closed' | 'open' = 'stopped';
  private recording = false;
  private latencies: number[] = [];
  /** BENCH_LATE_LOG lines of the window being measured. */
  private late: string[] = [];
  private counts = { sent: 0, delivered: 0, refused: 0, recordedSent: 0, recordedDelivered: 0 };
  /** In every client_id: a later phase with the same members must not look like resends of this one's messages. */
  private readonly run = randomBytes(4).toString('hex');

  constructor(
    pairs: PairSpec[],
    private readonly isDelivery: (data: string) => boolean,
  ) {
    for (const { a, b } of pairs) {
      const ea: Endpoint = { ...a, index: this.endpoints.length, sequence: 0 };
      const eb: Endpoint = { ...b, index: this.endpoints.length + 1, sequence: 0 };
      ea.partner = eb;
      eb.partner = ea;
      this.endpoints.push(ea, eb);
    }
    for (const e of this.endpoints) e.ws.on('message', (data) => this.received(e, data.toString()));
  }

  private send(from: Endpoint): void {
    const sentAt = performance.now().toFixed(3);
    const stamp = this.recording ? `r${sentAt}` : sentAt;
    from.sequence += 1;
    this.counts.sent += 1;
    if (this.recording) this.counts.recordedSent += 1;
    from.ws.send(`{"opt":1,"uid":${from.partner!.uid},"client_id":"${this.run}-${from.index}-${from.sequence}","content":"${stamp}"}`);
  }

  private received(at: Endpoint, data: string): void {
    if (!this.isDelivery(data)) {
      if (data.startsWith('{"kind":7') || data.startsWith('{"kind":8') || data.startsWith('{"kind":10')) this.counts.refused += 1;
      return;
    }
    const start = data.indexOf(CONTENT) + CONTENT.length;
    const text = data.slice(start, data.indexOf('"', start));
    this.counts.delivered += 1;
    if (text.startsWith('r')) {
      this.counts.recordedDelivered += 1;
      const sentAt = Number(text.slice(1));
      const latency = performance.now() - sentAt;
      this.latencies.push(latency);
      if (LATE_LOG && latency > LATE_MS) this.late.push(`${(sentAt + MONOTONIC_ORIGIN).toFixed(3)} ${latency.toFixed(1)}`);
    }
    // Closed loop: a delivery lets its sender send the next one.
    if (this.mode === 'closed') this.send(at.partner!);
  }

  /** Each socket keeps `window` messages on the way for `seconds`; answers the sustained rate. */
  async closedLoop(window: number, warmSeconds: number, seconds: number): Promise<TrafficResult> {
    this.mode = 'closed';
    for (const e of this.endpoints) for (let i = 0; i < window; i++) this.send(e);
    await sleep(warmSeconds * 1000);
    const result = await this.record(seconds);
    this.mode = 'stopped';
    await sleep(1_000);
    return result;
  }

  /** `rate` messages a second in all, spread over the sockets, whatever the answers. */
  async openLoop(rate: number, warmSeconds: number, seconds: number): Promise<TrafficResult> {
    this.mode = 'open';
    let turn = 0;
    let due = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      due += ((now - last) / 1000) * rate;
      last = now;
      for (; due >= 1; due -= 1) this.send(this.endpoints[turn++ % this.endpoints.length]!);
    }, 2);
    await sleep(warmSeconds * 1000);
    const result = await this.record(seconds);
    clearInterval(timer);
    this.mode = 'stopped';
    return result;
  }

  private async record(seconds: number): Promise<TrafficResult> {
    this.latencies = [];
    this.late = [];
    this.counts.recordedSent = 0;
    this.counts.recordedDelivered = 0;
    const before = { ...this.counts };
    const started = performance.now();
    const lag = monitorEventLoopDelay({ resolution: 1 });
    lag.enable();
    this.recording = true;
    await sleep(seconds * 1000);
    this.recording = false;
    lag.disable();
    const ms = (ns: number) => Math.round(ns / 1e5) / 10;
    const elapsed = (performance.now() - started) / 1000;
    const delivered = this.counts.delivered - before.delivered;
    const sent = this.counts.sent - before.sent;
    const refused = this.counts.refused - before.refused;
    // Stragglers of the measured window still count for latency, up to a grace period.
    for (let waited = 0; waited < 10_000 && this.counts.recordedDelivered < this.counts.recordedSent - refused; waited += 100) await sleep(100);
    if (LATE_LOG) fs.appendFileSync(LATE_LOG, `# ${this.mode} window of ${seconds} s from ${(started + MONOTONIC_ORIGIN).toFixed(0)} ms, ${sent} sent\n${this.late.map((l) => `${l}\n`).join('')}`);
    const sorted = Float64Array.from(this.latencies).sort();
    const pick = (q: number) => (sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! * 10) / 10 : Number.NaN);
    return {
      rate: Math.round(delivered / elapsed),
      sent,
      delivered,
      p50: pick(0.5),
      p99: pick(0.99),
      max: pick(1),
      refused,
      lost: Math.max(0, this.counts.recordedSent - this.counts.recordedDelivered - refused),
      clientLag: { p99: ms(lag.percentile(99)), max: ms(lag.max) },
    };
  }
}

/** The result nearest the median rate, carrying the median rate itself (the mean of the middle two for an even count). */
export function medianRound(results: TrafficResult[]): TrafficResult {
  const rate = Math.round(median(results.map((r) => r.rate)));
  const nearest = results.reduce((best, r) => (Math.abs(r.rate - rate) < Math.abs(best.rate - rate) ? r : best));
  return { ...nearest, rate };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
