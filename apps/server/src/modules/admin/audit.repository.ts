import type { AuditAction, AuditListBody, AuditObjectType } from '@kindred/protocol';
import type { Selectable } from 'kysely';
import type { Db, DbOrTx } from '../../db/database.js';
import type { AuditLogTable } from '../../db/schema.js';
import type { Staff } from '../../domain/staff.js';

export type AuditRow = Selectable<AuditLogTable>;

/** What one staff action changed: its object, and the changed fields before and after (null: none). */
export interface AuditEntry {
  action: AuditAction;
  objectType: AuditObjectType;
  objectId: number | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** The staff member as an audit row names them (id, name, address); sign-in steps have no session yet. */
export type AuditActor = Pick<Staff, 'id' | 'username' | 'address'>;

/**
 * The audit log: append-only. This repository can insert and read, nothing else, and no other code
 * touches the table (test/admin-audit.test.ts fails on any update or delete of it). Every staff
 * action inserts its row with the change's own transaction, so a rolled-back change leaves no row
 * and a recorded change is never missing its row.
 */
export class AuditRepository {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  async record(actor: AuditActor, entry: AuditEntry, trx: DbOrTx = this.db): Promise<void> {
    await trx
      .insertInto('audit_log')
      .values({
        staff_id: actor.id,
        staff_username: actor.username,
        action: entry.action,
        object_type: entry.objectType,
        object_id: entry.objectId,
        before: entry.before ? JSON.stringify(entry.before) : null,
        after: entry.after ? JSON.stringify(entry.after) : null,
        address: actor.address.slice(0, 64),
        created_at: this.now(),
      })
      .execute();
  }

  /** Newest first, filtered by staff, action and object. */
  async list({ staff_id, action, object_type, object_id }: Omit<AuditListBody, 'page'>, offset: number, limit: number, trx: DbOrTx = this.db): Promise<{ rows: AuditRow[]; total: number }> {
    const filtered = trx
      .selectFrom('audit_log')
      .$if(staff_id != null, (q) => q.where('staff_id', '=', staff_id!))
      .$if(action != null, (q) => q.where('action', '=', action!))
      .$if(object_type != null, (q) => q.where('object_type', '=', object_type!))
      .$if(object_id != null, (q) => q.where('object_id', '=', object_id!));
    const [rows, count] = await Promise.all([
      filtered.selectAll().orderBy('id', 'desc').offset(offset).limit(limit).execute(),
      filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }
}
