import { z } from 'zod';

/** The 21 permission flags of docs/product-rules.md §6, in the spec's order and spelling. */
export const PERMISSION_FLAGS = [
  'Allow_profile_wall_posts',
  'Search_users',
  'View_profiles',
  'Auth_message',
  'Allow_comments_on_newsfeed',
  'Dynamic_unrestricted',
  'Allows_newsfeed_to_be_sent',
  'Upload_photo',
  'View_photo',
  'Comment_photo',
  'Add_video',
  'View_video',
  'Comment_video',
  'Start_mail_dialog',
  'Continue_mail_dialog',
  'Read_chat_messages',
  'Send_chat_messages_for_free',
  'Start_chat_dialog',
  'Read_mails',
  'Continue_chat_dialog',
  'Free_use_of_the_translation_function',
] as const;

export type PermissionFlag = (typeof PERMISSION_FLAGS)[number];
export type VipLevel = 0 | 1 | 2;
export const VIP_LEVELS: readonly VipLevel[] = [0, 1, 2];

/** One level's flags as the wire carries them (initdata's `authority`): flag -> 1 allowed, 0 not. */
export const LevelAuthority = z.record(z.enum(PERMISSION_FLAGS), z.union([z.literal(0), z.literal(1)]));
export type LevelAuthority = z.infer<typeof LevelAuthority>;
export const Authority = z.object({ vip0: LevelAuthority, vip1: LevelAuthority, vip2: LevelAuthority });
export type Authority = z.infer<typeof Authority>;

/**
 * The seeded default matrix (an administrator can change it later). Free members can take part
 * (profile, newsfeed, photos, starting chats within the free quota) but cannot search, read mail
 * other than support's, or chat without limit; silver lifts those limits; gold adds free translation.
 */
const FREE: readonly PermissionFlag[] = [
  'Allow_profile_wall_posts',
  'View_profiles',
  'Allow_comments_on_newsfeed',
  'Allows_newsfeed_to_be_sent',
  'Upload_photo',
  'View_photo',
  'Comment_photo',
  'View_video',
  'Start_mail_dialog',
  'Read_chat_messages',
  'Start_chat_dialog',
  'Continue_chat_dialog',
];
const SILVER_EXTRA: readonly PermissionFlag[] = [
  'Search_users',
  'Auth_message',
  'Dynamic_unrestricted',
  'Add_video',
  'Comment_video',
  'Continue_mail_dialog',
  'Send_chat_messages_for_free',
  'Read_mails',
];
export const DEFAULT_PERMISSIONS: Record<VipLevel, readonly PermissionFlag[]> = {
  0: FREE,
  1: [...FREE, ...SILVER_EXTRA],
  2: PERMISSION_FLAGS,
};

export function levelAuthority(allowed: Iterable<PermissionFlag>): LevelAuthority {
  const set = new Set(allowed);
  return Object.fromEntries(PERMISSION_FLAGS.map((f) => [f, set.has(f) ? 1 : 0])) as LevelAuthority;
}

export function hasPermission(authority: Authority | undefined, vip: number, flag: PermissionFlag): boolean {
  if (!authority) return false;
  const level = authority[`vip${clampVip(vip)}` as keyof Authority];
  return level?.[flag] === 1;
}

export function clampVip(vip: number): VipLevel {
  return vip >= 2 ? 2 : vip >= 1 ? 1 : 0;
}
