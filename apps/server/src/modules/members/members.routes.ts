import { MemberPageBody, SearchOppositeSexBody, UserDetailBody, UserListBody } from '@kindred/protocol';
import { ok } from '../../http/envelope.js';
import type { Router } from '../../http/router.js';
import { presentMemberDetail, presentMemberPage } from './members.presenter.js';
import type { MembersService } from './members.service.js';

export function membersRoutes(router: Router, members: MembersService) {
  router.post('/member/index/userlist', { body: UserListBody }, async ({ body, member }) => ok(presentMemberPage(await members.list(member, body), member)));

  router.post('/member/index/onlinelist', { body: MemberPageBody }, async ({ body, member }) =>
    ok(presentMemberPage(await members.online(member, body.page), member)),
  );

  router.post('/member/index/new_opposite_sex', { body: MemberPageBody }, async ({ body, member }) =>
    ok(presentMemberPage(await members.newOppositeSex(member, body.page), member)),
  );

  router.post('/member/index/memberwall', { body: MemberPageBody }, async ({ member }) => ok(presentMemberPage(await members.wall(member), member)));

  router.post('/member/index/search_opposite_sex', { body: SearchOppositeSexBody, permission: 'Search_users' }, async ({ body, member }) =>
    ok(presentMemberPage(await members.searchOppositeSex(member, body), member)),
  );

  /** Not in the spec's table: the Recommend tab's list, ranked (see MembersRepository.recommend). */
  router.post('/member/index/recommend', { body: MemberPageBody }, async ({ body, member }) =>
    ok(presentMemberPage(await members.recommend(member, body.page), member)),
  );

  router.post('/member/index/userdetail', { body: UserDetailBody, permission: 'View_profiles' }, async ({ body, member }) =>
    ok(presentMemberDetail(await members.detail(member, body.id), member)),
  );
}
