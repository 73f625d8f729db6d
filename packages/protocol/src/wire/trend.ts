import { z } from 'zod';
import { flag, int } from './scalars.js';

/** A newsfeed item (docs/product-rules.md §3). Types: 0 joined, 1 text/image post, 2 avatar changed, 3 edited profile. */
export const TrendWire = z.object({
  id: int(),
  /** The author's id. */
  mid: int(),
  username: z.string(),
  avatar: z.string(),
  vip: int(),
  sex: int(),
  birthday: int(),
  type: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
  content: z.string(),
  img: z.string(),
  /** 1 when the viewer wrote it (and may delete it). */
  mine: flag(),
  /** Seconds. */
  create_time: int(),
});
export type TrendWire = z.infer<typeof TrendWire>;

/** A page of trends, newest first. Ask for the next one with before = next_before while has_more is 1. */
export const TrendPageWire = z.object({
  data: z.array(TrendWire),
  has_more: flag(),
  /** The id to send as `before` for the next page; 0 when there is none. */
  next_before: int(),
});
export type TrendPageWire = z.infer<typeof TrendPageWire>;
