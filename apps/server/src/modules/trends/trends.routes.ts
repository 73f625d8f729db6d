import { hisTrends, myTrends, trendDelete, trendFeed, trendRelease } from '@kindred/protocol';
import { ok } from '../../http/envelope.js';
import type { Router } from '../../http/router.js';
import { presentTrend, presentTrendPage } from './trends.presenter.js';
import type { TrendsService } from './trends.service.js';

export function trendsRoutes(router: Router, trends: TrendsService, now: () => number) {
  router.handle(trendFeed, async ({ body, member }) => ok(presentTrendPage(await trends.feed(member, body), member.id)));

  router.handle(hisTrends, async ({ body, member }) => ok(presentTrendPage(await trends.ofMember(member, body.userid, body), member.id)));

  router.handle(myTrends, async ({ body, member }) => ok(presentTrendPage(await trends.mine(member, body), member.id)));

  router.handle(trendRelease, async ({ body, member }) => ok(presentTrend(await trends.release(member, body), member.id, now()), 'Send success'));

  router.handle(trendDelete, async ({ body, member }) => {
    await trends.delete(member, body.id);
    return ok(null, 'Deleted');
  });
}
