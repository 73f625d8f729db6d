import { adminAuditList, type CallInput } from '@kindred/protocol';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminCall, ADMIN_KEY } from './admin-client';

export type AdminAuditFilter = CallInput<typeof adminAuditList>;

export const adminAuditKeys = {
  all: [ADMIN_KEY, 'audit'] as const,
  list: (filter: AdminAuditFilter) => [...adminAuditKeys.all, filter] as const,
};

/** A page of the audit log, newest first. Read-only: the protocol has no call that edits it. */
export function useAdminAuditQuery(filter: AdminAuditFilter) {
  return useQuery({ queryKey: adminAuditKeys.list(filter), queryFn: () => adminCall(adminAuditList, filter), placeholderData: keepPreviousData });
}
