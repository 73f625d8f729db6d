export const isBlank = (text: string): boolean => text.trim().length === 0;

/**
 * docs/product-rules.md §5, read as it is meant (issue 13): a blank text message is refused, from
 * anyone to anyone, support included. The gender clause there is about a different input, never a
 * licence to store an empty bubble in two histories. Both clients and the server ask this one rule;
 * images are not text and are checked on their own.
 */
export function chatTextAccepted(text: string): boolean {
  return !isBlank(text);
}

/** The unread badge never shows more than 99 (docs/product-rules.md §9). */
export function badgeCount(unread: number, cap = 99): number {
  return Math.max(0, Math.min(unread, cap));
}
