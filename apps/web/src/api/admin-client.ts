import type { QueryClient } from '@tanstack/react-query';
import { callerWith } from './client';
import { useAdminSession } from '../state/admin-session';

/**
 * Posts an administrator's call with the console's own token. A 401 (session over, ended by
 * another staff member, or a forged token) clears it; the console's guard then shows the sign-in.
 */
export const adminCall = callerWith({
  get: () => useAdminSession.getState().token,
  expired: () => useAdminSession.getState().clear({ expired: true }),
});

/** Every console query key starts with this: signing out drops them all at once. */
export const ADMIN_KEY = 'admin' as const;

/** After a staff action: what it changed refetches, and so does the audit log that recorded it. */
export function refreshAfterAction(qc: QueryClient, ...resources: string[]): void {
  for (const resource of [...resources, 'audit']) void qc.invalidateQueries({ queryKey: [ADMIN_KEY, resource] });
}
