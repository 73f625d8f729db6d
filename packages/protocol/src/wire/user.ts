import { z } from 'zod';
import { Authority } from '../permissions.js';
import { int } from './scalars.js';

/** The member as docs/product-rules.md §3 names it. Times: birthday in ms, expiries and last login in s. */
export const UserWire = z.object({
  /** Only in the answers of sign-in and registration. */
  token: z.string().optional(),
  id: int(),
  username: z.string(),
  avatar: z.string(),
  sex: int(),
  gender: int(),
  birthday: int(),
  email: z.string(),
  country: z.string(),
  vip: int(),
  signature: z.string(),
  /** Credits with two decimals, as a number. */
  amount: z.number(),
  invitation_code: z.string(),
  newfeedcount: int(),
  overduedate_1: int(),
  overduedate_2: int(),
  status: int(),
  is_yin: int(),
  is_online: int(),
  is_auth: int(),
  last_login_time: int(),
  lang: z.string(),
  role: z.enum(['member', 'support', 'admin']),
});
export type UserWire = z.infer<typeof UserWire>;

export const ServiceAccountWire = z.object({
  id: int(),
  username: z.string(),
  avatar: z.string(),
});
export type ServiceAccountWire = z.infer<typeof ServiceAccountWire>;

/** /member/index/initdata: the permission matrix and the support account. */
export const InitDataWire = z.object({
  authority: Authority,
  service: ServiceAccountWire,
});
export type InitDataWire = z.infer<typeof InitDataWire>;

/** /member/index/uploads: the path later calls take as `img` or `avatar`. */
export const UploadWire = z.object({ url: z.string() });
export type UploadWire = z.infer<typeof UploadWire>;

/** /member/index/uploadImg: the spec reads "data path", so the answer names the avatar both ways. */
export const AvatarUploadWire = UploadWire.extend({ path: z.string() });
export type AvatarUploadWire = z.infer<typeof AvatarUploadWire>;

/** An account waiting for approval, as the administrator's list shows it (create_time in seconds). */
export const PendingUserWire = z.object({
  id: int(),
  username: z.string(),
  email: z.string(),
  sex: int(),
  birthday: int(),
  country: z.string(),
  create_time: int(),
});
export type PendingUserWire = z.infer<typeof PendingUserWire>;
