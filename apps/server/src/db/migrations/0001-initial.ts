import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { addIdColumn, bigint, type DialectName } from '../dialect.js';

/** The whole data model of docs/product-rules.md §3, so later work adds columns, not foundations. */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const table = (name: string) => addIdColumn(db.schema.createTable(name), dialect);
  const user = 'users.id';

  await table('users')
    .addColumn('username', 'varchar(32)', (c) => c.notNull())
    .addColumn('username_key', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('role', 'varchar(16)', (c) => c.notNull().defaultTo('member'))
    .addColumn('sex', 'integer', (c) => c.notNull())
    .addColumn('birthday', bigint, (c) => c.notNull())
    .addColumn('country', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('avatar', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('signature', 'varchar(120)', (c) => c.notNull().defaultTo(''))
    .addColumn('lang', 'varchar(8)', (c) => c.notNull().defaultTo('en'))
    .addColumn('vip', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('vip1_until', bigint, (c) => c.notNull().defaultTo(0))
    .addColumn('vip2_until', bigint, (c) => c.notNull().defaultTo(0))
    .addColumn('credits', bigint, (c) => c.notNull().defaultTo(0).check(sqlCheck('credits >= 0')))
    .addColumn('invitation_code', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('invited_by', 'integer', (c) => c.references(user).onDelete('set null'))
    .addColumn('laid', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_yin', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_auth', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('free_chats_used', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_login_at', bigint, (c) => c.notNull().defaultTo(0))
    .addColumn('last_active_at', bigint, (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_status_active').on('users').columns(['status', 'last_active_at']).execute();
  await db.schema.createIndex('users_sex_created').on('users').columns(['sex', 'created_at']).execute();
  await db.schema.createIndex('users_vip').on('users').columns(['vip', 'id']).execute();

  await table('sessions')
    .addColumn('user_id', 'integer', (c) => c.notNull().references(user).onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('terminal', 'varchar(2)', (c) => c.notNull().defaultTo('w'))
    .addColumn('user_agent', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('last_seen_at', bigint, (c) => c.notNull())
    .addColumn('expires_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

  await table('password_resets')
    .addColumn('user_id', 'integer', (c) => c.notNull().references(user).onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('expires_at', bigint, (c) => c.notNull())
    .addColumn('used_at', bigint)
    .execute();
  await db.schema.createIndex('password_resets_user').on('password_resets').column('user_id').execute();

  await db.schema
    .createTable('permissions')
    .addColumn('vip', 'integer', (c) => c.notNull())
    .addColumn('flag', 'varchar(64)', (c) => c.notNull())
    .addColumn('allowed', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('permissions_pk', ['vip', 'flag'])
    .execute();

  await table('likes')
    .addColumn('liker_id', 'integer', (c) => c.notNull().references(user).onDelete('cascade'))
    .addColumn('target_id', 'integer', (c) => c.notNull().references(user).onDelete('cascade'))
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addUniqueConstraint('likes_pair', ['liker_id', 'target_id'])
    .execute();
  await db.schema.createIndex('likes_target').on('likes').columns(['target_id', 'liker_id']).execute();

  for (const name of ['photos', 'background_photos']) {
    await table(name)
      .addColumn('user_id', 'integer', (c) => c.notNull().references(user).onDelete('cascade'))
      .addColumn('img', 'varchar(300)', (c) => c.notNull())
      .addColumn('created_at', bigint, (c) => c.notNull())
      .execute();
    await db.schema.createIndex(`${name}_user`).on(name).columns(['user_id', 'id']).execute();
  }

  await table('trends')
    .addColumn('user_id', 'integer', (c) => c.notNull().references(user).onDelete('cascade'))
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('img', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('trends_user').on('trends').columns(['user_id', 'id']).execute();

  await table('messages')
    .addColumn('sender_id', 'integer', (c) => c.notNull().references(user).onDelete('cascade'))
    .addColumn('reciver_id', 'integer', (c) => c.notNull().references(user).onDelete('cascade'))
    .addColumn('type', 'varchar(8)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('img', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('client_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addUniqueConstraint('messages_client', ['sender_id', 'client_id'])
    .execute();
  await db.schema.createIndex('messages_pair').on('messages').columns(['sender_id', 'reciver_id', 'id']).execute();
  await db.schema.createIndex('messages_pair_rev').on('messages').columns(['reciver_id', 'sender_id', 'id']).execute();

  await table('conversations')
    .addColumn('user_id', 'integer', (c) => c.notNull().references(user).onDelete('cascade'))
    .addColumn('peer_id', 'integer', (c) => c.notNull().references(user).onDelete('cascade'))
    .addColumn('unread', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_message_id', 'integer', (c) => c.references('messages.id').onDelete('set null'))
    .addColumn('cleared_before_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .addUniqueConstraint('conversations_pair', ['user_id', 'peer_id'])
    .execute();
  await db.schema.createIndex('conversations_recent').on('conversations').columns(['user_id', 'updated_at']).execute();

  await table('mails')
    .addColumn('sender_id', 'integer', (c) => c.notNull().references(user).onDelete('cascade'))
    .addColumn('recipient_id', 'integer', (c) => c.notNull().references(user).onDelete('cascade'))
    .addColumn('msg', 'varchar(200)', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mails_recipient').on('mails').columns(['recipient_id', 'id']).execute();
  await db.schema.createIndex('mails_sender').on('mails').columns(['sender_id', 'id']).execute();

  await table('notices')
    .addColumn('user_id', 'integer', (c) => c.notNull().references(user).onDelete('cascade'))
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('payload', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notices_user').on('notices').columns(['user_id', 'status', 'id']).execute();

  await table('gift_categories')
    .addColumn('name_en', 'varchar(64)', (c) => c.notNull())
    .addColumn('name_zh_cn', 'varchar(64)', (c) => c.notNull())
    .addColumn('name_zh_tw', 'varchar(64)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  let gifts = table('gifts')
    .addColumn('category_id', 'integer', (c) => c.notNull().references('gift_categories.id').onDelete('cascade'))
    .addColumn('path', 'varchar(300)', (c) => c.notNull())
    .addColumn('price', bigint, (c) => c.notNull().check(sqlCheck('price >= 0')));
  for (const field of ['title', 'info']) {
    for (const lang of ['en', 'zh_cn', 'zh_tw']) {
      gifts = gifts.addColumn(`${field}_${lang}`, 'varchar(200)', (c) => c.notNull().defaultTo(''));
    }
  }
  await gifts
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('gifts_category').on('gifts').columns(['category_id', 'sort']).execute();

  await table('gift_sends')
    .addColumn('gift_id', 'integer', (c) => c.notNull().references('gifts.id'))
    .addColumn('sender_id', 'integer', (c) => c.notNull().references(user).onDelete('cascade'))
    .addColumn('recipient_id', 'integer', (c) => c.notNull().references(user).onDelete('cascade'))
    .addColumn('message', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('number', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('price', bigint, (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('gift_sends_recipient').on('gift_sends').columns(['recipient_id', 'id']).execute();

  await table('ledger')
    .addColumn('user_id', 'integer', (c) => c.notNull().references(user).onDelete('cascade'))
    .addColumn('delta', bigint, (c) => c.notNull())
    .addColumn('balance_after', bigint, (c) => c.notNull().check(sqlCheck('balance_after >= 0')))
    .addColumn('reason', 'varchar(32)', (c) => c.notNull())
    .addColumn('ref_type', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('ref_id', 'integer')
    .addColumn('created_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ledger_user').on('ledger').columns(['user_id', 'id']).execute();

  await table('recharge_packages')
    .addColumn('amount_cents', bigint, (c) => c.notNull())
    .addColumn('credits', bigint, (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable('membership_prices')
    .addColumn('vip', 'integer', (c) => c.primaryKey())
    .addColumn('monthly_list_price_cents', bigint, (c) => c.notNull())
    .execute();

  await table('upgrade_packages')
    .addColumn('vip', 'integer', (c) => c.notNull())
    .addColumn('months', 'integer', (c) => c.notNull())
    .addColumn('amount_cents', bigint, (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await table('orders')
    .addColumn('user_id', 'integer', (c) => c.notNull().references(user).onDelete('cascade'))
    .addColumn('gainer_id', 'integer', (c) => c.notNull().references(user).onDelete('cascade'))
    .addColumn('order_type', 'integer', (c) => c.notNull())
    .addColumn('package_id', 'integer')
    .addColumn('pay_type', 'integer', (c) => c.notNull())
    .addColumn('amount_cents', bigint, (c) => c.notNull())
    .addColumn('credits', bigint, (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('guid', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('provider_ref', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('paid_at', bigint)
    .execute();
  await db.schema.createIndex('orders_user').on('orders').columns(['user_id', 'id']).execute();

  await table('reports')
    .addColumn('reporter_id', 'integer', (c) => c.notNull().references(user).onDelete('cascade'))
    .addColumn('reported_id', 'integer', (c) => c.notNull().references(user).onDelete('cascade'))
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('img', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'varchar(254)', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('open'))
    .addColumn('result', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('handled_by', 'integer', (c) => c.references(user).onDelete('set null'))
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('handled_at', bigint)
    .execute();
  await db.schema.createIndex('reports_reporter').on('reports').columns(['reporter_id', 'id']).execute();
  await db.schema.createIndex('reports_reported').on('reports').columns(['reported_id', 'id']).execute();
  await db.schema.createIndex('reports_status').on('reports').columns(['status', 'id']).execute();
}


function sqlCheck(expression: string) {
  return sql.raw(expression);
}
