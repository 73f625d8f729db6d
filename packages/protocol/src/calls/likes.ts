import { z } from 'zod';
import { LikeToggleWire, MemberPageWire } from '../wire/member.js';
import { defineCall } from './define.js';
import { id } from './fields.js';
import { MemberPageBody } from './members.js';

/** Toggles: likes the target when not yet liked, else takes the like back. */
export const LikeToggleBody = z.object({ target_id: id() });
export type LikeToggleBody = z.infer<typeof LikeToggleBody>;

export const likeToggle = defineCall({ path: '/member/like/like', body: LikeToggleBody, answer: LikeToggleWire, access: 'member' });

/** The like lists (docs/product-rules.md §7), paged like every member list: my likes, who likes me, both ways. */
export const iLikeList = defineCall({ path: '/member/like/i_like', body: MemberPageBody, answer: MemberPageWire, access: 'member' });
export const loveMeList = defineCall({ path: '/member/like/love_me', body: MemberPageBody, answer: MemberPageWire, access: 'member' });
export const mutualLikeList = defineCall({ path: '/member/like/mutual_like', body: MemberPageBody, answer: MemberPageWire, access: 'member' });
