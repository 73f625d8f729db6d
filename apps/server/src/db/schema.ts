import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

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

export interface GiftCategoriesTable {
  id: Id;
  name_en: string;
  name_zh_cn: string;
  name_zh_tw: string;
  sort: number;
}

export interface GiftsTable {
  id: Id;
  category_id: number;
  path: string;
  price: number;
  title_en: string;
  title_zh_cn: string;
  title_zh_tw: string;
  info_en: string;
  info_zh_cn: string;
  info_zh_tw: string;
  active: number;
  sort: number;
}

export interface GiftSendsTable {
  id: Id;
  gift_id: number;
  sender_id: number;
  recipient_id: number;
  message: string;
  number: number;
  price: number;
  created_at: number;
}

/** Every change of a credit balance, written in the same transaction as the balance. */
export interface LedgerTable {
  id: Id;
  /** NULL once the member deleted the account: the amounts stay, the person goes (migration 0009). */
  user_id: ColumnType<number | null, number, number>;
  delta: number;
  balance_after: number;
  reason: string;
  ref_type: string;
  ref_id: number | null;
  created_at: number;
}

export interface RechargePackagesTable {
  id: Id;
  amount_cents: number;
  credits: number;
  sort: number;
  active: number;
}

export interface MembershipPricesTable {
  vip: number;
  monthly_list_price_cents: number;
}

export interface UpgradePackagesTable {
  id: Id;
  vip: number;
  months: number;
  amount_cents: number;
  sort: number;
  active: number;
}

export interface OrdersTable {
  id: Id;
  /** user_id and gainer_id are NULL once that member deleted the account (migration 0009). */
  user_id: ColumnType<number | null, number, number>;
  gainer_id: ColumnType<number | null, number, number>;
  /** 1 recharge, 2 upgrade. */
  order_type: number;
  package_id: number | null;
  pay_type: number;
  amount_cents: number;
  credits: number;
  status: 'pending' | 'paid' | 'failed' | 'expired';
  guid: string;
  provider_ref: string;
  created_at: number;
  paid_at: number | null;
  // Migration 0007 (modules/billing):
  /** sha256 of the validated pay body: the same guid with another body is refused. */
  fingerprint: ColumnType<string, string | undefined, string>;
  provider: ColumnType<string, string | undefined, string>;
  /** What the payer must still do: '' | 'redirect' | 'iframe' | 'scan', at next_url. */
  next_type: ColumnType<string, string | undefined, string>;
  next_url: ColumnType<string, string | undefined, string>;
  failure_code: ColumnType<string, string | undefined, string>;
  /** An upgrade's level and months, kept as bought. */
  vip_level: ColumnType<number, number | undefined, number>;
  months: ColumnType<number, number | undefined, number>;
  expires_at: ColumnType<number, number | undefined, number>;
  updated_at: ColumnType<number, number | undefined, number>;
}

/** A guid generateuuid issued (migration 0007): only its member may pay with it, within the hour. */
export interface PayGuidsTable {
  guid: string;
  user_id: number;
  created_at: number;
  expires_at: number;
}

/** A provider event already applied (migration 0007): a replay finds its row and changes nothing. */
export interface PaymentEventsTable {
  id: Id;
  provider: string;
  event_id: string;
  order_id: number | null;
  created_at: number;
}

/** The sandbox provider's payment intents (infra/payments/sandbox-provider.ts). */
export interface SandboxIntentsTable {
  id: Id;
  ref: string;
  guid: string;
  amount_cents: number;
  method: string;
  status: string;
  failure_code: ColumnType<string, string | undefined, string>;
  next_type: ColumnType<string, string | undefined, string>;
  description: ColumnType<string, string | undefined, string>;
  return_url: string;
  created_at: number;
  updated_at: number;
}

export interface ReportsTable {
  id: Id;
  reporter_id: number;
  reported_id: number;
  /** 1 ads, 2 offensive, 3 illegal. */
  type: number;
  content: string;
  img: string;
  email: string;
  status: 'open' | 'resolved' | 'dismissed';
  result: string;
  handled_by: number | null;
  created_at: number;
  handled_at: number | null;
}

// Migration 0011: the administrator console (modules/admin).
export interface StaffFactorsTable {
  user_id: number;
  /** The TOTP secret, sealed by infra/secret-box.ts. */
  secret_enc: string;
  confirmed: number;
  /** The last TOTP time step accepted: a code of that step or an earlier one is refused. */
  last_step: number;
  created_at: number;
  updated_at: number;
}

export interface StaffRecoveryCodesTable {
  id: Id;
  user_id: number;
  code_hash: string;
  used_at: number | null;
  created_at: number;
}

export interface StaffTicketsTable {
  id: Id;
  user_id: number;
  token_hash: string;
  attempts: ColumnType<number, number | undefined, number>;
  created_at: number;
  expires_at: number;
}

export interface AdminSessionsTable {
  id: Id;
  user_id: number;
  token_hash: string;
  address: string;
  user_agent: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
}

/** Append-only (test/admin-audit.test.ts checks no code updates or deletes it). */
export interface AuditLogTable {
  id: Id;
  staff_id: number | null;
  staff_username: string;
  action: string;
  object_type: string;
  object_id: number | null;
  before: Json | null;
  after: Json | null;
  address: string;
  created_at: number;
}

export interface SettingsTable {
  key: string;
  value: string;
  updated_at: number;
}

/** Proof-of-work solutions already accepted (modules/antispam), kept until their challenge expires. */
export interface UsedChallengesTable {
  signature: string;
  expires_at: number;
}

/** Secrets the nodes generate and share when the operator sets none (the ALTCHA HMAC key). */
export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: number;
}

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
