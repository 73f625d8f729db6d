import { Sex } from '../limits.js';

/**
 * Spec section 4: female viewers see a member online whenever is_online is 1; everyone else only
 * when the member is also visible (is_yin 1). Invisible mode is a privilege women use on men.
 */
export function isShownOnline(viewerSex: number, member: { is_online: number; is_yin: number }): boolean {
  if (viewerSex === Sex.female) return member.is_online === 1;
  return member.is_online === 1 && member.is_yin === 1;
}

/** Last-active time shows only to female viewers, and only for members they don't see online. */
export function showsLastActive(viewerSex: number, member: { is_online: number; is_yin: number }): boolean {
  return viewerSex === Sex.female && !isShownOnline(viewerSex, member);
}
