import { adminDashboard } from '@kindred/protocol';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminCall, ADMIN_KEY } from './admin-client';

export const adminDashboardKeys = {
  all: [ADMIN_KEY, 'dashboard'] as const,
  days: (days: number) => [...adminDashboardKeys.all, days] as const,
};

/** Totals now and one point per day over the last `days` (refreshed every minute while shown). */
export function useAdminDashboardQuery(days: number) {
  return useQuery({
    queryKey: adminDashboardKeys.days(days),
    queryFn: () => adminCall(adminDashboard, { days }),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
}
