import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { DestinationStream } from 'pino';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/database.js';
import { StorageHealth } from './db/storage-health.js';
import { installErrorHandler } from './http/error-handler.js';
import { loggerOptions } from './http/logging.js';
import { installMultipart } from './http/multipart-reader.js';
import { createRouter } from './http/router.js';
import { installSecurity } from './http/security.js';
import { fastifyTrustProxy } from './http/trust-proxy.js';
import { installWeb } from './http/web.js';
import type { Mailer } from './infra/mailer.js';
import { PasswordHasher } from './infra/passwords.js';
import type { Storage } from './infra/storage.js';
import { accountsRoutes } from './modules/accounts/accounts.routes.js';
import { AccountsService } from './modules/accounts/accounts.service.js';
import { adminRoutes } from './modules/admin/admin.routes.js';
import { AdminService } from './modules/admin/admin.service.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { AuthThrottle } from './modules/auth/auth-throttle.js';
import { AuthService } from './modules/auth/auth.service.js';
import { PasswordResetsRepository } from './modules/auth/password-resets.repository.js';
import { SessionsRepository } from './modules/auth/sessions.repository.js';
import { noticesRoutes } from './modules/notices/notices.routes.js';
import { NoticesRepository } from './modules/notices/notices.repository.js';
import { NoticesService } from './modules/notices/notices.service.js';
import { PermissionsRepository } from './modules/permissions/permissions.repository.js';
import { permissionsRoutes } from './modules/permissions/permissions.routes.js';
import { PermissionsService } from './modules/permissions/permissions.service.js';
import { TrendsRepository } from './modules/trends/trends.repository.js';
import { uploadsRoutes } from './modules/uploads/uploads.routes.js';
import { UploadsService } from './modules/uploads/uploads.service.js';
import { UsersRepository } from './modules/users/users.repository.js';
import { installChat, wireChat } from './realtime/wiring.js';
import { MembersRepository } from './modules/members/members.repository.js';
import { membersRoutes } from './modules/members/members.routes.js';
import { MembersService } from './modules/members/members.service.js';
import { LikesRepository } from './modules/likes/likes.repository.js';
import { likesRoutes } from './modules/likes/likes.routes.js';
import { LikesService } from './modules/likes/likes.service.js';
import { trendsRoutes } from './modules/trends/trends.routes.js';
import { TrendsService } from './modules/trends/trends.service.js';
import { PhotosRepository } from './modules/photos/photos.repository.js';
import { photosRoutes } from './modules/photos/photos.routes.js';
import { PhotosService } from './modules/photos/photos.service.js';
import { FileCleanup } from './modules/uploads/file-cleanup.js';
import { FileReferencesRepository } from './modules/uploads/file-references.repository.js';
import { OrphanSweep } from './modules/uploads/orphan-sweep.js';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  mailer: Mailer;
  storage: Storage;
  hasher?: PasswordHasher;
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

  // Disk full or failing: writes answer 503, /healthz says why, the log tells the operator.
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

  const services = wire(deps, app.log, now, redis);
  const router = createRouter(app, {
    authenticate: (token) => services.auth.authenticate(token),
    can: (member, flag) => services.permissions.can(member, flag),
  });
  const authLimit = { max: config.rateLimits.authPerMinute, timeWindow: '1 minute' };
  const uploadLimit = { max: config.rateLimits.uploadPerMinute, timeWindow: '1 minute' };

  authRoutes(router, services.auth, services.repositories.trends, authLimit);
  accountsRoutes(router, services.accounts);
  permissionsRoutes(router, services.permissions, services.repositories.users);
  uploadsRoutes(router, services.uploads, uploadLimit);
  noticesRoutes(router, services.notices);
  adminRoutes(router, services.admin);
  await installChat(app, router, config, services, now);
  membersRoutes(router, services.members);
  likesRoutes(router, services.likes);
  trendsRoutes(router, services.trends, now);
  photosRoutes(router, services.photos);

  app.get('/healthz', async (req, reply) => {
    try {
      await services.repositories.users.findById(1);
    } catch (err) {
      req.log.error({ err }, 'health check: the database does not answer');
      return reply.code(503).send({ status: 'unavailable', reason: 'database_unreachable' });
    }
    const storage = await storageHealth.check();
    if (!storage.ok) return reply.code(503).send({ status: 'unavailable', reason: storage.reason, detail: storage.detail });
    return { status: 'ok' };
  });
  await installWeb(app, { webDist: config.webDist, uploadsDir: config.uploadsDir });
  // Uploads never attached to anything are deleted after UPLOAD_ORPHAN_HOURS (orphan-sweep.ts).
  app.addHook('onClose', services.uploadSweep.start(config.uploads.sweepMs));
  app.decorate('services', services);
  return app;
}

/** Each service receives exactly the repositories it uses. */
function wire(deps: AppDeps, log: { error(obj: unknown, msg: string): void; warn(obj: unknown, msg: string): void; info(obj: unknown, msg: string): void }, now: () => number, redis?: Redis) {
  const { db } = deps.database;
  const repositories = {
    users: new UsersRepository(db),
    sessions: new SessionsRepository(db),
    resets: new PasswordResetsRepository(db),
    trends: new TrendsRepository(db),
    permissions: new PermissionsRepository(db),
    notices: new NoticesRepository(db),
    members: new MembersRepository(db),
    likes: new LikesRepository(db),
    photos: new PhotosRepository(db),
    fileReferences: new FileReferencesRepository(db),
  };
  const hasher = deps.hasher ?? new PasswordHasher();
  // Per-account and per-address limits on sign-in, recovery and reset; in Redis, every node counts together.
  const { loginFailures, recoveryMailsPerHour } = deps.config.rateLimits;
  const throttle = new AuthThrottle({ redis, prefix: deps.config.chat.redisPrefix, loginFailures, recoveryMailsPerHour });
  const permissions = new PermissionsService(repositories.permissions, now);
  // Before auth: chat.sessionRevocation is how sessions end (their sockets close on every node).
  const chat = wireChat({ db, config: deps.config, users: repositories.users, sessions: repositories.sessions, can: (m, flag) => permissions.can(m, flag), log, now });
  const auth = new AuthService(
    db,
    repositories.users,
    repositories.sessions,
    chat.sessionRevocation,
    repositories.resets,
    repositories.trends,
    hasher,
    deps.mailer,
    { registrationApproval: deps.config.registrationApproval, sessionTtlMs: deps.config.sessionTtlMs, publicUrl: deps.config.publicUrl },
    log,
    throttle,
    now,
  );
  const files = new FileCleanup(repositories.fileReferences, deps.storage, log);
  return {
    repositories,
    hasher,
    auth,
    accounts: new AccountsService(
      db,
      repositories.users,
      repositories.trends,
      chat.announcer,
      // Ends the other sessions and closes their sockets on every node at once.
      { hasher, throttle, resets: repositories.resets, endSessions: (scope, unit) => chat.sessionRevocation.endSessions(scope, unit) },
      now,
    ),
    permissions,
    uploads: new UploadsService(deps.storage),
    uploadSweep: new OrphanSweep(repositories.fileReferences, deps.storage, { uploadsDir: deps.config.uploadsDir, orphanAgeMs: deps.config.uploads.orphanAgeMs }, log, now),
    notices: new NoticesService(repositories.notices, now),
    admin: new AdminService(repositories.users, now),
    members: new MembersService(repositories.members, repositories.likes, repositories.photos, repositories.trends, (m, flag) => permissions.can(m, flag), now),
    likes: new LikesService(db, repositories.likes, repositories.members, now),
    trends: new TrendsService(repositories.trends, repositories.users, files, now),
    photos: new PhotosService(repositories.photos, repositories.users, files, now),
    ...chat,
  };
}

export type Services = ReturnType<typeof wire>;

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}
