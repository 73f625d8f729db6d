import { SUPPORT_ACCOUNT_ID, UserStatus } from '../limits.js';
import { hasPermission, type Authority, type PermissionFlag } from '../permissions.js';
import { RESTRICTED_ADDRESSES, type ChatAddress } from '../socket/codes.js';

/**
 * The access rules the product rules state in several places (docs/product-rules.md §4 and §6), each
 * named once. The server enforces them (its admission check and services ask these functions);
 * the web mirrors some to decide what to show, never to decide what is allowed.
 */

interface Account {
  role: string;
}
interface Leveled extends Account {
  /** The membership level in force (effectiveVip). */
  vip: number;
}

/** An account awaiting an administrator's approval: it may only call what allows pending accounts. */
export function isPending(account: { status: number }): boolean {
  return account.status === UserStatus.pending;
}

/** Staff (support, administrators) act for the site: no level, flag or quota holds them back. */
export function isStaff(account: Account): boolean {
  return account.role !== 'member';
}

/** A permission flag as it applies to this account: staff have every one, members their level's. */
export function holdsPermission(account: Leveled, authority: Authority | undefined, flag: PermissionFlag): boolean {
  return isStaff(account) || hasPermission(authority, account.vip, flag);
}

/** Free members (vip 0) see the first page of a member list only; paid levels and staff page on. */
export function maySeeMemberPage(viewer: Leveled, page: number): boolean {
  return page <= 1 || viewer.vip > 0 || isStaff(viewer);
}

/**
 * Level rules (chat and mail permissions, free chats, the vip 0 limits) do not apply to what is
 * addressed to the support account, nor to anything staff do.
 */
export function exemptFromLevelRules(sender: Account, peerId: number): boolean {
  return peerId === SUPPORT_ACCOUNT_ID || isStaff(sender);
}

/** Free members (vip 0) may not open a chat from the chat list or a trend, unless exempt. */
export function mayOpenChatFrom(member: Leveled, peerId: number, address: ChatAddress): boolean {
  return exemptFromLevelRules(member, peerId) || member.vip > 0 || !RESTRICTED_ADDRESSES.includes(address);
}

/** Whom one may chat with or mail: the support account, or an active member (never pending, disabled or an administrator). */
export function isReachable(account: Account & { status: number }): boolean {
  return account.role === 'support' || (account.role === 'member' && account.status === UserStatus.active);
}

/** Mail: staff read every mail; a member needs a paid level and Read_mails (vip 0 reads support's only). */
export function readsEveryMail(reader: Leveled, hasReadMails: boolean): boolean {
  return isStaff(reader) || (reader.vip > 0 && hasReadMails);
}

/** A chat message or mail from support always opens; anyone else's needs the reader to read them all. */
export function opensMessageFrom(senderId: number, readsAll: boolean): boolean {
  return readsAll || senderId === SUPPORT_ACCOUNT_ID;
}
