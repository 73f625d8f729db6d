/**
 * The membership level in force at `nowSec`. An expiry of 0 means "no end date" (staff accounts);
 * when gold lapses a still-running silver period takes over.
 */
export function effectiveVip(user: { vip: number; overduedate_1: number; overduedate_2: number }, nowSec: number): 0 | 1 | 2 {
  const running = (until: number) => until === 0 || until > nowSec;
  if (user.vip >= 2) {
    if (running(user.overduedate_2)) return 2;
    return user.overduedate_1 > nowSec ? 1 : 0;
  }
  if (user.vip === 1) return running(user.overduedate_1) ? 1 : 0;
  return 0;
}
