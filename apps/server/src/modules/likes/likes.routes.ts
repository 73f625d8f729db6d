import { iLikeList, likeToggle, loveMeList, mutualLikeList } from '@kindred/protocol';
import { ok } from '../../http/envelope.js';
import type { Router } from '../../http/router.js';
import { presentMemberPage } from '../members/members.presenter.js';
import type { LikeList, LikesService } from './likes.service.js';

const LISTS = [
  [iLikeList, 'i_like'],
  [loveMeList, 'love_me'],
  [mutualLikeList, 'mutual'],
] as const satisfies readonly (readonly [unknown, LikeList])[];

export function likesRoutes(router: Router, likes: LikesService) {
  router.handle(likeToggle, async ({ body, member }) => {
    const { liked, likecount } = await likes.toggle(member, body.target_id);
    return ok({ is_like: liked ? 1 : 0, likecount }, liked ? 'follow' : 'cancel follow');
  });

  for (const [call, list] of LISTS) {
    router.handle(call, async ({ body, member }) => ok(presentMemberPage(await likes.list(member, list, body.page), member)));
  }
}
