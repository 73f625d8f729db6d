import type { ChangePwdBody, LoginBody, RegisterBody, ResetPasswordBody, UserWire } from '@kindred/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../state/session';
import { ApiError, call, callEnvelope } from './client';

/** Pending accounts (-3, or data.status 2) still sign in: they see the approval screen. */
export interface SignInResult {
  user: UserWire;
  pending: boolean;
}

async function signInCall(path: string, body: Record<string, string | number | undefined>): Promise<SignInResult> {
  const envelope = await callEnvelope<UserWire>(path, body);
  const pending = envelope.status === -3 || envelope.data?.status === 2;
  if ((envelope.status === 200 || envelope.status === -3) && envelope.data?.token) return { user: envelope.data, pending };
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
  useSignIn(({ remember: _r, ...body }: LoginBody & { remember?: boolean }) => signInCall('/member/index/login', body));

export type RegisterInput = Omit<RegisterBody, 'country'> & { country?: string; remember?: boolean };
export const useRegisterMutation = () =>
  useSignIn(({ remember: _r, ...body }: RegisterInput) => signInCall('/member/index/register', body));

export const useForgetMutation = () => useMutation({ mutationFn: (email: string) => call<null>('/member/index/forget', { email }) });

export const useResetPasswordMutation = () =>
  useMutation({ mutationFn: (body: ResetPasswordBody) => call<null>('/member/index/resetpassword', { ...body }) });

export const useChangePasswordMutation = () =>
  useMutation({ mutationFn: (body: ChangePwdBody) => call<null>('/member/index/changepwd', { ...body }) });

/** Ends the token on the server, then forgets everything locally even if the server was unreachable. */
export function useLogoutMutation() {
  const clear = useSession((s) => s.clear);
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call<null>('/member/index/logout').catch(() => null),
    onSettled: () => {
      clear();
      qc.clear();
    },
  });
}
