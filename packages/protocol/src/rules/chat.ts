import { SUPPORT_ACCOUNT_ID } from '../limits.js';

/**
 * Spec section 5: a blank text message is refused in chat screens when the sender is not a woman
 * (gender 0), and always in the support chat. So women may send a blank text to another member;
 * everyone else, and everyone writing to support, may not.
 */
export function blankMessageAllowed(senderSex: number, peerId: number): boolean {
  return senderSex === 0 && peerId !== SUPPORT_ACCOUNT_ID;
}

export const isBlank = (text: string): boolean => text.trim().length === 0;

/** The unread badge never shows more than 99 (spec section 9). */
export function badgeCount(unread: number, cap = 99): number {
  return Math.max(0, Math.min(unread, cap));
}
