import {
  adminMemberBan,
  adminMemberCredits,
  adminMemberDetail,
  adminMemberEndSessions,
  adminMemberLedger,
  adminMemberMembership,
  adminMemberSearch,
  adminMemberSessions,
  adminMemberSuspend,
  adminMemberUnban,
  adminMemberVerify,
  approvalsDecide,
  pendingUsers,
  type CallInput,
} from '@kindred/protocol';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminCall, ADMIN_KEY, refreshAfterAction } from './admin-client';

export type AdminMemberFilter = CallInput<typeof adminMemberSearch>;

export const adminMemberKeys = {
  all: [ADMIN_KEY, 'members'] as const,
  search: (filter: AdminMemberFilter) => [...adminMemberKeys.all, 'search', filter] as const,
  detail: (id: number) => [...adminMemberKeys.all, id, 'detail'] as const,
  sessions: (id: number) => [...adminMemberKeys.all, id, 'sessions'] as const,
  ledger: (id: number, page: number) => [...adminMemberKeys.all, id, 'ledger', page] as const,
  pending: [ADMIN_KEY, 'approvals'] as const,
};

export function useAdminMemberSearchQuery(filter: AdminMemberFilter) {
  return useQuery({ queryKey: adminMemberKeys.search(filter), queryFn: () => adminCall(adminMemberSearch, filter), placeholderData: keepPreviousData });
}

export function useAdminMemberQuery(id: number) {
  return useQuery({ queryKey: adminMemberKeys.detail(id), queryFn: () => adminCall(adminMemberDetail, { id }) });
}

export function useAdminMemberSessionsQuery(id: number) {
  return useQuery({ queryKey: adminMemberKeys.sessions(id), queryFn: () => adminCall(adminMemberSessions, { id }) });
}

export function useAdminMemberLedgerQuery(id: number, page: number) {
  return useQuery({ queryKey: adminMemberKeys.ledger(id, page), queryFn: () => adminCall(adminMemberLedger, { id, page }), placeholderData: keepPreviousData });
}

/**
 * The staff actions on a member, one mutation each. Every one changes the member (and writes an
 * audit row), so each refetches the member's pages, the dashboard's counts and the audit log.
 */
function useMemberAction<B>(run: (body: B) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => refreshAfterAction(qc, 'members', 'dashboard', 'reports') });
}

export const useAdminSuspendMutation = () => useMemberAction((b: CallInput<typeof adminMemberSuspend>) => adminCall(adminMemberSuspend, b));
export const useAdminBanMutation = () => useMemberAction((b: CallInput<typeof adminMemberBan>) => adminCall(adminMemberBan, b));
export const useAdminUnbanMutation = () => useMemberAction((b: CallInput<typeof adminMemberUnban>) => adminCall(adminMemberUnban, b));
export const useAdminVerifyMutation = () => useMemberAction((b: CallInput<typeof adminMemberVerify>) => adminCall(adminMemberVerify, b));
export const useAdminCreditsMutation = () => useMemberAction((b: CallInput<typeof adminMemberCredits>) => adminCall(adminMemberCredits, b));
export const useAdminMembershipMutation = () => useMemberAction((b: CallInput<typeof adminMemberMembership>) => adminCall(adminMemberMembership, b));
export const useAdminEndSessionsMutation = () => useMemberAction((b: CallInput<typeof adminMemberEndSessions>) => adminCall(adminMemberEndSessions, b));

/** Accounts waiting for approval (REGISTRATION_APPROVAL), oldest first. */
export function usePendingMembersQuery() {
  return useQuery({ queryKey: adminMemberKeys.pending, queryFn: () => adminCall(pendingUsers) });
}

/** Approves or refuses many pending accounts at once; answers which changed and which were skipped. */
export function useApprovalsDecideMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CallInput<typeof approvalsDecide>) => adminCall(approvalsDecide, body),
    onSuccess: () => refreshAfterAction(qc, 'approvals', 'members', 'dashboard'),
  });
}
