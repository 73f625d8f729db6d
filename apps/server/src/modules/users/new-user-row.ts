import { UserStatus } from '@kindred/protocol';
import type { NewUser } from '../../db/schema.js';
import { randomCode } from '../../infra/tokens.js';

/** What only the new member can say; everything else has a default a new account starts with. */
export interface NewUserFacts {
  username: string;
  email: string;
  /** Already hashed (PasswordHasher); '' for an account nobody can sign in to. */
  passwordHash: string;
  sex: number;
  /** ms since the epoch. */
  birthday: number;
  country: string;
  /** Registration time: the sign-in, activity and row times start here. */
  now: number;
}

/**
 * The users row of a new account: an active free member (vip 0) who is visible, with a fresh
 * invitation code and every time at `now`. Registration, the demo seed, the test factories and the
 * benchmarks' seeds all start from it and override what differs (status, level, times...).
 */
export function newUserRow({ username, email, passwordHash, sex, birthday, country, now }: NewUserFacts, overrides: Partial<NewUser> = {}): NewUser {
  return {
    username,
    username_key: username.toLowerCase(),
    email,
    password_hash: passwordHash,
    role: 'member',
    sex,
    birthday,
    country,
    avatar: '',
    signature: '',
    lang: 'en',
    vip: 0,
    vip1_until: 0,
    vip2_until: 0,
    invitation_code: randomCode(8),
    invited_by: null,
    laid: '',
    status: UserStatus.active,
    is_yin: 1,
    is_auth: 0,
    last_login_at: now,
    last_active_at: now,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
}
