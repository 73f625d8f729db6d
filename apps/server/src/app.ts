import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { DestinationStream } from 'pino';
import { composeServices, type CompositionDeps, type Services } from './composition.js';
import { beforeGroupCommitBatches } from './db/group-commit.js';
import { StorageHealth } from './db/storage-health.js';
import { installErrorHandler } from './http/error-handler.js';
import { lazyChildLogger, loggerOptions } from './http/logging.js';
import { installMultipart } from './http/multipart-reader.js';
import { createRouter } from './http/router.js';
import { installSecurity } from './http/security.js';
import { fastifyTrustProxy } from './http/trust-proxy.js';
import { installObservability } from './http/observability.js';
import { installWeb } from './http/web.js';
import { accountDataRoutes } from './modules/account-data/account-data.routes.js';
import { accountsRoutes } from './modules/accounts/accounts.routes.js';
import { adminAuthRoutes } from './modules/admin/admin-auth.routes.js';
import { adminCatalogueRoutes } from './modules/admin/admin-catalogue.routes.js';
import { adminMembersRoutes } from './modules/admin/admin-members.routes.js';
import { adminReportsRoutes } from './modules/admin/admin-reports.routes.js';
import { adminSettingsRoutes } from './modules/admin/admin-settings.routes.js';
import { antispamRoutes } from './modules/antispam/antispam.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { billingRoutes } from './modules/billing/billing.routes.js';
import { installPaymentsHttp } from './modules/billing/payments-http.js';
import { paymentFrameOrigins } from './infra/payments/providers.js';
import { blocksRoutes } from './modules/blocks/blocks.routes.js';
import { giftsRoutes } from './modules/gifts/gifts.routes.js';
import { likesRoutes } from './modules/likes/likes.routes.js';
import { mailRoutes } from './modules/mail/mail.routes.js';
import { membersRoutes } from './modules/members/members.routes.js';
import { noticesRoutes } from './modules/notices/notices.routes.js';
import { permissionsRoutes } from './modules/permissions/permissions.routes.js';
import { photosRoutes } from './modules/photos/photos.routes.js';
import { reportsRoutes } from './modules/reports/reports.routes.js';
import { translateRoutes } from './modules/translate/translate.routes.js';
import { trendsRoutes } from './modules/trends/trends.routes.js';
import { uploadsRoutes } from './modules/uploads/uploads.routes.js';
import { installRealtime } from './realtime/install.js';
import { flushFrames } from './realtime/connection.js';

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
    // A request's child logger is made when it first writes a line (most never do).
    childLoggerFactory: lazyChildLogger,
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
  await installSecurity(app, { publicUrl: config.publicUrl, redis, redisPrefix: config.chat.redisPrefix, paymentFrameOrigins: paymentFrameOrigins(config.payments) });
  // /healthz (liveness), /readyz (database, Redis, disk) and /metrics; before any route, so each is timed.
  const observability = installObservability(app, { database, redis, storageHealth, metrics: config.metrics, trustsProxy: config.trustProxy !== false });

  // Every service is built in one place (composition.ts); here they get their routes and socket.
  const services = composeServices(deps, { log: app.log, now, redis });
  const router = createRouter(app, {
    authenticate: (token) => services.auth.authenticate(token),
    authenticateStaff: (token, address) => services.admin.auth.authenticate(token, address),
    can: (member, flag) => services.permissions.can(member, flag),
    revocationsSettled: () => services.sessionCache.settled(),
  });
  const authLimit = { max: config.rateLimits.authPerMinute, timeWindow: '1 minute' };
  const uploadLimit = { max: config.rateLimits.uploadPerMinute, timeWindow: '1 minute' };
  const perMinute = (max: number) => ({ max, timeWindow: '1 minute' });

  authRoutes(router, services.auth, services.repositories.trends, authLimit);
  antispamRoutes(router, services.antispam, authLimit);
  accountsRoutes(router, services.accounts, now);
  permissionsRoutes(router, services.permissions, services.repositories.users);
  uploadsRoutes(router, services.uploads, uploadLimit);
  reportsRoutes(router, services.reports, uploadLimit);
  // Deleting an account checks the password under the sign-in back-off; an export is heavy: a few a minute.
  accountDataRoutes(router, services.accountDeletion, services.accountExport, perMinute(5));
  noticesRoutes(router, services.notices);
  // The administrator console: staff calls take console sessions only (the sign-in steps excepted).
  adminAuthRoutes(router, services.admin.auth, authLimit);
  adminMembersRoutes(router, services.admin.members);
  adminReportsRoutes(router, services.admin.reports);
  adminCatalogueRoutes(router, services.admin.catalogue, uploadLimit);
  adminSettingsRoutes(router, services.admin.settings, services.admin.dashboard);
  mailRoutes(router, services.mail, perMinute(config.mailRateLimitPerMinute));
  translateRoutes(router, services.translate, perMinute(config.chat.rateLimitPerMinute));
  billingRoutes(router, { billing: services.billing, packages: services.billingPackages, users: services.repositories.users, now }, perMinute(config.payments.payRateLimitPerMinute));
  // Provider webhooks and the sandbox's hosted pages (not member calls).
  await installPaymentsHttp(app, { settlement: services.settlement, sandbox: services.payments.sandbox, publicUrl: config.publicUrl });
  // Gift sends share the chat's per-minute limit: each one is a chat message and a notice.
  giftsRoutes(router, services.gifts, perMinute(config.chat.rateLimitPerMinute));
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
  // Acknowledgements and deliveries held back this turn leave before the next batch's transaction on
  // this event loop (gifts'; the chat's with CHAT_WRITER=inline).
  const stopFlushing = beforeGroupCommitBatches(database.db, flushFrames);
  app.addHook('onClose', async () => stopFlushing());
  // The chat's writer thread ends once the messages handed to it are answered.
  app.addHook('onClose', () => services.chat.close());
  membersRoutes(router, services.members);
  likesRoutes(router, services.likes);
  trendsRoutes(router, services.trends, now);
  photosRoutes(router, services.photos);
  blocksRoutes(router, services.blocks);

  await installWeb(app, { webDist: config.webDist, storage });
  // Uploads never attached to anything are deleted after UPLOAD_ORPHAN_HOURS (orphan-sweep.ts).
  app.addHook('onClose', services.uploadSweep.start(config.uploads.sweepMs));
  // Suspensions past their end lift themselves; old console sessions go (modules/admin).
  app.addHook('onClose', services.admin.startSweeps());
  // Orders nobody confirmed expire after an hour (order-expiry.ts).
  app.addHook('onClose', services.orderExpiry.start(config.payments.expirySweepMs));
  app.decorate('services', services);
  return app;
}

export type { Services };

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}
