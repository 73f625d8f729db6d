import {
  logout,
  passwordChange,
  passwordForget,
  passwordReset,
  type ChangePwdBody,
  type RegisterBody,
  type ResetPasswordBody,
} from '@kindred/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../state/session';
import { call } from './client';
import { signInCall, useSignIn } from './sign-in';

export { useLoginMutation, type SignInResult } from './sign-in';

export type RegisterInput = Omit<RegisterBody, 'country'> & { country?: string; remember?: boolean };
export const useRegisterMutation = () =>
  useSignIn(({ remember: _r, ...body }: RegisterInput) => signInCall((defs) => defs.register, body));

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
