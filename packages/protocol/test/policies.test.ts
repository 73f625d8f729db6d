import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PERMISSIONS,
  exemptFromLevelRules,
  holdsPermission,
  isPending,
  isReachable,
  isStaff,
  levelAuthority,
  mayOpenChatFrom,
  maySeeMemberPage,
  opensMessageFrom,
  readsEveryMail,
  SUPPORT_ACCOUNT_ID,
  UserStatus,
  type Authority,
} from '../src/index.js';

const member = (vip: number) => ({ role: 'member', vip });
const admin = { role: 'admin', vip: 0 };
const support = { role: 'support', vip: 0 };
const OTHER = 40;
const authority: Authority = { vip0: levelAuthority(DEFAULT_PERMISSIONS[0]), vip1: levelAuthority(DEFAULT_PERMISSIONS[1]), vip2: levelAuthority(DEFAULT_PERMISSIONS[2]) };

describe('pending accounts (docs/product-rules.md §4: status 2 waits for approval)', () => {
  it('are the accounts with status 2 only', () => {
    expect(isPending({ status: UserStatus.pending })).toBe(true);
    expect(isPending({ status: UserStatus.active })).toBe(false);
    expect(isPending({ status: UserStatus.disabled })).toBe(false);
  });
});

describe('staff exemptions', () => {
  it('count support and administrators as staff, members never', () => {
    expect(isStaff(admin)).toBe(true);
    expect(isStaff(support)).toBe(true);
    expect(isStaff(member(2))).toBe(false);
  });

  it('give staff every permission flag whatever their level; members hold their level’s', () => {
    expect(holdsPermission(admin, authority, 'Search_users')).toBe(true);
    expect(holdsPermission(support, undefined, 'Read_mails')).toBe(true);
    expect(holdsPermission(member(0), authority, 'Search_users')).toBe(false);
    expect(holdsPermission(member(1), authority, 'Search_users')).toBe(true);
    expect(holdsPermission(member(2), undefined, 'Search_users')).toBe(false);
  });

  it('lift the level rules for staff and for anything addressed to the support account', () => {
    expect(exemptFromLevelRules(admin, OTHER)).toBe(true);
    expect(exemptFromLevelRules(member(0), SUPPORT_ACCOUNT_ID)).toBe(true);
    expect(exemptFromLevelRules(member(2), OTHER)).toBe(false);
  });
});

describe('vip 0 sees the first page of member lists only', () => {
  it('lets every level see page 1', () => {
    for (const vip of [0, 1, 2]) expect(maySeeMemberPage(member(vip), 1)).toBe(true);
  });

  it('keeps free members off page 2 and later, not paid levels or staff', () => {
    expect(maySeeMemberPage(member(0), 2)).toBe(false);
    expect(maySeeMemberPage(member(0), 9)).toBe(false);
    expect(maySeeMemberPage(member(1), 2)).toBe(true);
    expect(maySeeMemberPage(admin, 5)).toBe(true);
  });
});

describe('vip 0 chats', () => {
  it('refuse a free member a chat opened from the chat list or a trend', () => {
    expect(mayOpenChatFrom(member(0), OTHER, 'list')).toBe(false);
    expect(mayOpenChatFrom(member(0), OTHER, 'trend')).toBe(false);
  });

  it('allow it from a profile or member card, to paid levels, to staff, and always with support', () => {
    expect(mayOpenChatFrom(member(0), OTHER, 'profile')).toBe(true);
    expect(mayOpenChatFrom(member(0), OTHER, 'member')).toBe(true);
    expect(mayOpenChatFrom(member(1), OTHER, 'list')).toBe(true);
    expect(mayOpenChatFrom(admin, OTHER, 'trend')).toBe(true);
    expect(mayOpenChatFrom(member(0), SUPPORT_ACCOUNT_ID, 'list')).toBe(true);
  });

  it('reach the support account and active members only', () => {
    expect(isReachable({ role: 'support', status: UserStatus.active })).toBe(true);
    expect(isReachable({ role: 'member', status: UserStatus.active })).toBe(true);
    expect(isReachable({ role: 'member', status: UserStatus.pending })).toBe(false);
    expect(isReachable({ role: 'member', status: UserStatus.disabled })).toBe(false);
    expect(isReachable({ role: 'admin', status: UserStatus.active })).toBe(false);
  });
});

describe('vip 0 mails', () => {
  it('open every mail to staff, and to paid members with Read_mails', () => {
    expect(readsEveryMail(admin, false)).toBe(true);
    expect(readsEveryMail(member(1), true)).toBe(true);
    expect(readsEveryMail(member(1), false)).toBe(false);
  });

  it('open a free member only the support account’s mails, even with Read_mails in the matrix', () => {
    expect(readsEveryMail(member(0), true)).toBe(false);
    expect(opensMessageFrom(SUPPORT_ACCOUNT_ID, false)).toBe(true);
    expect(opensMessageFrom(OTHER, false)).toBe(false);
    expect(opensMessageFrom(OTHER, true)).toBe(true);
  });
});
