/**
 * Relative time of docs/product-rules.md §9: under 1 s "Just", then seconds, minutes, hours, then month and
 * day (with the year when it is not the current one). Answers parts, not text, so each interface
 * formats them in the member's language.
 */
export type RelativeTime =
  | { unit: 'just' }
  | { unit: 'seconds' | 'minutes' | 'hours'; value: number }
  | { unit: 'date'; month: number; day: number; year?: number };

export function relativeTime(thenMs: number, nowMs: number = Date.now()): RelativeTime {
  const diff = Math.max(0, nowMs - thenMs);
  if (diff < 1_000) return { unit: 'just' };
  if (diff < 60_000) return { unit: 'seconds', value: Math.floor(diff / 1_000) };
  if (diff < 3_600_000) return { unit: 'minutes', value: Math.floor(diff / 60_000) };
  if (diff < 86_400_000) return { unit: 'hours', value: Math.floor(diff / 3_600_000) };
  const then = new Date(thenMs);
  const now = new Date(nowMs);
  const date = { unit: 'date' as const, month: then.getMonth() + 1, day: then.getDate() };
  return then.getFullYear() === now.getFullYear() ? date : { ...date, year: then.getFullYear() };
}
