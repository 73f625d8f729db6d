import { DeleteTrendBody, HisTrendBody, ReleaseTrendBody, TrendListBody } from '@kindred/protocol';
import { ok } from '../../http/envelope.js';
import type { Router } from '../../http/router.js';
import { presentTrend, presentTrendPage } from './trends.presenter.js';
import type { TrendsService } from './trends.service.js';

export function trendsRoutes(router: Router, trends: TrendsService, now: () => number) {
  router.post('/member/trend/trend', { body: TrendListBody }, async ({ body, member }) => ok(presentTrendPage(await trends.feed(member, body), member.id)));

  router.post('/member/trend/his_trend', { body: HisTrendBody }, async ({ body, member }) =>
    ok(presentTrendPage(await trends.ofMember(member, body.userid, body), member.id)),
  );

  router.post('/member/trend/my_trend', { body: TrendListBody }, async ({ body, member }) => ok(presentTrendPage(await trends.mine(member, body), member.id)));

  router.post('/member/trend/released', { body: ReleaseTrendBody, permission: 'Allows_newsfeed_to_be_sent' }, async ({ body, member }) =>
    ok(presentTrend(await trends.release(member, body), member.id, now()), 'Send success'),
  );

  router.post('/member/trend/del', { body: DeleteTrendBody }, async ({ body, member }) => {
    await trends.delete(member, body.id);
    return ok(null, 'Deleted');
  });
}
