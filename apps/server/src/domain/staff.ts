/**
 * The caller of a staff call (access 'staff'): an administrator in a console session, which only
 * the two-step sign-in opens (modules/admin/admin-auth.service.ts). Member sessions never yield one.
 */
export interface Staff {
  id: number;
  username: string;
  email: string;
  avatar: string;
  /** admin_sessions.id */
  sessionId: number;
  /** When the session ends at the latest (ms). */
  expiresAt: number;
  /** The client address of this request (audit rows record it). */
  address: string;
}
