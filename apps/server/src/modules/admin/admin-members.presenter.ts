import { effectiveVip, UserStatus, type AdminMemberDetailWire, type AdminMemberWire, type AdminSessionWire, type LedgerEntryWire, type MemberStanding, type ReportPartyWire } from '@kindred/protocol';
import type { SessionRow, UserRow } from '../../db/schema.js';
import { isOnline } from '../users/users.presenter.js';
import type { LedgerRow, MemberCounts } from './admin-members.repository.js';

const seconds = (ms: number | null | undefined) => Math.floor(Number(ms ?? 0) / 1000);

export function standingOf(user: Pick<UserRow, 'status' | 'banned_at'>): MemberStanding {
  switch (user.status) {
    case UserStatus.pending:
      return 'pending';
    case UserStatus.disabled:
      return 'disabled';
    case UserStatus.suspended:
      return Number(user.banned_at) > 0 ? 'banned' : 'suspended';
    default:
      return 'active';
  }
}

export function presentAdminMember(user: UserRow, now: number): AdminMemberWire {
  const expiries = { overduedate_1: seconds(user.vip1_until), overduedate_2: seconds(user.vip2_until) };
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    avatar: user.avatar,
    sex: user.sex,
    country: user.country,
    role: user.role,
    status: user.status,
    standing: standingOf(user),
    vip: effectiveVip({ vip: user.vip, ...expiries }, seconds(now)),
    ...expiries,
    credits: Number(user.credits),
    is_auth: user.is_auth ? 1 : 0,
    suspended_until: standingOf(user) === 'suspended' ? seconds(user.suspended_until) : 0,
    banned_time: seconds(user.banned_at),
    ban_reason: user.ban_reason,
    create_time: seconds(user.created_at),
    last_login_time: seconds(user.last_login_at),
  };
}

export function presentAdminMemberDetail(user: UserRow, counts: MemberCounts, now: number): AdminMemberDetailWire {
  return {
    ...presentAdminMember(user, now),
    birthday: user.birthday,
    signature: user.signature,
    lang: user.lang,
    invitation_code: user.invitation_code,
    invited_by: user.invited_by,
    is_yin: user.is_yin ? 1 : 0,
    is_online: isOnline(user, now) ? 1 : 0,
    ...counts,
  };
}

export function presentParty(user: UserRow | undefined, id: number): ReportPartyWire {
  if (!user) return { id, username: '', email: '', avatar: '', standing: 'disabled', suspended_until: 0 };
  const standing = standingOf(user);
  return { id: user.id, username: user.username, email: user.email, avatar: user.avatar, standing, suspended_until: standing === 'suspended' ? seconds(user.suspended_until) : 0 };
}

export const presentSession = (s: SessionRow): AdminSessionWire => ({
  id: s.id,
  terminal: s.terminal,
  user_agent: s.user_agent,
  create_time: seconds(s.created_at),
  last_seen_time: seconds(s.last_seen_at),
  expires_time: seconds(s.expires_at),
});

export const presentLedger = (l: LedgerRow): LedgerEntryWire => ({
  id: l.id,
  delta: Number(l.delta),
  balance_after: Number(l.balance_after),
  reason: l.reason,
  ref_type: l.ref_type,
  ref_id: l.ref_id,
  create_time: seconds(l.created_at),
});
