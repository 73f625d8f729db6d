import fs from 'node:fs';

/** A figure over several rounds: the median, with the lowest and highest beside it. */
export interface Spread {
  median: number;
  min: number;
  max: number;
}

/** The middle value (the mean of the middle two for an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The item whose `key` is the median (the lower middle for an even count): a whole round, not just its figure. */
export function medianBy<T>(items: T[], key: (item: T) => number): T {
  const sorted = [...items].sort((a, b) => key(a) - key(b));
  return sorted[(sorted.length - 1) >> 1]!;
}

export function spread(values: number[]): Spread {
  return { median: Math.round(median(values) * 100) / 100, min: Math.min(...values), max: Math.max(...values) };
}

export const show = (s: Spread, unit = '') => `${s.median}${unit} (${s.min}–${s.max})`;

/** User + system CPU seconds a process has used so far (Linux /proc; clock ticks of 1/100 s). */
export function cpuSecondsOf(pid: number): number {
  // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
