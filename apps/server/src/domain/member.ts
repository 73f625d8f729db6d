import { effectiveVip, type PermissionFlag } from '@kindred/protocol';
import type { UserRow } from '../db/schema.js';

/**
 * The signed-in caller: the user row as of this request, the level in force and the session. HTTP
 * calls and the live connection both work with it (admission.ts decides what it may call).
 */
export interface Member {
  id: number;
  username: string;
  sex: number;
  role: UserRow['role'];
  status: number;
  vip: 0 | 1 | 2;
  sessionId: number;
  user: UserRow;
}

/**
 * Activity (a session's last_seen_at, a member's last_active_at) is written at most this often: a
 * write per request or per socket would cost more than it tells. Leaving (the last socket closing)
 * is always stamped.
 */
export const ACTIVITY_STAMP_EVERY_MS = 60_000;

/** The member of a live session, with the level in force at `now` (expiries are stored in ms). */
export function toMember(user: UserRow, sessionId: number, now: number): Member {
  return {
    id: user.id,
    username: user.username,
    sex: user.sex,
    role: user.role,
    status: user.status,
    vip: levelAt(user, now),
    sessionId,
    user,
  };
}

/** The level in force at `now` from the member's stored expiries (ms). */
export function levelAt(user: Pick<UserRow, 'vip' | 'vip1_until' | 'vip2_until'>, now: number): 0 | 1 | 2 {
  return effectiveVip({ vip: user.vip, overduedate_1: Math.floor(user.vip1_until / 1000), overduedate_2: Math.floor(user.vip2_until / 1000) }, Math.floor(now / 1000));
}

/**
 * Whether a member has a permission flag (PermissionsService.can: staff always, members by level);
 * at once when the permission matrix is cached (canNow), else once it has been read.
 */
export type Can = (member: Member, flag: PermissionFlag) => boolean | Promise<boolean>;
