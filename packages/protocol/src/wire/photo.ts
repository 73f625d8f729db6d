import { z } from 'zod';
import { flag, int } from './scalars.js';

/** An album photo (docs/product-rules.md §3), with its owner's name and avatar. */
export const PhotoWire = z.object({
  pid: int(),
  img: z.string(),
  /** The owner's id. */
  mid: int(),
  avatar: z.string(),
  username: z.string(),
  /** Seconds. */
  create_time: int(),
});
export type PhotoWire = z.infer<typeof PhotoWire>;

/** A page of photos, newest first; same paging as trends. */
export const PhotoPageWire = z.object({
  data: z.array(PhotoWire),
  has_more: flag(),
  next_before: int(),
});
export type PhotoPageWire = z.infer<typeof PhotoPageWire>;
