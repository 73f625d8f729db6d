import { ERRORS, OK, type LoginBody, type UserWire } from '@kindred/protocol';
import type { login, register } from '@kindred/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../state/session';
import { ApiError, callEnvelope, type CallBodyOf } from './client';

/** Pending accounts (-3, or data.status 2) still sign in: they see the approval screen. */
export interface SignInResult {
  user: UserWire;
  pending: boolean;
}

/** Both answer the member with a token, and status -3 (with the same data) for a pending account. */
type SignInCall = typeof login | typeof register;

/**
 * The definitions arrive with the first interaction with a sign-in form (`warmSignIn`), so the
 * page's first load carries no zod and a submit does not wait for them; a submit before that
 * loads them itself.
 */
let calls: Promise<typeof import('./sign-in-calls')> | null = null;
export function warmSignIn(): Promise<typeof import('./sign-in-calls')> {
  calls ??= import('./sign-in-calls').catch((error: unknown) => {
    calls = null;
    throw error;
  });
  return calls;
}

export async function signInCall<C extends SignInCall>(pick: (defs: Awaited<ReturnType<typeof warmSignIn>>) => C, body: CallBodyOf<C>): Promise<SignInResult> {
  let defs: Awaited<ReturnType<typeof warmSignIn>>;
  try {
    defs = await warmSignIn();
  } catch {
    throw new ApiError(0, undefined, 'network');
  }
  const envelope = await callEnvelope<SignInCall>(pick(defs), body);
  const pendingStatus = envelope.status === ERRORS.pending_approval.status;
  const pending = pendingStatus || (envelope.data ? defs.isPending(envelope.data) : false);
  if ((envelope.status === OK || pendingStatus) && envelope.data?.token) return { user: envelope.data, pending };
  const fields = (envelope.data as { fields?: Record<string, string> } | null)?.fields ?? {};
  throw new ApiError(envelope.status, envelope.error, envelope.msg, fields);
}

export function useSignIn<V extends { remember?: boolean }>(fn: (v: V) => Promise<SignInResult>) {
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
  useSignIn(({ remember: _r, ...body }: LoginBody & { remember?: boolean }) => signInCall((defs) => defs.login, body));
