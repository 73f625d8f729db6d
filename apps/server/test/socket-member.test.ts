import { describe, expect, it } from 'vitest';
import type { UserRow } from '../src/db/schema.js';
import { socketCopy } from '../src/realtime/socket-member.js';

const row: UserRow = {
  id: 42,
  username: 'Ada',
  username_key: 'ada',
  email: 'ada@example.com',
  password_hash: 'scrypt$secret',
  role: 'member',
  sex: 1,
  birthday: 1,
  country: 'GB',
  avatar: 'avatar/42/a.png',
  signature: 'hello',
  lang: 'en',
  vip: 2,
  vip1_until: 1_900_000_000_000,
  vip2_until: 1_900_000_000_001,
  credits: 1234,
  invitation_code: 'ABC',
  invited_by: 7,
  laid: '10.0.0.1',
  status: 1,
  is_yin: 1,
  is_auth: 1,
  free_chats_used: 2,
  last_login_at: 5,
  last_active_at: 6,
  shown_active_at: 6,
  created_at: 3,
  updated_at: 4,
  suspended_until: 0,
  banned_at: 0,
  ban_reason: 'none',
};

describe('the member row a socket keeps', () => {
  it('holds what the live connection reads, and no secret, address or profile text, which read blank', () => {
    const copy = socketCopy(row);
    const kept = ['id', 'username', 'role', 'sex', 'country', 'avatar', 'lang', 'vip', 'vip1_until', 'vip2_until', 'credits', 'invited_by', 'status', 'is_yin', 'is_auth', 'free_chats_used', 'suspended_until', 'banned_at'] as const;

    expect(Object.keys(copy).sort()).toEqual([...kept].sort());
    for (const key of kept) expect(copy[key]).toBe(row[key]);
    expect(JSON.stringify(copy)).not.toMatch(/secret|example\.com|10\.0\.0\.1|hello/);
    expect([copy.email, copy.password_hash, copy.laid, copy.signature, copy.ban_reason, copy.invitation_code, copy.username_key]).toEqual(['', '', '', '', '', '', '']);
    expect([copy.birthday, copy.last_active_at, copy.shown_active_at, copy.created_at]).toEqual([0, 0, 0, 0]);
    // A copy of a copy (a level re-derived on the socket) is the same.
    expect({ ...socketCopy(copy) }).toEqual({ ...copy });
  });
});
