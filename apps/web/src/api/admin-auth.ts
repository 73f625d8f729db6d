import { staffEnrolConfirm, staffEnrolStart, staffLogin, staffLogout, staffMe, staffRecoveryCodes, staffVerify, type CallInput, type StaffSessionWire } from '@kindred/protocol';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAdminSession } from '../state/admin-session';
import { adminCall, ADMIN_KEY } from './admin-client';

export const adminAuthKeys = {
  me: [ADMIN_KEY, 'me'] as const,
};

/** Step 1: account and password → a ticket saying whether step 2 is a code or an enrolment. */
export function useStaffLoginMutation() {
  return useMutation({ mutationFn: (body: CallInput<typeof staffLogin>) => adminCall(staffLogin, body) });
}

/** A new TOTP secret for an account without one (the QR code is drawn from its otpauth URI). */
export function useStaffEnrolStartMutation() {
  return useMutation({ mutationFn: (ticket: string) => adminCall(staffEnrolStart, { ticket }) });
}

/** The first code from the new secret: answers the session and the recovery codes, shown once. */
export function useStaffEnrolConfirmMutation() {
  return useMutation({ mutationFn: (body: CallInput<typeof staffEnrolConfirm>) => adminCall(staffEnrolConfirm, body) });
}

/** Step 2 for an enrolled account: a TOTP code or a recovery code. */
export function useStaffVerifyMutation() {
  return useMutation({ mutationFn: (body: CallInput<typeof staffVerify>) => adminCall(staffVerify, body) });
}

/** Keeps the console session (token and who) for this tab. */
export function startStaffSession(session: StaffSessionWire): void {
  useAdminSession.getState().signIn(session.token, { id: session.staff.id, username: session.staff.username });
}

/** Who is signed in, with the session's end and how many recovery codes are left. */
export function useStaffMeQuery() {
  const token = useAdminSession((s) => s.token);
  return useQuery({ queryKey: adminAuthKeys.me, queryFn: () => adminCall(staffMe), enabled: Boolean(token), staleTime: 60_000 });
}

/** Ends the console session on the server, then forgets it here whatever the answer (and every cached console answer). */
export function useStaffLogoutMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => adminCall(staffLogout).catch(() => null),
    onSettled: () => {
      useAdminSession.getState().clear();
      qc.removeQueries({ queryKey: [ADMIN_KEY] });
    },
  });
}

/** A fresh set of recovery codes (the old ones stop working), confirmed with a current code. */
export function useStaffRecoveryCodesMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => adminCall(staffRecoveryCodes, { code }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: adminAuthKeys.me }),
  });
}
