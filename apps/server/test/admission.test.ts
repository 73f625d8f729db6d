import { UserStatus, type PermissionFlag } from '@kindred/protocol';
import { describe, expect, it } from 'vitest';
import { admit } from '../src/domain/admission.js';
import type { Member } from '../src/domain/member.js';
import { SOCKET_ADMISSION } from '../src/realtime/socket-admission.js';

/** A member as the session check answers it; only what admission looks at matters. */
const caller = (overrides: Partial<Member> = {}): Member =>
  ({ id: 7, username: 'ann', sex: 0, role: 'member', status: UserStatus.active, vip: 0, sessionId: 1, user: {} as Member['user'], ...overrides }) as Member;

/** A permission check that grants `granted` only, and records what it was asked. */
function grants(...granted: PermissionFlag[]) {
  const asked: PermissionFlag[] = [];
  const can = async (_member: Member, flag: PermissionFlag) => (asked.push(flag), granted.includes(flag));
  return { can, asked };
}

const refusal = (promise: Promise<unknown>) => promise.then(() => 'admitted', (error: { id?: string }) => error.id);

describe('admit: the one admission check of HTTP calls and the socket', () => {
  it('lets anyone make a public call, answering the caller or null, without asking anything', async () => {
    const { can, asked } = grants();
    expect(await admit(null, { access: 'public' }, can)).toBeNull();
    const pending = caller({ status: UserStatus.pending });
    expect(await admit(pending, { access: 'public', permission: 'Search_users' }, can)).toBe(pending);
    expect(asked).toEqual([]);
  });

  it('refuses a call without a caller first: unauthorized', async () => {
    expect(await refusal(admit(null, { access: 'member', permission: 'Search_users' }, grants().can))).toBe('unauthorized');
  });

  it('refuses a pending account before looking at its permissions, unless the call allows pending accounts', async () => {
    const { can, asked } = grants();
    const pending = caller({ status: UserStatus.pending });
    expect(await refusal(admit(pending, { access: 'member', permission: 'Search_users' }, can))).toBe('pending_approval');
    expect(asked).toEqual([]);
    expect(await admit(pending, { allowPending: true }, can)).toBe(pending);
  });

  it('never admits a member (an administrator neither) to a staff call: those take console sessions only', async () => {
    const { can, asked } = grants('Search_users');
    expect(await refusal(admit(caller(), { access: 'staff' }, can))).toBe('unauthorized');
    expect(await refusal(admit(caller({ role: 'admin' }), { access: 'staff' }, can))).toBe('unauthorized');
    expect(asked).toEqual([]);
  });

  it('asks for the permission flag last', async () => {
    const { can, asked } = grants('Read_mails');
    expect(await refusal(admit(caller(), { permission: 'Search_users' }, can))).toBe('no_permission');
    expect(await admit(caller(), { permission: 'Read_mails' }, can)).toMatchObject({ id: 7 });
    expect(asked).toEqual(['Search_users', 'Read_mails']);
  });

  it('holds a socket to the same rules as a member call: a caller, not pending', async () => {
    const { can } = grants();
    expect(await refusal(admit(null, SOCKET_ADMISSION, can))).toBe('unauthorized');
    expect(await refusal(admit(caller({ status: UserStatus.pending }), SOCKET_ADMISSION, can))).toBe('pending_approval');
    expect(await admit(caller({ role: 'support' }), SOCKET_ADMISSION, can)).toMatchObject({ role: 'support' });
  });
});
