import { z } from 'zod';
import { BlockedPageWire, BlockStateWire } from '../wire/block.js';
import { defineCall } from './define.js';
import { id, pageNumber } from './fields.js';

/**
 * Blocking (an addition; docs/product-rules.md, "Blocking"). A block hides the two members from each
 * other everywhere (lists, search, profiles, photos, trends, chat lists, presence) and refuses every
 * contact between them in both directions: chat (socket errors `member_blocked` / `blocked_by_member`),
 * mail, likes. Blocking also ends the likes between them, both ways.
 */
export const BlockBody = z.object({ userid: id() });
export type BlockBody = z.infer<typeof BlockBody>;

export const BlockListBody = z.object({ page: pageNumber() });
export type BlockListBody = z.infer<typeof BlockListBody>;

/** Blocks `userid` (already blocked: the same answer). Self: `cannot_block_self`; no such member: `user_not_found`. */
export const blockAdd = defineCall({ path: '/member/block/add', body: BlockBody, answer: BlockStateWire, access: 'member' });
/** Lifts the block (not blocked: the same answer). Likes ended by the block stay ended. */
export const blockRemove = defineCall({ path: '/member/block/remove', body: BlockBody, answer: BlockStateWire, access: 'member' });
/** The members the caller blocked, newest block first. */
export const blockList = defineCall({ path: '/member/block/list', body: BlockListBody, answer: BlockedPageWire, access: 'member' });
