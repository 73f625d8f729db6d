import type { ColumnType, Generated } from 'kysely';

/** Table types of reports, the staff console (second factor, sessions, audit log, settings) and sign-up anti-spam (see schema.ts for the conventions). */

type Id = Generated<number>;
type Json = string;

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
