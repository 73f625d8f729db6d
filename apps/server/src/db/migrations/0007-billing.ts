import type { Kysely } from 'kysely';
import { addIdColumn, bigint, type DialectName } from '../dialect.js';

/**
 * Payments (modules/billing, docs/product-rules.md "Payments").
 * - orders: the guid is the idempotency key of member/Pay/pay, unique per member; `fingerprint`
 *   is a hash of the validated body, so the same guid with another body is refused; the provider,
 *   what the payer must still do (next_type/next_url), why it failed, and when an unconfirmed
 *   order expires. vip_level/months keep what an upgrade bought, whatever the package becomes.
 * - pay_guids: each guid generateuuid issued, bound to its member and valid for an hour.
 * - payment_events: provider events already applied (unique per provider), so a replayed webhook
 *   changes nothing.
 * - sandbox_intents: the built-in sandbox provider's own state, in the database so every node
 *   serves its hosted pages.
 */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const addToOrders = (name: string, type: 'varchar(16)' | 'varchar(32)' | 'varchar(64)' | 'varchar(2048)' | 'integer' | typeof bigint, fallback: string | number) =>
    db.schema.alterTable('orders').addColumn(name, type, (c) => c.notNull().defaultTo(fallback)).execute();
  await addToOrders('fingerprint', 'varchar(64)', '');
  await addToOrders('provider', 'varchar(16)', '');
  await addToOrders('next_type', 'varchar(16)', '');
  await addToOrders('next_url', 'varchar(2048)', '');
  await addToOrders('failure_code', 'varchar(32)', '');
  await addToOrders('vip_level', 'integer', 0);
  await addToOrders('months', 'integer', 0);
  await addToOrders('expires_at', bigint, 0);
  await addToOrders('updated_at', bigint, 0);
  await db.schema.createIndex('orders_user_guid').on('orders').columns(['user_id', 'guid']).unique().execute();
  await db.schema.createIndex('orders_provider_ref').on('orders').columns(['provider', 'provider_ref']).execute();
  await db.schema.createIndex('orders_pending_expiry').on('orders').columns(['status', 'expires_at']).execute();

  await db.schema
    .createTable('pay_guids')
    .addColumn('guid', 'varchar(64)', (c) => c.primaryKey().notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('expires_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('pay_guids_expiry').on('pay_guids').columns(['expires_at']).execute();

  await addIdColumn(db.schema.createTable('payment_events'), dialect)
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('event_id', 'varchar(255)', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.references('orders.id').onDelete('set null'))
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addUniqueConstraint('payment_events_event', ['provider', 'event_id'])
    .execute();

  await addIdColumn(db.schema.createTable('sandbox_intents'), dialect)
    .addColumn('ref', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('guid', 'varchar(64)', (c) => c.notNull())
    .addColumn('amount_cents', bigint, (c) => c.notNull())
    .addColumn('method', 'varchar(16)', (c) => c.notNull())
    .addColumn('status', 'varchar(32)', (c) => c.notNull())
    .addColumn('failure_code', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('next_type', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('return_url', 'varchar(2048)', (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .execute();
}
