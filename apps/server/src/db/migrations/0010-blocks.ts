import type { Kysely } from 'kysely';
import { addIdColumn, bigint, type DialectName } from '../dialect.js';

/**
 * Member blocking (docs/product-rules.md, "Blocking"): one row per blocker and blocked member.
 * - blocks_pair (blocker_id, blocked_id) is unique and answers "did A block B" with one probe, in
 *   either direction: every list and check asks both (A, B) and (B, A) as two NOT EXISTS probes.
 * - blocks_blocked (blocked_id, blocker_id): "who blocked me", a range of its own.
 * Both members' rows cascade: deleting either account removes the block.
 */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await addIdColumn(db.schema.createTable('blocks'), dialect)
    .addColumn('blocker_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('blocked_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addUniqueConstraint('blocks_pair', ['blocker_id', 'blocked_id'])
    .execute();
  await db.schema.createIndex('blocks_blocked').on('blocks').columns(['blocked_id', 'blocker_id']).execute();
}
