import type { UserRow } from '../db/schema.js';

/**
 * The member's row as a socket keeps it for its life: only what the live connection reads, in the
 * object itself (rows from better-sqlite3 come in V8's dictionary mode, about 1.6 KB each). The
 * strings it never reads (password hash, e-mail, invitation, sign-up address, ban reason, profile
 * text) and the dates it never reads are not copied: they read as blank ('' or 0) from the
 * prototype, shared by every socket, which keeps 13 of the row's 31 fields (~100 bytes) out of
 * each of them. Handlers read identity, level and its expiries, visibility, username and avatar;
 * HTTP calls read the member afresh. Country, language and role are few: one string each is shared.
 * Only what a property read gives is a row's: a spread or JSON of it has the kept fields alone.
 */
class SocketUser implements UserRow {
  readonly id: number;
  readonly username: string;
  readonly role: UserRow['role'];
  readonly sex: number;
  readonly country: string;
  readonly avatar: string;
  readonly lang: string;
  readonly vip: number;
  readonly vip1_until: number;
  readonly vip2_until: number;
  readonly credits: number;
  readonly invited_by: number | null;
  readonly status: number;
  readonly is_yin: number;
  readonly is_auth: number;
  readonly free_chats_used: number;
  readonly suspended_until: number;
  readonly banned_at: number;
  declare readonly username_key: string;
  declare readonly email: string;
  declare readonly password_hash: string;
  declare readonly birthday: number;
  declare readonly signature: string;
  declare readonly invitation_code: string;
  declare readonly laid: string;
  declare readonly last_login_at: number;
  declare readonly last_active_at: number;
  declare readonly shown_active_at: number;
  declare readonly created_at: number;
  declare readonly updated_at: number;
  declare readonly ban_reason: string;

  constructor(user: UserRow) {
    this.id = user.id;
    this.username = user.username;
    this.role = interned(user.role);
    this.sex = user.sex;
    this.country = interned(user.country);
    this.avatar = user.avatar;
    this.lang = interned(user.lang);
    this.vip = user.vip;
    this.vip1_until = user.vip1_until;
    this.vip2_until = user.vip2_until;
    this.credits = user.credits;
    this.invited_by = user.invited_by;
    this.status = user.status;
    this.is_yin = user.is_yin;
    this.is_auth = user.is_auth;
    this.free_chats_used = user.free_chats_used;
    this.suspended_until = user.suspended_until;
    this.banned_at = user.banned_at;
  }
}

type Unread = 'username_key' | 'email' | 'password_hash' | 'birthday' | 'signature' | 'invitation_code' | 'laid' | 'last_login_at' | 'last_active_at' | 'shown_active_at' | 'created_at' | 'updated_at' | 'ban_reason';
const BLANK: Pick<UserRow, Unread> = {
  username_key: '',
  email: '',
  password_hash: '',
  birthday: 0,
  signature: '',
  invitation_code: '',
  laid: '',
  last_login_at: 0,
  last_active_at: 0,
  shown_active_at: 0,
  created_at: 0,
  updated_at: 0,
  ban_reason: '',
};
Object.assign(SocketUser.prototype, BLANK);

export function socketCopy(user: UserRow): UserRow {
  return new SocketUser(user);
}

const internedStrings = new Map<string, string>();
/** The one copy of a short, low-cardinality string (bounded: an unexpected variety is kept as it came). */
function interned<T extends string>(value: T): T {
  const known = internedStrings.get(value);
  if (known !== undefined) return known as T;
  if (internedStrings.size < 1_000) internedStrings.set(value, value);
  return value;
}
