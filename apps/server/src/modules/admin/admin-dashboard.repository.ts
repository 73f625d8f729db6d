import { UserStatus } from '@kindred/protocol';
import type { Db, DbOrTx } from '../../db/database.js';

export const DAY_MS = 86_400_000;

/** The dashboard's figures: totals now, and per UTC day since `since` (ms, a day's start). */
export class AdminDashboardRepository {
  constructor(private readonly db: Db) {}

  async totals(onlineSince: number, trx: DbOrTx = this.db): Promise<{ members: number; online_now: number; open_reports: number; pending_approvals: number }> {
    const n = (row: { n: number | string | bigint } | undefined) => Number(row?.n ?? 0);
    const members = trx.selectFrom('users').where('role', '=', 'member');
    const [all, online, reports, pending] = await Promise.all([
      members.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
      members.select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', UserStatus.active).where('last_active_at', '>', onlineSince).executeTakeFirst(),
      trx.selectFrom('reports').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'open').executeTakeFirst(),
      members.select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', UserStatus.pending).executeTakeFirst(),
    ]);
    return { members: n(all), online_now: n(online), open_reports: n(reports), pending_approvals: n(pending) };
  }

  /**
   * Sign-ups per day number (ms / DAY_MS, whole days since the epoch). The divisor is a literal: as a
   * parameter PostgreSQL would not see the select's and the group's expressions as one.
   */
  async signupsByDay(since: number, trx: DbOrTx = this.db): Promise<{ day: number; count: number }[]> {
    const rows = await trx
      .selectFrom('users')
      .select((eb) => [eb('created_at', '/', eb.lit(DAY_MS)).as('day'), eb.fn.countAll<number>().as('count')])
      .where('role', '=', 'member')
      .where('created_at', '>=', since)
      .groupBy((eb) => eb('created_at', '/', eb.lit(DAY_MS)))
      .execute();
    return rows.map((r) => ({ day: Number(r.day), count: Number(r.count) }));
  }

  /**
   * Money taken per day: orders paid by card, wallet or scan (not pay_type 0, the balance, whose
   * money was already taken when it was recharged).
   */
  async revenueByDay(since: number, trx: DbOrTx = this.db): Promise<{ day: number; cents: number; orders: number }[]> {
    const rows = await trx
      .selectFrom('orders')
      .select((eb) => [eb('paid_at', '/', eb.lit(DAY_MS)).as('day'), eb.fn.sum<number>('amount_cents').as('cents'), eb.fn.countAll<number>().as('orders')])
      .where('status', '=', 'paid')
      .where('pay_type', '!=', 0)
      .where('paid_at', '>=', since)
      .groupBy((eb) => eb('paid_at', '/', eb.lit(DAY_MS)))
      .execute();
    return rows.map((r) => ({ day: Number(r.day), cents: Number(r.cents ?? 0), orders: Number(r.orders) }));
  }
}
