import { isPending, type Access, type PermissionFlag } from '@kindred/protocol';
import { fail } from '../errors.js';
import type { Can, Member } from './member.js';
import type { Staff } from './staff.js';

/** What a call (or the live connection) asks of its caller; a protocol call definition is one. */
export interface Admission {
  /** Who may call (protocol's Access); default 'member'. */
  access?: Access;
  /** Pending accounts may make only the calls that allow them (their own info, sign-out). */
  allowPending?: boolean;
  permission?: PermissionFlag;
}

/**
 * The one admission check of HTTP calls and the live connection, in this order: a caller (else
 * unauthorized; staff calls never take a member), not pending unless allowed (pending_approval),
 * then the permission flag (no_permission). Answers the member (null only for a public call without
 * one) or throws the domain error the caller answers with.
 */
export function admit(member: Member | null, rule: Admission & { access?: 'member' }, can: Can): Promise<Member>;
export function admit(member: Member | null, rule: Admission, can: Can): Promise<Member | null>;
export async function admit(member: Member | null, { access = 'member', allowPending = false, permission }: Admission, can: Can): Promise<Member | null> {
  if (access === 'public') return member;
  // Staff calls are admitted by admitStaff on a console session; a member is never staff here.
  if (!member || access === 'staff') throw fail('unauthorized');
  if (isPending(member) && !allowPending) throw fail('pending_approval');
  if (permission && !(await can(member, permission))) throw fail('no_permission');
  return member;
}

/**
 * Staff calls: a console session (two-step sign-in, admin_sessions) or nothing. A member token, an
 * administrator's from the member sign-in included, never resolves to one, so it answers 401.
 */
export function admitStaff(staff: Staff | null): Staff {
  if (!staff) throw fail('unauthorized');
  return staff;
}
