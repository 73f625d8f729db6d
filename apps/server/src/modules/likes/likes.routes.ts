import { LikeToggleBody, MemberPageBody, type LikeToggleWire } from '@kindred/protocol';
import { ok } from '../../http/envelope.js';
import type { Router } from '../../http/router.js';
import { presentMemberPage } from '../members/members.presenter.js';
import type { LikeList, LikesService } from './likes.service.js';

const LISTS: Record<string, LikeList> = {
  '/member/like/i_like': 'i_like',
  '/member/like/love_me': 'love_me',
  '/member/like/mutual_like': 'mutual',
};

export function likesRoutes(router: Router, likes: LikesService) {
  router.post('/member/like/like', { body: LikeToggleBody }, async ({ body, member }) => {
    const { liked, likecount } = await likes.toggle(member, body.target_id);
    return ok<LikeToggleWire>({ is_like: liked ? 1 : 0, likecount }, liked ? 'follow' : 'cancel follow');
  });

  for (const [path, list] of Object.entries(LISTS)) {
    router.post(path, { body: MemberPageBody }, async ({ body, member }) => ok(presentMemberPage(await likes.list(member, list, body.page), member)));
  }
}
