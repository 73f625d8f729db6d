import { onlineCutoff, type DashboardWire } from '@kindred/protocol';
import type { AdminDashboardRepository } from './admin-dashboard.repository.js';
import { DAY_MS } from './admin-dashboard.repository.js';

const isoDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The dashboard: totals now and the last `days` UTC days, every day present (zeros too), oldest first. */
export class AdminDashboardService {
  constructor(
    private readonly dashboard: AdminDashboardRepository,
    private readonly now: () => number = Date.now,
  ) {}

  async read(days: number): Promise<DashboardWire> {
    const now = this.now();
    const today = Math.floor(now / DAY_MS);
    const first = today - days + 1;
    const [totals, signups, revenue] = await Promise.all([
      this.dashboard.totals(onlineCutoff(now)),
      this.dashboard.signupsByDay(first * DAY_MS),
      this.dashboard.revenueByDay(first * DAY_MS),
    ]);
    const signupsOn = new Map(signups.map((s) => [s.day, s.count]));
    const revenueOn = new Map(revenue.map((r) => [r.day, r]));
    const range = Array.from({ length: days }, (_, i) => first + i);
    return {
      ...totals,
      signups: range.map((day) => ({ day: isoDay(day), count: signupsOn.get(day) ?? 0 })),
      revenue: range.map((day) => ({ day: isoDay(day), cents: revenueOn.get(day)?.cents ?? 0, orders: revenueOn.get(day)?.orders ?? 0 })),
    };
  }
}
