import type { Kysely } from 'kysely';
import { addIdColumn, bigint, type DialectName } from '../dialect.js';

/**
 * The administrator console (modules/admin):
 * - staff_factors: a staff account's TOTP secret, encrypted at rest (AES-256-GCM, key from
 *   ADMIN_TOTP_KEY or derived from the data directory's key file: infra/secret-box.ts), whether
 *   it is confirmed, and the last time step accepted (a code is refused in the step it was used).
 * - staff_recovery_codes: one-time codes, stored as SHA-256 hashes (they are 50-bit random).
 * - staff_tickets: step 1 passed (password), waiting for step 2 (code); hashed, minutes long;
 *   in the database so step 2 may land on any node.
 * - admin_sessions: console sessions, apart from member sessions (hashed tokens, idle and
 *   absolute expiry), so no member token ever opens a staff call.
 * - audit_log: append-only; staff_id SET NULL (the log outlives people, staff_username keeps
 *   the name), object ids plain integers without a foreign key.
 * - users.suspended_until / banned_at / ban_reason (ms, 0 none): a suspended or banned member has
 *   status 4 (UserStatus.suspended), so every list filtering on status 1 hides them as they are.
 * - settings: values staff change at run time (free_chats), read through a short cache.
 */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const table = (name: string) => addIdColumn(db.schema.createTable(name), dialect);
  const user = 'users.id';

  await db.schema
    .createTable('staff_factors')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references(user).onDelete('cascade'))
    .addColumn('secret_enc', 'varchar(255)', (c) => c.notNull())
    .addColumn('confirmed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_step', bigint, (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .execute();

  await table('staff_recovery_codes')
    .addColumn('user_id', 'integer', (c) => c.notNull().references(user).onDelete('cascade'))
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('used_at', bigint)
    .addColumn('created_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('staff_recovery_codes_user').on('staff_recovery_codes').columns(['user_id', 'code_hash']).execute();

  await table('staff_tickets')
    .addColumn('user_id', 'integer', (c) => c.notNull().references(user).onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('expires_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('staff_tickets_user').on('staff_tickets').column('user_id').execute();

  await table('admin_sessions')
    .addColumn('user_id', 'integer', (c) => c.notNull().references(user).onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('address', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('user_agent', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('last_seen_at', bigint, (c) => c.notNull())
    .addColumn('expires_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('admin_sessions_user').on('admin_sessions').column('user_id').execute();

  await table('audit_log')
    .addColumn('staff_id', 'integer', (c) => c.references(user).onDelete('set null'))
    .addColumn('staff_username', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('action', 'varchar(48)', (c) => c.notNull())
    .addColumn('object_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('object_id', 'integer')
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('address', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_staff').on('audit_log').columns(['staff_id', 'id']).execute();
  await db.schema.createIndex('audit_log_object').on('audit_log').columns(['object_type', 'object_id', 'id']).execute();
  await db.schema.createIndex('audit_log_action').on('audit_log').columns(['action', 'id']).execute();

  await db.schema.alterTable('users').addColumn('suspended_until', bigint, (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('users').addColumn('banned_at', bigint, (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('users').addColumn('ban_reason', 'varchar(500)', (c) => c.notNull().defaultTo('')).execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey().notNull())
    .addColumn('value', 'varchar(1000)', (c) => c.notNull())
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .execute();
}
