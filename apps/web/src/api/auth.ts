import {
  ERRORS,
  isPending,
  login,
  logout,
  OK,
  passwordChange,
  passwordForget,
  passwordReset,
  register,
  type ChangePwdBody,
  type LoginBody,
  type RegisterBody,
  type ResetPasswordBody,
  type UserWire,
} from '@kindred/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../state/session';
import { ApiError, call, callEnvelope, type CallBodyOf } from './client';

/** Pending accounts (-3, or data.status 2) still sign in: they see the approval screen. */
export interface SignInResult {
  user: UserWire;
  pending: boolean;
}

/** Both answer the member with a token, and status -3 (with the same data) for a pending account. */
type SignInCall = typeof login | typeof register;

async function signInCall<C extends SignInCall>(definition: C, body: CallBodyOf<C>): Promise<SignInResult> {
  const envelope = await callEnvelope<SignInCall>(definition, body);
  const pendingStatus = envelope.status === ERRORS.pending_approval.status;
  const pending = pendingStatus || (envelope.data ? isPending(envelope.data) : false);
  if ((envelope.status === OK || pendingStatus) && envelope.data?.token) return { user: envelope.data, pending };
  const fields = (envelope.data as { fields?: Record<string, string> } | null)?.fields ?? {};
  throw new ApiError(envelope.status, envelope.error, envelope.msg, fields);
}

function useSignIn<V extends { remember?: boolean }>(fn: (v: V) => Promise<SignInResult>) {
  const signIn = useSession((s) => s.signIn);
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: ({ user }, variables) => {
      qc.clear();
      signIn(user, { remember: variables.remember ?? true });
    },
  });
}

/** `remember: false` (desktop's unchecked "remember me") keeps the session for this tab only. */
export const useLoginMutation = () =>
  useSignIn(({ remember: _r, ...body }: LoginBody & { remember?: boolean }) => signInCall(login, body));

export type RegisterInput = Omit<RegisterBody, 'country'> & { country?: string; remember?: boolean };
export const useRegisterMutation = () =>
  useSignIn(({ remember: _r, ...body }: RegisterInput) => signInCall(register, body));

/** `altcha`: the proof-of-work solution (api/antispam.ts), when the server asks for one. */
export const useForgetMutation = () => useMutation({ mutationFn: (body: { email: string; altcha?: string }) => call(passwordForget, body) });

export const useResetPasswordMutation = () =>
  useMutation({ mutationFn: (body: ResetPasswordBody) => call(passwordReset, body) });

export const useChangePasswordMutation = () =>
  useMutation({ mutationFn: (body: ChangePwdBody) => call(passwordChange, body) });

/** Ends the token on the server, then forgets everything locally even if the server was unreachable. */
export function useLogoutMutation() {
  const clear = useSession((s) => s.clear);
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call(logout).catch(() => null),
    onSettled: () => {
      clear();
      qc.clear();
    },
  });
}
