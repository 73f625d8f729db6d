import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { GroupCommitObserver } from '../db/group-commit.js';
import { RequestHistogram } from './request-histogram.js';

/**
 * What a node tells Prometheus at GET /metrics (http/observability.ts decides who may ask). Every
 * name starts with `kindred_`; the process's own figures (CPU, memory, event-loop delay, GC) use
 * prom-client's standard names. Rates are the scraper's work: chat messages per second is
 * `rate(kindred_chat_messages_total[1m])`, summed over the nodes.
 *
 * Each app has its own registry (tests run many apps in one process); the process figures live in
 * one registry per process, as the process is one.
 */
export type RefusalKind = 'http' | 'socket_messages' | 'socket_connections';

/** Writers whose committed items are the chat messages stored (modules/chat/chat.service.ts names it). */
export const CHAT_WRITER = 'chat';

let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** Seconds; requests of a healthy node take 1–50 ms, uploads and slow lists longer. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Items per group-commit transaction: the chat writes at most 64 together. */
const BATCH_BUCKETS = [1, 2, 4, 8, 16, 32, 64, 128];
/** Seconds an item waits from submit to its commit (a commit alone costs ~0.2 ms to 5 ms). */
const WAIT_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1];

export class Metrics {
  readonly registry = new Registry();
  /** Observed on every request: request-histogram.ts does what prom-client's Histogram would, for less. */
  private readonly requests = this.registered(
    new RequestHistogram('kindred_http_request_duration_seconds', 'HTTP requests by route pattern (not the raw URL), method and status code', LATENCY_BUCKETS),
  );
  private readonly chatMessages = new Counter({
    name: 'kindred_chat_messages_total',
    help: 'Chat messages stored by this node (acknowledged to their sender)',
    registers: [this.registry],
  });
  private readonly batchSizes = new Histogram({
    name: 'kindred_group_commit_batch_size',
    help: 'Items written per group-commit transaction, by writer',
    labelNames: ['writer'] as const,
    buckets: BATCH_BUCKETS,
    registers: [this.registry],
  });
  private readonly batchWaits = new Histogram({
    name: 'kindred_group_commit_wait_seconds',
    help: 'How long an item waited from its submission to the commit of its transaction, by writer',
    labelNames: ['writer'] as const,
    buckets: WAIT_BUCKETS,
    registers: [this.registry],
  });
  private readonly databaseErrors = new Counter({
    name: 'kindred_database_errors_total',
    help: 'Failed database queries by error code (SQLite code or PostgreSQL SQLSTATE; unique violations a resend meets included)',
    labelNames: ['code'] as const,
    registers: [this.registry],
  });
  private readonly redisErrors = new Counter({
    name: 'kindred_redis_errors_total',
    help: 'Errors reported by the Redis connections, by connection',
    labelNames: ['connection'] as const,
    registers: [this.registry],
  });
  private readonly refusals = new Counter({
    name: 'kindred_rate_limit_refusals_total',
    help: 'Refusals for going too fast: HTTP 429 answers (sign-in, uploads, mail, socket upgrades …), socket frames over CHAT_RATE_LIMIT, sockets over SOCKET_MAX_PER_*',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });
  private liveSockets: () => number = () => 0;

  /** Handed to db/group-commit.ts for the app's database. */
  readonly groupCommits: GroupCommitObserver = {
    committed: (writer, waitsMs) => {
      this.batchSizes.observe({ writer }, waitsMs.length);
      const waits = this.batchWaits.labels({ writer });
      for (const ms of waitsMs) waits.observe(ms / 1000);
      if (writer === CHAT_WRITER) this.chatMessages.inc(waitsMs.length);
    },
  };

  constructor() {
    const sockets = () => this.liveSockets();
    new Gauge({
      name: 'kindred_sockets_open',
      help: 'Authenticated live sockets on this node',
      registers: [this.registry],
      collect() {
        this.set(sockets());
      },
    });
    // Every kind shows from the first scrape, at 0, so a rate() has a start.
    for (const kind of ['http', 'socket_messages', 'socket_connections'] as const) this.refusals.inc({ kind }, 0);
  }

  request(method: string, route: string, statusCode: number, seconds: number): void {
    this.requests.observe(`${method} ${statusCode} ${route}`, () => ({ method, route, status_code: String(statusCode) }), seconds);
  }

  databaseError(error: unknown): void {
    const code = (error as { code?: unknown } | null)?.code;
    this.databaseErrors.inc({ code: typeof code === 'string' && /^[\w]{1,40}$/.test(code) ? code : 'other' });
  }

  redisError(connection: string): void {
    this.redisErrors.inc({ connection });
  }

  refused(kind: RefusalKind): void {
    this.refusals.inc({ kind });
  }

  /** Where the live-socket count comes from (the gateway, once it exists). */
  countSockets(count: () => number): void {
    this.liveSockets = count;
  }

  readonly contentType = this.registry.contentType;

  /** A metric of ours (not prom-client's class) in the registry, where it was made (the text keeps its place). */
  private registered<M extends RequestHistogram>(metric: M): M {
    this.registry.registerMetric(metric as unknown as Parameters<Registry['registerMetric']>[0]);
    return metric;
  }

  /** The Prometheus text of this process and this app. */
  async text(): Promise<string> {
    return (await processMetrics().metrics()) + (await this.registry.metrics());
  }
}
