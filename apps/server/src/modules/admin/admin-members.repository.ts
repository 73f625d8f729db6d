import { UserStatus, type MemberSearchBody } from '@kindred/protocol';
import type { ExpressionBuilder, Selectable } from 'kysely';
import type { Db, DbOrTx } from '../../db/database.js';
import type { Database, LedgerTable, SessionRow, UserRow } from '../../db/schema.js';

export type LedgerRow = Selectable<LedgerTable>;

export interface MemberCounts {
  reports_against: number;
  reports_made: number;
  sessions: number;
  paid_cents: number;
}

type Eb = ExpressionBuilder<Database, 'users'>;

/** The search's standing filter in columns (status 4 is suspended or banned; banned_at tells which). */
function standingIs(eb: Eb, standing: MemberSearchBody['standing']) {
  switch (standing) {
    case 'active':
      return eb('users.status', '=', UserStatus.active);
    case 'pending':
      return eb('users.status', '=', UserStatus.pending);
    case 'disabled':
      return eb('users.status', '=', UserStatus.disabled);
    case 'suspended':
      return eb.and([eb('users.status', '=', UserStatus.suspended), eb('users.banned_at', '=', 0)]);
    case 'banned':
      return eb.and([eb('users.status', '=', UserStatus.suspended), eb('users.banned_at', '>', 0)]);
    default:
      return eb.lit(true);
  }
}

/** What the console reads and changes of members (the restrictions go through UsersRepository). */
export class AdminMembersRepository {
  constructor(private readonly db: Db) {}

  /** By part of a username or e-mail (any case) or an exact id; newest first. */
  async search({ q, standing, vip }: Omit<MemberSearchBody, 'page'>, offset: number, limit: number, trx: DbOrTx = this.db): Promise<{ rows: UserRow[]; total: number }> {
    // Typed text never becomes a LIKE wildcard: staff search for what they see.
    const needle = q.toLowerCase().replace(/[%_\\]/g, '');
    const filtered = trx
      .selectFrom('users')
      .where((eb) => standingIs(eb, standing))
      .$if(vip != null, (qb) => qb.where('users.vip', '=', vip!))
      .$if(needle !== '', (qb) =>
        qb.where((eb) =>
          eb.or([
            eb('users.username_key', 'like', `%${needle}%`),
            eb('users.email', 'like', `%${needle}%`),
            ...(/^\d{1,9}$/.test(needle) ? [eb('users.id', '=', Number(needle))] : []),
          ]),
        ),
      );
    const [rows, count] = await Promise.all([
      filtered.selectAll().orderBy('users.id', 'desc').offset(offset).limit(limit).execute(),
      filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  async counts(userId: number, trx: DbOrTx = this.db): Promise<MemberCounts> {
    const count = async (query: Promise<{ n: number | string | bigint | null } | undefined>) => Number((await query)?.n ?? 0);
    const [reports_against, reports_made, sessions, paid_cents] = await Promise.all([
      count(trx.selectFrom('reports').select((eb) => eb.fn.countAll<number>().as('n')).where('reported_id', '=', userId).executeTakeFirst()),
      count(trx.selectFrom('reports').select((eb) => eb.fn.countAll<number>().as('n')).where('reporter_id', '=', userId).executeTakeFirst()),
      count(trx.selectFrom('sessions').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirst()),
      count(trx.selectFrom('orders').select((eb) => eb.fn.sum<number>('amount_cents').as('n')).where('user_id', '=', userId).where('status', '=', 'paid').executeTakeFirst()),
    ]);
    return { reports_against, reports_made, sessions, paid_cents };
  }

  sessions(userId: number, trx: DbOrTx = this.db): Promise<SessionRow[]> {
    return trx.selectFrom('sessions').selectAll().where('user_id', '=', userId).orderBy('last_seen_at', 'desc').limit(100).execute();
  }

  async ledger(userId: number, offset: number, limit: number, trx: DbOrTx = this.db): Promise<{ rows: LedgerRow[]; total: number }> {
    const filtered = trx.selectFrom('ledger').where('user_id', '=', userId);
    const [rows, count] = await Promise.all([
      filtered.selectAll().orderBy('id', 'desc').offset(offset).limit(limit).execute(),
      filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  /** Pending accounts among `ids`, by id (the status change itself is conditional, so a race changes each once). */
  pendingAmong(ids: readonly number[], trx: DbOrTx = this.db): Promise<UserRow[]> {
    return trx.selectFrom('users').selectAll().where('id', 'in', [...ids]).where('status', '=', UserStatus.pending).orderBy('id').execute();
  }

  /** Suspensions that have run out end by themselves: the member is active (and listed) again. */
  async liftEndedSuspensions(now: number, trx: DbOrTx = this.db): Promise<number> {
    const result = await trx
      .updateTable('users')
      .set({ status: UserStatus.active, suspended_until: 0, updated_at: now })
      .where('status', '=', UserStatus.suspended)
      .where('banned_at', '=', 0)
      .where('suspended_until', '<=', now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
}
