import type { UserRow } from '../db/schema.js';

/**
 * The member's row as a socket keeps it for its life: one object literal (every field in the
 * object itself; rows from better-sqlite3 come in V8's dictionary mode, about 1.6 KB each, and a
 * spread of 31 fields still spills into a separate property array), without the strings the live
 * connection never reads (password hash, e-mail, invitation, sign-up address, ban reason, profile
 * text) nor the dates it never reads (each a boxed number), which would otherwise be kept once per
 * idle socket. Handlers read identity, level and its expiries, visibility, username and avatar;
 * HTTP calls read the member afresh. Country, language and role are few: one string each is shared.
 */
export function socketCopy(user: UserRow): UserRow {
  return {
    id: user.id,
    username: user.username,
    username_key: '',
    email: '',
    password_hash: '',
    role: interned(user.role),
    sex: user.sex,
    birthday: 0,
    country: interned(user.country),
    avatar: user.avatar,
    signature: '',
    lang: interned(user.lang),
    vip: user.vip,
    vip1_until: user.vip1_until,
    vip2_until: user.vip2_until,
    credits: user.credits,
    invitation_code: '',
    invited_by: user.invited_by,
    laid: '',
    status: user.status,
    is_yin: user.is_yin,
    is_auth: user.is_auth,
    free_chats_used: user.free_chats_used,
    last_login_at: 0,
    last_active_at: 0,
    shown_active_at: 0,
    created_at: 0,
    updated_at: 0,
    suspended_until: user.suspended_until,
    banned_at: user.banned_at,
    ban_reason: '',
  };
}

const internedStrings = new Map<string, string>();
/** The one copy of a short, low-cardinality string (bounded: an unexpected variety is kept as it came). */
function interned<T extends string>(value: T): T {
  const known = internedStrings.get(value);
  if (known !== undefined) return known as T;
  if (internedStrings.size < 1_000) internedStrings.set(value, value);
  return value;
}
