import fs from 'node:fs';

/** A figure over several rounds: the median, with the lowest and highest beside it. */
export interface Spread {
  median: number;
  min: number;
  max: number;
}

export function spread(values: number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { median: Math.round(median * 100) / 100, min: sorted[0]!, max: sorted.at(-1)! };
}

export const show = (s: Spread, unit = '') => `${s.median}${unit} (${s.min}–${s.max})`;

/** User + system CPU seconds a process has used so far (Linux /proc; clock ticks of 1/100 s). */
export function cpuSecondsOf(pid: number): number {
  // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
