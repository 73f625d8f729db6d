import { z } from 'zod';
import { flag, int } from './scalars.js';

/** One member on the blocker's "blocked members" screen. */
export const BlockedMemberWire = z.object({
  id: int(),
  username: z.string(),
  avatar: z.string(),
  sex: int(),
  /** When the block was made, milliseconds. */
  blocked_at: int(),
});
export type BlockedMemberWire = z.infer<typeof BlockedMemberWire>;

/** /member/block/list: newest block first, paged like the member lists. */
export const BlockedPageWire = z.object({
  data: z.array(BlockedMemberWire),
  page: int(),
  last_page: int(),
  total: int(),
});
export type BlockedPageWire = z.infer<typeof BlockedPageWire>;

/** /member/block/add and /remove: the state afterwards (both are idempotent). */
export const BlockStateWire = z.object({
  userid: int(),
  blocked: flag(),
});
export type BlockStateWire = z.infer<typeof BlockStateWire>;
