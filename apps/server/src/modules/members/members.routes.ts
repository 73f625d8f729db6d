import { memberDetail, memberList, memberWall, newOppositeSexList, onlineList, oppositeSexSearch, recommendList } from '@kindred/protocol';
import { ok } from '../../http/envelope.js';
import type { Router } from '../../http/router.js';
import { presentMemberDetail, presentMemberPage } from './members.presenter.js';
import type { MembersService } from './members.service.js';

export function membersRoutes(router: Router, members: MembersService) {
  router.handle(memberList, async ({ body, member }) => ok(presentMemberPage(await members.list(member, body), member)));

  router.handle(onlineList, async ({ body, member }) => ok(presentMemberPage(await members.online(member, body.page), member)));

  router.handle(newOppositeSexList, async ({ body, member }) => ok(presentMemberPage(await members.newOppositeSex(member, body.page), member)));

  router.handle(memberWall, async ({ member }) => ok(presentMemberPage(await members.wall(member), member)));

  router.handle(oppositeSexSearch, async ({ body, member }) => ok(presentMemberPage(await members.searchOppositeSex(member, body), member)));

  /** Not in the spec's table: the Recommend tab's list, ranked (see MembersRepository.recommend). */
  router.handle(recommendList, async ({ body, member }) => ok(presentMemberPage(await members.recommend(member, body.page), member)));

  router.handle(memberDetail, async ({ body, member }) => ok(presentMemberDetail(await members.detail(member, body.id), member)));
}
