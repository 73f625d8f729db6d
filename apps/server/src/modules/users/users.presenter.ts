import { activeWithinWindow, effectiveVip, type ServiceAccountWire, type UserWire } from '@kindred/protocol';
import type { UserRow } from '../../db/schema.js';

const seconds = (ms: number) => Math.floor(ms / 1000);

export function isOnline(user: Pick<UserRow, 'last_active_at'>, now: number): boolean {
  return activeWithinWindow(user.last_active_at, now);
}

/** The signed-in member's own record: the only presenter that shows e-mail, balance and codes. */
export function presentSelf(user: UserRow, extra: { newfeedcount: number; token?: string; now?: number }): UserWire {
  const now = extra.now ?? Date.now();
  const expiries = { overduedate_1: seconds(user.vip1_until), overduedate_2: seconds(user.vip2_until) };
  return {
    ...(extra.token ? { token: extra.token } : {}),
    id: user.id,
    username: user.username,
    avatar: user.avatar,
    sex: user.sex,
    gender: user.sex,
    birthday: user.birthday,
    email: user.email,
    country: user.country,
    vip: effectiveVip({ vip: user.vip, ...expiries }, seconds(now)),
    signature: user.signature,
    amount: user.credits / 100,
    invitation_code: user.invitation_code,
    newfeedcount: extra.newfeedcount,
    ...expiries,
    status: user.status,
    is_yin: user.is_yin,
    is_online: isOnline(user, now) ? 1 : 0,
    is_auth: user.is_auth,
    last_login_time: seconds(user.last_login_at),
    lang: user.lang,
    role: user.role,
  };
}

export function presentServiceAccount(user: UserRow): ServiceAccountWire {
  return { id: user.id, username: user.username, avatar: user.avatar };
}
