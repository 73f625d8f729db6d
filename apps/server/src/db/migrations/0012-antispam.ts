import type { Kysely } from 'kysely';
import { bigint } from '../dialect.js';

/**
 * Sign-up anti-spam (modules/antispam):
 * - used_challenges: the signature of every proof-of-work solution accepted, so one solution
 *   signs up or asks for a reset link once. Its primary key decides a race between two nodes;
 *   rows are swept once their challenge has expired (a replay of it fails on the expiry then).
 * - server_secrets: secrets the nodes of one deployment share and generate themselves when the
 *   operator sets none (the ALTCHA HMAC key): the first node to start inserts, the others read.
 *   Not the staff-editable `settings`, which the console shows.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('used_challenges')
    .addColumn('signature', 'varchar(128)', (c) => c.primaryKey().notNull())
    .addColumn('expires_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('used_challenges_expiry').on('used_challenges').column('expires_at').execute();
  await db.schema
    .createTable('server_secrets')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey().notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .execute();
}
