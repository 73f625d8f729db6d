import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { DestinationStream } from 'pino';
import { composeServices, type CompositionDeps, type Services } from './composition.js';
import { StorageHealth } from './db/storage-health.js';
import { installErrorHandler } from './http/error-handler.js';
import { loggerOptions } from './http/logging.js';
import { installMultipart } from './http/multipart-reader.js';
import { createRouter } from './http/router.js';
import { installSecurity } from './http/security.js';
import { fastifyTrustProxy } from './http/trust-proxy.js';
import { installObservability } from './http/observability.js';
import { installWeb } from './http/web.js';
import { accountsRoutes } from './modules/accounts/accounts.routes.js';
import { adminRoutes } from './modules/admin/admin.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { likesRoutes } from './modules/likes/likes.routes.js';
import { mailRoutes } from './modules/mail/mail.routes.js';
import { membersRoutes } from './modules/members/members.routes.js';
import { noticesRoutes } from './modules/notices/notices.routes.js';
import { permissionsRoutes } from './modules/permissions/permissions.routes.js';
import { photosRoutes } from './modules/photos/photos.routes.js';
import { translateRoutes } from './modules/translate/translate.routes.js';
import { trendsRoutes } from './modules/trends/trends.routes.js';
import { uploadsRoutes } from './modules/uploads/uploads.routes.js';
import { installRealtime } from './realtime/install.js';

/** The services' ingredients (composition.ts) and what only the Fastify instance needs. */
export interface AppDeps extends CompositionDeps {
  now?: () => number;
  /** Where the log goes instead of stdout (tests read it); logging.ts redacts secrets either way. */
  logStream?: DestinationStream;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database, mailer, storage } = deps;
  const now = deps.now ?? Date.now;
  const app = Fastify({
    logger: loggerOptions(config.logLevel, deps.logStream),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    // Request ids help tie a member's complaint to a log line without logging their data.
    genReqId: () => Math.random().toString(36).slice(2, 10),
  });

  // Disk full or failing: writes answer 503, /readyz says why, the log tells the operator.
  const storageHealth = new StorageHealth({ dataDir: config.dataDir, minFreeBytes: config.minFreeDiskBytes, log: app.log, now });
  const stopStorageWatch = storageHealth.watch(60_000);
  app.addHook('onClose', async () => stopStorageWatch());
  installErrorHandler(app, { onStorageFailure: (err, code) => storageHealth.failed(err, code) });
  await app.register(formbody, { bodyLimit: 1024 * 1024 });
  // Multipart bodies are only read by calls that take files, after authentication (router.ts).
  await installMultipart(app);

  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2, lazyConnect: false }) : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  await installSecurity(app, { publicUrl: config.publicUrl, redis, redisPrefix: config.chat.redisPrefix });
  // /healthz (liveness), /readyz (database, Redis, disk) and /metrics; before any route, so each is timed.
  const observability = installObservability(app, { database, redis, storageHealth, metrics: config.metrics, trustsProxy: config.trustProxy !== false });

  // Every service is built in one place (composition.ts); here they get their routes and socket.
  const services = composeServices(deps, { log: app.log, now, redis });
  const router = createRouter(app, {
    authenticate: (token) => services.auth.authenticate(token),
    can: (member, flag) => services.permissions.can(member, flag),
  });
  const authLimit = { max: config.rateLimits.authPerMinute, timeWindow: '1 minute' };
  const uploadLimit = { max: config.rateLimits.uploadPerMinute, timeWindow: '1 minute' };
  const perMinute = (max: number) => ({ max, timeWindow: '1 minute' });

  authRoutes(router, services.auth, services.repositories.trends, authLimit);
  accountsRoutes(router, services.accounts);
  permissionsRoutes(router, services.permissions, services.repositories.users);
  uploadsRoutes(router, services.uploads, uploadLimit);
  noticesRoutes(router, services.notices);
  adminRoutes(router, services.admin);
  mailRoutes(router, services.mail, perMinute(config.mailRateLimitPerMinute));
  translateRoutes(router, services.translate, perMinute(config.chat.rateLimitPerMinute));
  const gateway = await installRealtime(app, {
    core: services.realtime,
    announcer: services.announcer,
    services: services.live,
    options: {
      pingMs: config.chat.pingMs,
      initTimeoutMs: config.chat.initTimeoutMs,
      maxSocketsPerMember: config.chat.maxSocketsPerMember,
      maxSocketsPerAddress: config.chat.maxSocketsPerAddress,
    },
    log: app.log,
    now,
  });
  observability.watchRealtime(gateway, services.realtime.hub);
  membersRoutes(router, services.members);
  likesRoutes(router, services.likes);
  trendsRoutes(router, services.trends, now);
  photosRoutes(router, services.photos);

  await installWeb(app, { webDist: config.webDist, storage });
  // Uploads never attached to anything are deleted after UPLOAD_ORPHAN_HOURS (orphan-sweep.ts).
  app.addHook('onClose', services.uploadSweep.start(config.uploads.sweepMs));
  app.decorate('services', services);
  return app;
}

export type { Services };

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}
