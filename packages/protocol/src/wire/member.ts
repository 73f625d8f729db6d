import { z } from 'zod';
import { flag, int } from './scalars.js';

/**
 * A member as another member sees them (the member card of docs/product-rules.md §3 plus the profile extras).
 * `is_online` is already what this viewer may see: for non-female viewers a member in invisible
 * mode answers 0 (docs/product-rules.md §4), so clients can show it as is (isShownOnline agrees).
 * `last_login_time` (seconds) is the last time the member was active; it is 0 unless the viewer may
 * see it (showsLastActive: female viewers, members not shown online).
 */
export const MemberCardWire = z.object({
  id: int(),
  avatar: z.string(),
  username: z.string(),
  /** Level in force (0 free, 1 silver, 2 gold). */
  vip: int(),
  sex: int(),
  /** Milliseconds. */
  birthday: int(),
  is_online: flag(),
  is_yin: flag(),
  /** 1 when the viewer likes (follows) this member. */
  is_like: flag(),
  country: z.string(),
  signature: z.string(),
  is_auth: flag(),
  last_login_time: int(),
});
export type MemberCardWire = z.infer<typeof MemberCardWire>;

/** One page of a member list: data.data, data.user.vip and data.last_page are the spec's. */
export const MemberPageWire = z.object({
  data: z.array(MemberCardWire),
  /** The viewer's own level in force: the client offers "more" or the upgrade page with it. */
  user: z.object({ vip: int() }),
  page: int(),
  last_page: int(),
  total: int(),
});
export type MemberPageWire = z.infer<typeof MemberPageWire>;

export const BackPhotoWire = z.object({
  id: int(),
  img: z.string(),
});
export type BackPhotoWire = z.infer<typeof BackPhotoWire>;

/** /member/index/userdetail. */
export const MemberDetailWire = MemberCardWire.extend({
  /** How many members like this one. */
  likecount: int(),
  /** Newest first (at most LIMITS.backphotosShown). */
  backphotos: z.array(BackPhotoWire),
  /** How many trends this member has. */
  newfeedcount: int(),
});
export type MemberDetailWire = z.infer<typeof MemberDetailWire>;

/** /member/like/like: the state after the toggle; msg is 'follow' or 'cancel follow'. */
export const LikeToggleWire = z.object({
  is_like: flag(),
  likecount: int(),
});
export type LikeToggleWire = z.infer<typeof LikeToggleWire>;

/** What /member/backphoto/released and /deletephoto answer: the member's backgrounds afterwards. */
export const BackPhotosWire = z.object({
  backphotos: z.array(BackPhotoWire),
});
export type BackPhotosWire = z.infer<typeof BackPhotosWire>;
