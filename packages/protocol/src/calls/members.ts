import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { MemberDetailWire, MemberPageWire } from '../wire/member.js';
import { defineCall } from './define.js';
import { boundedString, id, int, pageNumber, requiredText, text } from './fields.js';
import { HOME_CALL_PATHS } from './home-paths.js';

/**
 * Member lists (docs/product-rules.md §3, §7). Filter scheme of /member/index/userlist:
 *
 * - `type` names the list, one at a time (default `all`):
 *     all        every active member, most recently active first
 *     online     active within the online window; non-female viewers see only visible (is_yin 1) ones
 *     invisible  members in invisible mode (is_yin 0)
 *     offline    everyone not shown online to this viewer
 *     auth       identity verified (is_auth 1)
 *     vip        membership level: `vip` 1 or 2 picks one level, no `vip` means any paid level
 *     latest     newest registrations first
 *     i_like     members the viewer likes ("my likes"), most recent like first
 *     love_me    members who like the viewer ("liked me"), most recent like first
 *     mutual     both ways, most recent like by the viewer first
 * - `vip` (0, 1 or 2) narrows any list to that membership level in force (0 = free members).
 * - `username` (trimmed, at most 12) narrows any list to usernames starting with it, in any case;
 *   a list narrowed by username is in username order. It needs the Search_users permission.
 * - `page` starts at 1; a page holds LIMITS.memberPageSize members. Free members (vip 0) get page 1
 *   only: asking for more answers status -5 "Need to upgrade~" with data { redirect: 'upgrade' }.
 */
export const MEMBER_LIST_TYPES = ['all', 'online', 'invisible', 'offline', 'auth', 'vip', 'latest', 'i_like', 'love_me', 'mutual'] as const;
export type MemberListType = (typeof MEMBER_LIST_TYPES)[number];

const listType = boundedString(16, { caseFold: true })
  .transform((s) => s || 'all')
  .pipe(z.enum(MEMBER_LIST_TYPES));

export const UserListBody = z.object({
  page: pageNumber(),
  type: listType.default('all'),
  vip: int(0, 2).optional(),
  username: text(LIMITS.usernameMax).default(''),
});
export type UserListBody = z.infer<typeof UserListBody>;

/** onlinelist, new_opposite_sex, recommend and the like lists take a page only. */
export const MemberPageBody = z.object({ page: pageNumber() });
export type MemberPageBody = z.infer<typeof MemberPageBody>;

/** Desktop search: the trimmed username must not be empty (docs/product-rules.md §5). */
export const SearchOppositeSexBody = z.object({
  username: requiredText(LIMITS.usernameMax),
  page: pageNumber(),
});
export type SearchOppositeSexBody = z.infer<typeof SearchOppositeSexBody>;

export const UserDetailBody = z.object({ id: id() });
export type UserDetailBody = z.infer<typeof UserDetailBody>;

/** Every member list answers a page of cards; free members get page 1 only (-5 after it). */
export const memberList = defineCall({ path: '/member/index/userlist', body: UserListBody, answer: MemberPageWire, access: 'member' });
export const onlineList = defineCall({ path: '/member/index/onlinelist', body: MemberPageBody, answer: MemberPageWire, access: 'member' });
export const newOppositeSexList = defineCall({ path: HOME_CALL_PATHS.newOppositeSex, body: MemberPageBody, answer: MemberPageWire, access: 'member' });
/** The desktop home's wall: one page of LIMITS.memberWallSize whatever page is asked. */
export const memberWall = defineCall({ path: HOME_CALL_PATHS.memberWall, body: MemberPageBody, answer: MemberPageWire, access: 'member' });
export const oppositeSexSearch = defineCall({
  path: '/member/index/search_opposite_sex',
  body: SearchOppositeSexBody,
  answer: MemberPageWire,
  access: 'member',
  permission: 'Search_users',
});
/** Not in the spec's table: the Recommend tab's list, ranked. */
export const recommendList = defineCall({ path: HOME_CALL_PATHS.recommend, body: MemberPageBody, answer: MemberPageWire, access: 'member' });
export const memberDetail = defineCall({ path: '/member/index/userdetail', body: UserDetailBody, answer: MemberDetailWire, access: 'member', permission: 'View_profiles' });
