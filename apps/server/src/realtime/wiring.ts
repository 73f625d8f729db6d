import type { PermissionFlag } from '@kindred/protocol';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { Router } from '../http/router.js';
import { createTranslationRegistry } from '../infra/translation/registry.js';
import type { AccountsService } from '../modules/accounts/accounts.service.js';
import type { AuthService } from '../modules/auth/auth.service.js';
import type { Member } from '../modules/auth/member.js';
import type { SessionsRepository } from '../modules/auth/sessions.repository.js';
import { ChatService } from '../modules/chat/chat.service.js';
import { ConversationsRepository } from '../modules/chat/conversations.repository.js';
import { FreeChatsRepository } from '../modules/chat/free-chats.repository.js';
import { MessagesRepository } from '../modules/chat/messages.repository.js';
import { CreditsRepository } from '../modules/credits/credits.repository.js';
import { MailRepository } from '../modules/mail/mail.repository.js';
import { mailRoutes } from '../modules/mail/mail.routes.js';
import { MailService } from '../modules/mail/mail.service.js';
import { presentNotice } from '../modules/notices/notices.presenter.js';
import type { NoticesRepository } from '../modules/notices/notices.repository.js';
import type { NoticesService } from '../modules/notices/notices.service.js';
import { translateRoutes } from '../modules/translate/translate.routes.js';
import { TranslateService } from '../modules/translate/translate.service.js';
import type { UsersRepository } from '../modules/users/users.repository.js';
import { PresenceAnnouncer } from './announcer.js';
import { Gateway } from './gateway.js';
import { createRealtimeCore } from './index.js';
import type { RealtimeServices } from './services.js';
import { installSocket } from './socket-route.js';

interface Log {
  warn(obj: unknown, msg: string): void;
  error(obj: unknown, msg: string): void;
}

export interface ChatWiringDeps {
  db: Db;
  config: Config;
  users: UsersRepository;
  sessions: SessionsRepository;
  can: (member: Member, flag: PermissionFlag) => Promise<boolean>;
  log: Log;
  now: () => number;
}

/**
 * The chat, mail, credits and translation services and the realtime core, for app.ts's wire();
 * `sessionRevocation` is how anything ends sessions (and their sockets, on every node).
 */
export function wireChat({ db, config, users, sessions, can, log, now }: ChatWiringDeps) {
  const realtime = createRealtimeCore(config, sessions, log, now);
  const credits = new CreditsRepository(db, now);
  const chat = new ChatService(
    db,
    new ConversationsRepository(db),
    new MessagesRepository(db),
    new FreeChatsRepository(db),
    users,
    can,
    realtime.presence,
    { freeChats: config.chat.freeChats },
    now,
  );
  const mail = new MailService(new MailRepository(db), users, can, now);
  const translate = new TranslateService(createTranslationRegistry(config.translation), credits, can, { price: config.translation.price }, log);
  const announcer = new PresenceAnnouncer(realtime.hub, realtime.presence, (userId) => chat.watchersOf(userId));
  return { realtime, presence: realtime.presence, sessionRevocation: realtime.sessions, announcer, chat, credits, mail, translate };
}

export type ChatServices = ReturnType<typeof wireChat>;

export interface InstallChatDeps extends ChatServices {
  auth: AuthService;
  accounts: AccountsService;
  notices: NoticesService;
  repositories: { users: UsersRepository; notices: NoticesRepository };
}

/**
 * Mail and translate calls, the /socket route, and the live push of notices and mails. The
 * gateway closes (sockets, presence, Redis) before the server stops accepting (preClose).
 */
export async function installChat(app: FastifyInstance, router: Router, config: Config, services: InstallChatDeps, now: () => number): Promise<Gateway> {
  const perMinute = (max: number) => ({ max, timeWindow: '1 minute' });
  mailRoutes(router, services.mail, perMinute(config.mailRateLimitPerMinute));
  translateRoutes(router, services.translate, perMinute(config.chat.rateLimitPerMinute));

  const { realtime, chat, mail, repositories } = services;
  const live: RealtimeServices = {
    authenticate: (token) => services.auth.authenticate(token),
    chat,
    setVisibility: async (member, isYin, origin) => (await services.accounts.setVisibility(member, isYin, origin)).user,
    touchActive: async (userId, at) => {
      await repositories.users.touchActive(userId, at);
      return repositories.users.findById(userId);
    },
    findUser: (userId) => repositories.users.findById(userId),
    unreadNotices: (userId) => repositories.notices.countUnread(userId),
    findMail: async (id) => {
      const found = await mail.find(id);
      return found && { recipientId: found.recipient_id, eid: found.id, sender_id: found.sender_id, sendername: found.sendername };
    },
    unreadMails: (userId) => mail.unreadCount(userId),
  };
  const gateway = new Gateway(
    realtime,
    services.announcer,
    live,
    {
      pingMs: config.chat.pingMs,
      initTimeoutMs: config.chat.initTimeoutMs,
      maxSocketsPerMember: config.chat.maxSocketsPerMember,
      maxSocketsPerAddress: config.chat.maxSocketsPerAddress,
    },
    app.log,
    now,
  );
  app.addHook('preClose', async () => gateway.close());
  await installSocket(app, gateway, (token) => services.auth.authenticate(token));

  // "One server function creates a notice and pushes it live": NoticesService.create, heard here.
  services.notices.onCreated((userId, row) => void realtime.hub.publish({ type: 'notice', to: [userId], notice: presentNotice(row) }));
  mail.onSent((sent) => void realtime.hub.publish({ type: 'mail', to: [sent.recipient_id], mailId: sent.id }));

  await realtime.start();
  await gateway.start();
  return gateway;
}
