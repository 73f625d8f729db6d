import { Sex } from '../limits.js';

/**
 * A member counts as online while last active within this window (live presence refines it for
 * chat). The presenters and the member lists' SQL filters judge it by this one constant.
 */
export const ONLINE_WINDOW_MS = 5 * 60_000;

/** Active within the window, strictly: exactly ONLINE_WINDOW_MS ago is no longer online. */
export function activeWithinWindow(lastActiveAt: number, now: number): boolean {
  return now - lastActiveAt < ONLINE_WINDOW_MS;
}

/** The same rule as a bound for a query: online members were last active after this instant. */
export function onlineCutoff(now: number): number {
  return now - ONLINE_WINDOW_MS;
}

/**
 * docs/product-rules.md §4: female viewers see a member online whenever is_online is 1; everyone else only
 * when the member is also visible (is_yin 1). Invisible mode is a privilege women use on men.
 */
export function isShownOnline(viewerSex: number, member: { is_online: number; is_yin: number }): boolean {
  if (seesThroughInvisible(viewerSex)) return member.is_online === 1;
  return member.is_online === 1 && member.is_yin === 1;
}

/**
 * Who sees an invisible member as she is (docs/product-rules.md §4: female viewers). Everyone else must learn
 * nothing of her activity while she is invisible: not her online state, and no order, count or time
 * that moves when she is active (the server lists them by her last *visible* activity).
 */
export function seesThroughInvisible(viewerSex: number): boolean {
  return viewerSex === Sex.female;
}

/** Last-active time shows only to female viewers, and only for members they don't see online. */
export function showsLastActive(viewerSex: number, member: { is_online: number; is_yin: number }): boolean {
  return viewerSex === Sex.female && !isShownOnline(viewerSex, member);
}
