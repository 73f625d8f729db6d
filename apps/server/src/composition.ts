import type { Redis } from 'ioredis';
import type { Config } from './config.js';
import { chatBatchStatement } from './db/chat-batch-statement.js';
import type { DatabaseHandle } from './db/database.js';
import type { Can } from './domain/member.js';
import type { Mailer } from './infra/mailer.js';
import { PasswordHasher } from './infra/passwords.js';
import type { Storage } from './infra/storage.js';
import { createTranslationRegistry } from './infra/translation/registry.js';
import { AccountsService } from './modules/accounts/accounts.service.js';
import { AccountDataRepository } from './modules/account-data/account-data.repository.js';
import { AccountDeletionService } from './modules/account-data/account-deletion.service.js';
import { AccountExportService } from './modules/account-data/account-export.service.js';
import { ReportsRepository } from './modules/reports/reports.repository.js';
import { ReportsService } from './modules/reports/reports.service.js';
import { composeAdmin } from './modules/admin/admin.composition.js';
import { AuthThrottle } from './modules/auth/auth-throttle.js';
import { AuthService } from './modules/auth/auth.service.js';
import { AntispamService } from './modules/antispam/antispam.service.js';
import { ServerSecretsRepository } from './modules/antispam/server-secrets.repository.js';
import { UsedChallengesRepository } from './modules/antispam/used-challenges.repository.js';
import { BlocksRepository } from './modules/blocks/blocks.repository.js';
import { BlocksService } from './modules/blocks/blocks.service.js';
import { PasswordResetsRepository } from './modules/auth/password-resets.repository.js';
import { SessionsRepository } from './modules/auth/sessions.repository.js';
import { catchUpLoaderFor } from './modules/chat/catch-up.loader.js';
import { ChatService } from './modules/chat/chat.service.js';
import { ConversationsRepository } from './modules/chat/conversations.repository.js';
import { FreeChatsRepository } from './modules/chat/free-chats.repository.js';
import { MessagesRepository } from './modules/chat/messages.repository.js';
import { MessageWriterThread } from './modules/chat/message-writer-thread.js';
import { CreditsRepository } from './modules/credits/credits.repository.js';
import { PaymentProviders } from './infra/payments/providers.js';
import { BillingService } from './modules/billing/billing.service.js';
import { MembershipsRepository } from './modules/billing/memberships.repository.js';
import { OrderExpirySweep } from './modules/billing/order-expiry.js';
import { OrdersRepository } from './modules/billing/orders.repository.js';
import { PackagesRepository } from './modules/billing/packages.repository.js';
import { SettlementService } from './modules/billing/settlement.service.js';
import { GiftsRepository } from './modules/gifts/gifts.repository.js';
import { GiftsService } from './modules/gifts/gifts.service.js';
import { LikesRepository } from './modules/likes/likes.repository.js';
import { LikesService } from './modules/likes/likes.service.js';
import { MailRepository } from './modules/mail/mail.repository.js';
import { MailService } from './modules/mail/mail.service.js';
import { MembersRepository } from './modules/members/members.repository.js';
import { MembersService } from './modules/members/members.service.js';
import { presentNotice } from './modules/notices/notices.presenter.js';
import { NoticesRepository } from './modules/notices/notices.repository.js';
import { NoticesService } from './modules/notices/notices.service.js';
import { PermissionsRepository } from './modules/permissions/permissions.repository.js';
import { PermissionsService } from './modules/permissions/permissions.service.js';
import { PhotosRepository } from './modules/photos/photos.repository.js';
import { PhotosService } from './modules/photos/photos.service.js';
import { TranslateService } from './modules/translate/translate.service.js';
import { TrendsRepository } from './modules/trends/trends.repository.js';
import { TrendsService } from './modules/trends/trends.service.js';
import { FileCleanup } from './modules/uploads/file-cleanup.js';
import { FileReferencesRepository } from './modules/uploads/file-references.repository.js';
import { OrphanSweep } from './modules/uploads/orphan-sweep.js';
import { UploadsService } from './modules/uploads/uploads.service.js';
import { UsersRepository } from './modules/users/users.repository.js';
import { PresenceAnnouncer } from './realtime/announcer.js';
import { createRealtimeCore } from './realtime/core.js';
import { RedisHub } from './realtime/redis-hub.js';
import { SessionCache } from './modules/auth/session-cache.js';
import type { RealtimeServices } from './realtime/services.js';

/** What the services are built from (app.ts's AppDeps carries these). */
export interface CompositionDeps {
  config: Config;
  database: DatabaseHandle;
  mailer: Mailer;
  storage: Storage;
  hasher?: PasswordHasher;
}

interface Log {
  error(obj: unknown, msg: string): void;
  warn(obj: unknown, msg: string): void;
  info(obj: unknown, msg: string): void;
}

/**
 * The one composition root: every repository and service of the server, each given exactly what
 * it uses, and the realtime core (hub, presence, the end of sessions) they share with the live
 * connection. app.ts registers the routes and the socket on top; the transport layers build
 * nothing themselves. `live` is all the socket gateway gets of them.
 */
export function composeServices(deps: CompositionDeps, { log, now, redis }: { log: Log; now: () => number; redis?: Redis }) {
  const { config, storage } = deps;
  const { db } = deps.database;
  // Live sessions by token, per node; every end of sessions reaches it through the hub (below).
  const sessionCache = new SessionCache({ listening: () => realtime.listening() });
  const repositories = {
    users: new UsersRepository(db),
    sessions: new SessionsRepository(db, sessionCache),
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
  const { loginFailures, recoveryMailsPerHour } = config.rateLimits;
  const throttle = new AuthThrottle({ redis, prefix: config.chat.redisPrefix, loginFailures, recoveryMailsPerHour });
  const permissions = new PermissionsService(repositories.permissions, now);
  const can: Can = (member, flag) => permissions.canNow(member, flag) ?? permissions.can(member, flag);
  // Blocking: chat, mail, likes, profiles, photos and trends ask it (lists filter in SQL).
  const blocks = new BlocksService(db, new BlocksRepository(db), repositories.users, now);

  // The hub, presence and the end of sessions (their sockets close on every node), shared by the
  // services below and the live connection.
  const realtime = createRealtimeCore(config, repositories.sessions, log, now);
  const sessionRevocation = realtime.sessions;
  if (realtime.hub instanceof RedisHub) {
    const { publisher, subscriber } = realtime.hub.connections;
    sessionCache.attach(realtime.hub, () => publisher.ping());
    subscriber.on('close', () => sessionCache.clear());
  } else sessionCache.attach(realtime.hub);

  // The chat's transactions run on a thread of their own, off the event loop (CHAT_WRITER).
  const chatWriter = config.chat.writer === 'thread' ? new MessageWriterThread(db, { database: config.database, freeChats: config.chat.freeChats }) : undefined;
  const chat = new ChatService(
    db,
    new ConversationsRepository(db),
    new MessagesRepository(db),
    new FreeChatsRepository(db),
    repositories.users,
    can,
    blocks,
    realtime.presence,
    // The free-chat quota staff set in the console (FREE_CHATS until then), read through a short cache.
    { freeChats: (trx) => admin.live.freeChats(trx), writer: chatWriter, atOnce: chatBatchStatement(deps.database.dialect) },
    now,
  );
  // Watchers of members announced together (a connect burst) are read in one query.
  const catchUps = catchUpLoaderFor(db);
  const announcer = new PresenceAnnouncer(realtime.hub, realtime.presence, (userId) => catchUps.watchersOf(userId));
  const credits = new CreditsRepository(db, now);
  const mail = new MailService(new MailRepository(db), repositories.users, can, blocks, now);
  const translate = new TranslateService(createTranslationRegistry(config.translation), credits, can, { price: config.translation.price }, log);
  const notices = new NoticesService(repositories.notices, now);
  // Payments: the provider per method, settlement (crediting, once) and the pay flow.
  const payments = new PaymentProviders(config.payments, { db, publicUrl: config.publicUrl, now });
  const orders = new OrdersRepository(db);
  const billingPackages = new PackagesRepository(db);
  const memberships = new MembershipsRepository(db);
  const settlement = new SettlementService(db, orders, credits, memberships, payments, log, now);
  // The sandbox settles through the webhook path Stripe uses, signature check included.
  payments.sandbox.deliverTo(async (raw, headers) => void (await settlement.webhook('sandbox', raw, headers)));
  // A new level reaches the member's sockets on every node at once (their permission checks).
  settlement.onMembershipChanged((userId) => void realtime.hub.publish({ type: 'member-changed', to: [userId] }));
  const billing = new BillingService(db, orders, billingPackages, credits, memberships, settlement, payments, { publicUrl: config.publicUrl }, now);
  const gifts = new GiftsService(db, new GiftsRepository(db), repositories.users, credits, notices, chat, now);
  // Sign-up anti-spam: the proof-of-work (its key shared by the nodes through the database) and disposable addresses.
  const { pow, powCost, powCounterMax, hmacKey } = config.antispam;
  const antispam = new AntispamService(
    new UsedChallengesRepository(db),
    new ServerSecretsRepository(db),
    { pow, cost: powCost, counterMax: powCounterMax, hmacKey, challengeTtlMs: 20 * 60_000 },
    now,
  );
  const auth = new AuthService(
    db,
    repositories.users,
    repositories.sessions,
    sessionRevocation,
    repositories.resets,
    repositories.trends,
    hasher,
    deps.mailer,
    { registrationApproval: config.registrationApproval, sessionTtlMs: config.sessionTtlMs, publicUrl: config.publicUrl },
    log,
    throttle,
    antispam,
    now,
  );
  const accounts = new AccountsService(
    db,
    repositories.users,
    repositories.trends,
    announcer,
    // Ends the other sessions and closes their sockets on every node at once.
    {
      hasher,
      throttle,
      resets: repositories.resets,
      endSessions: (scope, unit) => sessionRevocation.endSessions(scope, unit),
      checkEmail: (email) => antispam.checkEmail(email),
    },
    now,
  );
  // The administrator console: suspensions and bans end sessions the one way they end (every node).
  const admin = composeAdmin({
    config,
    db,
    storage,
    hasher,
    throttle,
    users: repositories.users,
    permissionsRepo: repositories.permissions,
    permissions,
    credits,
    memberships,
    notices,
    sessionRevocation,
    log,
    now,
  });
  const files = new FileCleanup(repositories.fileReferences, storage, log);
  const uploads = new UploadsService(storage);
  const accountData = new AccountDataRepository(db);

  // "One server function creates a notice and pushes it live": NoticesService.create, heard here;
  // a stored mail likewise. The hub carries them to the member's sockets on every node.
  notices.onCreated((userId, row) => void realtime.hub.publish({ type: 'notice', to: [userId], notice: presentNotice(row) }));
  mail.onSent((sent) => void realtime.hub.publish({ type: 'mail', to: [sent.recipient_id], mailId: sent.id }));
  // A block takes the conversation off both chat lists at once (kind 6), on every node.
  blocks.onBlocked((blockerId, blockedId) => {
    void realtime.hub.publish({ type: 'deleted', to: [blockerId], peerId: blockedId });
    void realtime.hub.publish({ type: 'deleted', to: [blockedId], peerId: blockerId });
  });
  // A settings change made on any node empties every node's settings caches (permission matrix, free chats).
  admin.settings.onChanged(() => void realtime.hub.publish({ type: 'settings-changed', to: [] }));
  realtime.hub.subscribe((event) => {
    if (event.type !== 'settings-changed') return;
    permissions.invalidate();
    admin.live.invalidate();
  });
  // A gift's message reaches both members' sockets (kind 1) like a chat message; its notice goes above.
  gifts.onGiven(({ message }) => void realtime.hub.publish({ type: 'message', to: [message.reciver_id, message.sender_id], messageId: message.id, row: message }));

  /** What the socket gateway uses of the services, as narrow as its handlers need it. */
  const live: RealtimeServices = {
    // Sockets connecting (or pinging) together share one read of their sessions and members.
    authenticate: (token) => auth.authenticateBatched(token),
    can,
    chat,
    setVisibility: async (member, isYin, origin) => (await accounts.setVisibility(member, isYin, origin)).user,
    touchActive: (userIds, at) => repositories.users.touchActiveReturning(userIds, at),
    findUser: (userId) => repositories.users.findById(userId),
    unreadNotices: (userId) => repositories.notices.countUnread(userId),
    findMail: async (id) => {
      const found = await mail.find(id);
      return found && { recipientId: found.recipient_id, eid: found.id, sender_id: found.sender_id, sendername: found.sendername };
    },
    unreadMails: (userId) => mail.unreadCount(userId),
  };

  return {
    repositories,
    sessionCache,
    hasher,
    auth,
    antispam,
    accounts,
    permissions,
    uploads,
    reports: new ReportsService(new ReportsRepository(db), repositories.users, uploads, { dailyLimit: config.reportDailyLimit }, now),
    // Account deletion ends sessions the one way they end (rows in its transaction, sockets on every node).
    accountDeletion: new AccountDeletionService(db, accountData, {
      hasher,
      throttle,
      storage,
      endSessions: (scope, unit) => sessionRevocation.endSessions(scope, unit),
      log,
    }),
    accountExport: new AccountExportService(db, deps.database.dialect, accountData, storage, now),
    uploadSweep: new OrphanSweep(repositories.fileReferences, storage, { orphanAgeMs: config.uploads.orphanAgeMs }, log, now),
    notices,
    admin,
    members: new MembersService(repositories.members, repositories.likes, repositories.photos, repositories.trends, can, now),
    likes: new LikesService(db, repositories.likes, repositories.members, blocks, now),
    trends: new TrendsService(repositories.trends, repositories.users, files, blocks, now),
    photos: new PhotosService(repositories.photos, repositories.users, files, blocks, now),
    chat,
    mail,
    blocks,
    translate,
    credits,
    billing,
    billingPackages,
    settlement,
    payments,
    orderExpiry: new OrderExpirySweep(settlement, log),
    gifts,
    realtime,
    presence: realtime.presence,
    sessionRevocation,
    announcer,
    live,
  };
}

export type Services = ReturnType<typeof composeServices>;
