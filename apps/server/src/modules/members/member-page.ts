import { LIMITS, maySeeMemberPage } from '@kindred/protocol';
import type { Member } from '../../domain/member.js';
import { upgradeForMoreMembers } from '../../errors.js';
import type { MemberQuery } from './member-filters.js';
import type { MemberRow, MembersRepository } from './members.repository.js';

/** A page of members as of `at` (the instant "online" was judged). */
export interface MemberPage {
  rows: MemberRow[];
  page: number;
  lastPage: number;
  total: number;
  viewerVip: number;
  at: number;
}

export const MEMBER_PAGE_SIZE = LIMITS.memberPageSize;

/** docs/product-rules.md §6: free members get the first page of a member list only (maySeeMemberPage). */
export function assertMayPage(viewer: Member, page: number): void {
  if (!maySeeMemberPage(viewer, page)) throw upgradeForMoreMembers();
}

/** The page's answer around its rows: which page, how many pages, and the viewer's level. */
export function pageOf(viewer: Member, rows: MemberRow[], page: number, total: number, at: number): MemberPage {
  return { rows, page, total, lastPage: Math.max(1, Math.ceil(total / MEMBER_PAGE_SIZE)), viewerVip: viewer.vip, at };
}

/** One page of a member list with its count: every member list (members, likes) reads its pages here. */
export async function memberPage(members: Pick<MembersRepository, 'list' | 'count'>, viewer: Member, q: MemberQuery, page: number): Promise<MemberPage> {
  assertMayPage(viewer, page);
  const slice = { offset: (page - 1) * MEMBER_PAGE_SIZE, limit: MEMBER_PAGE_SIZE };
  const [rows, total] = await Promise.all([members.list(q, slice), members.count(q)]);
  return pageOf(viewer, rows, page, total, q.now);
}
