import type { UserWire } from '@kindred/protocol';

/** A signed-in member as the server answers it. */
export function buildUser(overrides: Partial<UserWire> = {}): UserWire {
  return {
    id: 10,
    username: 'alice',
    avatar: '/uploads/avatar/old.png',
    sex: 2,
    gender: 1,
    birthday: Date.UTC(1990, 4, 1),
    email: 'alice@example.com',
    country: 'US',
    vip: 0,
    signature: '',
    amount: 0,
    invitation_code: 'ABCD',
    newfeedcount: 0,
    overduedate_1: 0,
    overduedate_2: 0,
    status: 1,
    is_yin: 0,
    is_online: 1,
    is_auth: 0,
    last_login_time: 0,
    lang: 'en',
    role: 'member',
    ...overrides,
  };
}
