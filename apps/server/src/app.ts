import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import { LIMITS } from '@kindred/protocol';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/database.js';
import { installErrorHandler } from './http/error-handler.js';
import { createRouter } from './http/router.js';
import { installSecurity } from './http/security.js';
import { UploadedFile } from './http/uploaded-file.js';
import { installWeb } from './http/web.js';
import type { Mailer } from './infra/mailer.js';
import { PasswordHasher } from './infra/passwords.js';
import type { Storage } from './infra/storage.js';
import { accountsRoutes } from './modules/accounts/accounts.routes.js';
import { AccountsService } from './modules/accounts/accounts.service.js';
import { adminRoutes } from './modules/admin/admin.routes.js';
import { AdminService } from './modules/admin/admin.service.js';
import { authRoutes } from './modules/auth/auth.routes.js';
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

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  mailer: Mailer;
  storage: Storage;
  hasher?: PasswordHasher;
  now?: () => number;
}

/** Pino redacts secrets wherever they appear in a logged request or object. */
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  '*.password',
  '*.oldpassword',
  '*.newpassword',
  '*.token',
  '*.card_number',
  '*.cardnumber',
  '*.cvv',
  '*.exp_date',
  '*.exp_month',
  '*.exp_year',
];

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database, mailer, storage } = deps;
  const now = deps.now ?? Date.now;
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel, redact: { paths: REDACT, censor: '[redacted]' } },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    // Request ids help tie a member's complaint to a log line without logging their data.
    genReqId: () => Math.random().toString(36).slice(2, 10),
  });

  installErrorHandler(app);
  await app.register(formbody, { bodyLimit: 1024 * 1024 });
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: LIMITS.uploadMaxBytes, files: 1, fields: 20, fieldSize: 64 * 1024, parts: 25 },
    async onFile(part) {
      (part as unknown as { value: unknown }).value = new UploadedFile(await part.toBuffer(), part.filename, part.mimetype);
    },
  });

  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2, lazyConnect: false }) : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  await installSecurity(app, { redis });

  const services = wire(deps, app.log, now);
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

  app.get('/healthz', async (_req, reply) => {
    try {
      await services.repositories.users.findById(1);
      return { status: 'ok' };
    } catch {
      return reply.code(503).send({ status: 'unavailable' });
    }
  });
  await installWeb(app, { webDist: config.webDist, uploadsDir: config.uploadsDir });
  app.decorate('services', services);
  return app;
}

/** Each service receives exactly the repositories it uses. */
function wire(deps: AppDeps, log: { error(obj: unknown, msg: string): void; warn(obj: unknown, msg: string): void }, now: () => number) {
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
  const auth = new AuthService(
    db,
    repositories.users,
    repositories.sessions,
    repositories.resets,
    repositories.trends,
    hasher,
    deps.mailer,
    { registrationApproval: deps.config.registrationApproval, sessionTtlMs: deps.config.sessionTtlMs, publicUrl: deps.config.publicUrl },
    log,
    now,
  );
  const permissions = new PermissionsService(repositories.permissions, now);
  const files = new FileCleanup(repositories.fileReferences, deps.storage, log);
  const chat = wireChat({ db, config: deps.config, users: repositories.users, can: (m, flag) => permissions.can(m, flag), log, now });
  return {
    repositories,
    hasher,
    auth,
    accounts: new AccountsService(db, repositories.users, repositories.trends, chat.announcer, now),
    permissions,
    uploads: new UploadsService(deps.storage),
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
