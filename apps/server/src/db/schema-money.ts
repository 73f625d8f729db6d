import type { ColumnType, Generated } from 'kysely';

/** Table types of gifts, credits and payments (see schema.ts for the conventions: times in ms, money in integer cents, credits in integer hundredths). */

type Id = Generated<number>;

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
