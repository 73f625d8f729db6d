import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { TrendPageWire, TrendWire } from '../wire/trend.js';
import { defineCall } from './define.js';
import { id, pageNumber, text } from './fields.js';

/**
 * Feeds are newest first. Pass `before` (the `next_before` of the previous answer) for the next
 * page: it stays correct while new trends arrive. `page` is accepted too, for clients that count.
 */
export const TrendListBody = z.object({
  before: id().optional(),
  page: pageNumber(),
});
export type TrendListBody = z.infer<typeof TrendListBody>;

export const HisTrendBody = TrendListBody.extend({ userid: id() });
export type HisTrendBody = z.infer<typeof HisTrendBody>;

/** Text and/or an image (a path /member/index/uploads answered); the service refuses both empty. */
export const ReleaseTrendBody = z.object({
  content: text(LIMITS.trendContentMax).default(''),
  img: text(300).default(''),
});
export type ReleaseTrendBody = z.infer<typeof ReleaseTrendBody>;

export const DeleteTrendBody = z.object({ id: id() });
export type DeleteTrendBody = z.infer<typeof DeleteTrendBody>;

export const trendFeed = defineCall({ path: '/member/trend/trend', body: TrendListBody, answer: TrendPageWire, access: 'member' });
export const hisTrends = defineCall({ path: '/member/trend/his_trend', body: HisTrendBody, answer: TrendPageWire, access: 'member' });
export const myTrends = defineCall({ path: '/member/trend/my_trend', body: TrendListBody, answer: TrendPageWire, access: 'member' });
export const trendRelease = defineCall({
  path: '/member/trend/released',
  body: ReleaseTrendBody,
  answer: TrendWire,
  access: 'member',
  permission: 'Allows_newsfeed_to_be_sent',
});
export const trendDelete = defineCall({ path: '/member/trend/del', body: DeleteTrendBody, answer: z.null(), access: 'member' });
