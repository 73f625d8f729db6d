import { adminReportAct, adminReportDetail, adminReportList, type CallInput } from '@kindred/protocol';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminCall, ADMIN_KEY, refreshAfterAction } from './admin-client';

export type AdminReportFilter = CallInput<typeof adminReportList>;

export const adminReportKeys = {
  all: [ADMIN_KEY, 'reports'] as const,
  list: (filter: AdminReportFilter) => [...adminReportKeys.all, 'list', filter] as const,
  detail: (id: number) => [...adminReportKeys.all, 'detail', id] as const,
};

/** A page of the reports queue (open ones by default, oldest waiting first as the server orders them). */
export function useAdminReportsQuery(filter: AdminReportFilter) {
  return useQuery({ queryKey: adminReportKeys.list(filter), queryFn: () => adminCall(adminReportList, filter), placeholderData: keepPreviousData });
}

/** One report with the two members' recent messages and the reported member's earlier reports. */
export function useAdminReportQuery(id: number | null) {
  return useQuery({ queryKey: adminReportKeys.detail(id ?? 0), queryFn: () => adminCall(adminReportDetail, { id: id! }), enabled: id != null });
}

/** Dismiss, warn, suspend for N days or ban, with the result text the reporter is sent. */
export function useAdminReportActMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CallInput<typeof adminReportAct>) => adminCall(adminReportAct, body),
    // The reported member's standing may have changed too: member pages and counts refetch.
    onSuccess: () => refreshAfterAction(qc, 'reports', 'dashboard', 'members'),
  });
}
