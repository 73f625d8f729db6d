import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../db/database.js';
import { observeGroupCommits } from '../db/group-commit.js';
import type { StorageHealth } from '../db/storage-health.js';
import { noPermission } from '../errors.js';
import { Metrics } from '../infra/metrics.js';
import type { Hub } from '../realtime/hub.js';
import { RedisHub } from '../realtime/redis-hub.js';
import { metricsAccess, type MetricsAllow } from './metrics-access.js';

/** How long /readyz waits for the database or Redis before calling it unreachable. */
export const READY_TIMEOUT_MS = 2_000;
/** At most one log line per this long about errors of the app's own Redis connection. */
const REDIS_LOG_EVERY_MS = 60_000;

export type Readiness = { ok: true } | { ok: false; reason: 'database_unreachable' | 'redis_unreachable' | 'disk_low' | 'writes_failing'; detail?: string };

export interface ReadinessDeps {
  database: Pick<DatabaseHandle, 'db'>;
  /** The app's Redis (rate limits, sign-in throttles), when REDIS_URL is set. */
  redis?: Pick<Redis, 'status' | 'ping'>;
  storageHealth: Pick<StorageHealth, 'check'>;
  log?: { error(obj: unknown, msg: string): void };
}

const withTimeout = <T>(promise: Promise<T>, ms: number): Promise<T> =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms).unref())]);

/**
 * Whether this node can serve now: the database answers, Redis (if configured) is connected and
 * answers, and the disk under DATA_DIR takes writes (db/storage-health.ts). A balancer or an
 * orchestrator stops sending traffic while it is not; /healthz, the liveness check, says nothing of it.
 */
export async function readiness(deps: ReadinessDeps, timeoutMs = READY_TIMEOUT_MS): Promise<Readiness> {
  try {
    await withTimeout(sql`select 1`.execute(deps.database.db), timeoutMs);
  } catch (err) {
    deps.log?.error({ err }, 'readiness: the database does not answer');
    return { ok: false, reason: 'database_unreachable' };
  }
  if (deps.redis) {
    // Not connected: ioredis would queue the ping, and the answer is already known.
    if (deps.redis.status !== 'ready') return { ok: false, reason: 'redis_unreachable', detail: `connection ${deps.redis.status}` };
    try {
      await withTimeout(deps.redis.ping(), timeoutMs);
    } catch (err) {
      return { ok: false, reason: 'redis_unreachable', detail: (err as Error).message };
    }
  }
  const storage = await deps.storageHealth.check();
  if (!storage.ok) return { ok: false, reason: storage.reason, detail: storage.detail };
  return { ok: true };
}

export interface ObservabilityDeps extends ReadinessDeps {
  database: DatabaseHandle;
  redis?: Redis;
  metrics: { allow: MetricsAllow; token?: string };
  /** Whether TRUST_PROXY names any proxy (metrics-access.ts). */
  trustsProxy: boolean;
}

export interface Observability {
  metrics: Metrics;
  /** Live sockets and socket refusals from the gateway; the hub's Redis connections' errors. */
  watchRealtime(gateway: RealtimeSource, hub: Hub): void;
}

/** What the metrics read from the live connection (realtime/gateway.ts). */
export interface RealtimeSource {
  readonly connections: number;
  onRefused(listener: (kind: 'messages' | 'sockets') => void): void;
}

/**
 * GET /healthz (liveness: 200 while the process runs), GET /readyz (readiness, 503 with the reason)
 * and GET /metrics (Prometheus text, for the addresses METRICS_ALLOW lists or METRICS_TOKEN), plus
 * the hooks that feed the metrics. Installed before any route: Fastify fixes a route's hooks when
 * it is registered, and every route's latency is measured.
 */
export function installObservability(app: FastifyInstance, deps: ObservabilityDeps): Observability {
  const metrics = new Metrics();
  app.addHook('onResponse', (req, reply, done) => {
    // The route pattern (`/invitation/:code`, `/uploads/*`), never the raw URL: bounded label values.
    metrics.request(req.method, req.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
    if (reply.statusCode === 429) metrics.refused('http');
    done();
  });

  const stops = [observeGroupCommits(deps.database.db, metrics.groupCommits)];
  if (deps.database.onQueryError) stops.push(deps.database.onQueryError((error) => metrics.databaseError(error)));
  app.addHook('onClose', async () => stops.forEach((stop) => stop()));
  if (deps.redis) {
    let lastLogged = -Infinity;
    // Counting is listening: ioredis then no longer prints unhandled errors, so they are logged here.
    deps.redis.on('error', (err: Error) => {
      metrics.redisError('app');
      if (Date.now() - lastLogged < REDIS_LOG_EVERY_MS) return;
      lastLogged = Date.now();
      app.log.warn({ err: err.message }, 'redis error (rate limits and sign-in throttles)');
    });
  }

  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (req, reply) => {
    const ready = await readiness({ ...deps, log: req.log });
    if (ready.ok) return { status: 'ok' };
    return reply.code(503).send({ status: 'unavailable', reason: ready.reason, ...(ready.detail ? { detail: ready.detail } : {}) });
  });
  const mayRead = metricsAccess({ ...deps.metrics, trustsProxy: deps.trustsProxy });
  app.get('/metrics', async (req, reply) => {
    if (!mayRead(req)) throw noPermission();
    return reply.header('cache-control', 'no-store').type(metrics.contentType).send(await metrics.text());
  });

  return {
    metrics,
    watchRealtime(gateway, hub) {
      metrics.countSockets(() => gateway.connections);
      gateway.onRefused((kind) => metrics.refused(kind === 'messages' ? 'socket_messages' : 'socket_connections'));
      if (hub instanceof RedisHub) {
        for (const [name, connection] of Object.entries(hub.connections)) connection.on('error', () => metrics.redisError(name));
      }
    },
  };
}
