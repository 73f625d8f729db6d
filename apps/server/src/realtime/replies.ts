import { ERROR_MESSAGES, ERRORS, KIND, type ServerMessage } from '@kindred/protocol';
import { DomainError } from '../errors.js';

/** What the refused message was about, echoed in the refusal. */
export interface RefusalContext {
  opt: number;
  req?: string;
  uid?: number;
  client_id?: string;
}

/**
 * A failure as the socket answers it: no free chat is kind 7, upgrade needed kind 8 (the spec's
 * clients react to those two), anything else kind 10 with the same error ids as the HTTP calls.
 * An unexpected error says nothing about itself (it is logged by the caller).
 */
export function refusal(error: unknown, context: RefusalContext): ServerMessage {
  const base = {
    status: 'error' as const,
    opt: context.opt,
    ...(context.req !== undefined ? { req: context.req } : {}),
    ...(context.uid !== undefined ? { uid: context.uid } : {}),
    ...(context.client_id !== undefined ? { client_id: context.client_id } : {}),
  };
  if (!(error instanceof DomainError)) return { kind: KIND.error, ...base, error: 'internal', msg: ERROR_MESSAGES.internal };
  if (error.id === 'no_free_chat') return { kind: KIND.noFreeChat, ...base, error: 'no_free_chat', msg: error.message };
  if (error.id === 'need_upgrade') return { kind: KIND.needUpgrade, ...base, error: 'need_upgrade', msg: error.message };
  const fields = (error.data as { fields?: Record<string, string> } | null)?.fields;
  return { kind: KIND.error, ...base, error: error.id, msg: error.message, ...(fields ? { fields } : {}) };
}

/** CHAT_RATE_LIMIT: the member's frames this minute, over every socket and node. */
export const tooManyMessages = () => new DomainError('rate_limited', 'Too many messages, please wait a moment');

/** SOCKET_MAX_PER_MEMBER / SOCKET_MAX_PER_ADDRESS. */
export const tooManySockets = () => new DomainError('rate_limited', 'Too many open connections: close another window and try again');

export const isExpected = (error: unknown): boolean => error instanceof DomainError && error.id in ERRORS && error.id !== 'internal';
