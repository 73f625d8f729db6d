import { ApiError } from './client';

/**
 * Retry a failed query once, but only when the server gave no answer (network, 5xx): an answer
 * such as need_upgrade, user_not_found or no_permission will not change by asking again.
 */
export function retryUnanswered(failureCount: number, error: unknown): boolean {
  if (failureCount >= 1) return false;
  return !(error instanceof ApiError) || error.status === 0 || error.status >= 500;
}
