import { UserStatus } from '@kindred/protocol';
import { describe, expect, it } from 'vitest';
import { newUserRow } from '../src/modules/users/new-user-row.js';
import { buildUser } from './helpers/factories.js';
import { useSharedApp } from './helpers/test-app.js';

const app = useSharedApp();
const facts = { username: 'AnnLee', email: 'ann@example.test', passwordHash: 'h', sex: 0, birthday: 0, country: 'SG', now: 1_700_000_000_000 };

describe('the new-user row (registration, demo seed, test factories and bench seeds share it)', () => {
  it('starts an account as an active, visible free member with every time at registration', () => {
    const row = newUserRow(facts);
    expect(row).toMatchObject({ username: 'AnnLee', username_key: 'annlee', role: 'member', status: UserStatus.active, vip: 0, is_yin: 1, is_auth: 0, invited_by: null });
    expect([row.last_login_at, row.last_active_at, row.created_at, row.updated_at]).toEqual(Array(4).fill(facts.now));
    expect(row.invitation_code).toMatch(/^[A-Z2-9]{8}$/);
  });

  it('takes overrides for what differs, and draws a fresh invitation code each time', () => {
    expect(newUserRow(facts, { status: UserStatus.pending, vip: 2 })).toMatchObject({ status: UserStatus.pending, vip: 2, username_key: 'annlee' });
    expect(newUserRow(facts).invitation_code).not.toBe(newUserRow(facts).invitation_code);
  });

  it('is what the test factory stores', async () => {
    const ctx = app();
    const { user } = await buildUser(ctx, { country: 'JP' });
    expect(user).toMatchObject({ role: 'member', status: UserStatus.active, vip: 0, is_yin: 1, country: 'JP', username_key: user.username.toLowerCase() });
  });
});
