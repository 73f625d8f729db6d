import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { GiftCategoriesTable, GiftsTable, GiftSendsTable, LedgerTable, RechargePackagesTable, MembershipPricesTable, UpgradePackagesTable, OrdersTable, PayGuidsTable, PaymentEventsTable, SandboxIntentsTable } from './schema-money.js';
import type { ReportsTable, StaffFactorsTable, StaffRecoveryCodesTable, StaffTicketsTable, AdminSessionsTable, AuditLogTable, SettingsTable, UsedChallengesTable, ServerSecretsTable } from './schema-safety.js';

/**
 * Table types of the whole data model (docs/product-rules.md §3). Times are integer milliseconds since the
 * epoch; money is integer cents and credits integer hundredths; flags are 0/1 integers so both
 * dialects store them alike.
 */
type Id = Generated<number>;
type Json = string;

export interface UsersTable {
  id: Id;
  username: string;
  /** Lower-cased username: uniqueness and lookups are case-insensitive. */
  username_key: string;
  email: string;
  password_hash: string;
  role: 'member' | 'support' | 'admin';
  sex: number;
  birthday: number;
  country: string;
  avatar: string;
  signature: string;
  lang: string;
  vip: number;
  vip1_until: number;
  vip2_until: number;
  credits: ColumnType<number, number | undefined, number>;
  invitation_code: string;
  invited_by: number | null;
  laid: string;
  status: number;
  is_yin: number;
  is_auth: number;
  free_chats_used: ColumnType<number, number | undefined, number>;
  last_login_at: number;
  last_active_at: number;
  /**
   * last_active_at as members who cannot see through invisible mode may know it: equal to it while
   * is_yin is 1, frozen while 0 (migration 0006). UsersRepository keeps it; on insert it defaults
   * to last_active_at there.
   */
  shown_active_at: ColumnType<number, number | undefined, number>;
  created_at: number;
  updated_at: number;
  /** Migration 0011: suspension end and ban time (ms, 0 none); either sets status 4 (UserStatus.suspended). */
  suspended_until: ColumnType<number, number | undefined, number>;
  banned_at: ColumnType<number, number | undefined, number>;
  ban_reason: ColumnType<string, string | undefined, string>;
}

export interface SessionsTable {
  id: Id;
  user_id: number;
  token_hash: string;
  terminal: string;
  user_agent: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
}

export interface PasswordResetsTable {
  id: Id;
  user_id: number;
  token_hash: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface PermissionsTable {
  vip: number;
  flag: string;
  allowed: number;
}

export interface LikesTable {
  id: Id;
  liker_id: number;
  target_id: number;
  created_at: number;
}

/** A member (blocker) blocked another (blocked): migration 0010. */
export interface BlocksTable {
  id: Id;
  blocker_id: number;
  blocked_id: number;
  created_at: number;
}

export interface TrendsTable {
  id: Id;
  user_id: number;
  /** 0 joined, 1 text/image, 2 avatar changed, 3 profile edited. */
  type: number;
  content: string;
  img: string;
  created_at: number;
}

export interface PhotosTable {
  id: Id;
  user_id: number;
  img: string;
  created_at: number;
}

export interface BackgroundPhotosTable {
  id: Id;
  user_id: number;
  img: string;
  created_at: number;
}

/** One row per side of a conversation: unread counts and deletion are per member. */
export interface ConversationsTable {
  id: Id;
  user_id: number;
  peer_id: number;
  unread: number;
  last_message_id: number | null;
  cleared_before_id: number;
  hidden: number;
  updated_at: number;
  /** The newest message id when the member last read the conversation (0004-chat). */
  last_read_id: ColumnType<number, number | undefined, number>;
}

export interface MessagesTable {
  id: Id;
  sender_id: number;
  reciver_id: number;
  /** 'gift' (gifts.service.ts): img is the gift's picture, content the giver's message. */
  type: 'text' | 'img' | 'gift';
  content: string;
  img: string;
  client_id: string;
  created_at: number;
}

export interface MailsTable {
  id: Id;
  sender_id: number;
  recipient_id: number;
  msg: string;
  /** 0 unread, 1 read. */
  type: number;
  created_at: number;
}

export interface NoticesTable {
  id: Id;
  user_id: number;
  type: 'gift' | 'report';
  status: number;
  payload: Json;
  created_at: number;
}

export * from './schema-money.js';
export * from './schema-safety.js';

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  permissions: PermissionsTable;
  likes: LikesTable;
  blocks: BlocksTable;
  trends: TrendsTable;
  photos: PhotosTable;
  background_photos: BackgroundPhotosTable;
  conversations: ConversationsTable;
  messages: MessagesTable;
  mails: MailsTable;
  notices: NoticesTable;
  gift_categories: GiftCategoriesTable;
  gifts: GiftsTable;
  gift_sends: GiftSendsTable;
  ledger: LedgerTable;
  recharge_packages: RechargePackagesTable;
  membership_prices: MembershipPricesTable;
  upgrade_packages: UpgradePackagesTable;
  orders: OrdersTable;
  pay_guids: PayGuidsTable;
  payment_events: PaymentEventsTable;
  sandbox_intents: SandboxIntentsTable;
  reports: ReportsTable;
  staff_factors: StaffFactorsTable;
  staff_recovery_codes: StaffRecoveryCodesTable;
  staff_tickets: StaffTicketsTable;
  admin_sessions: AdminSessionsTable;
  audit_log: AuditLogTable;
  settings: SettingsTable;
  used_challenges: UsedChallengesTable;
  server_secrets: ServerSecretsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type NoticeRow = Selectable<NoticesTable>;
export type ConversationRow = Selectable<ConversationsTable>;
export type MessageRow = Selectable<MessagesTable>;
export type MailRow = Selectable<MailsTable>;
