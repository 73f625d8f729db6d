import fs from 'node:fs';
import { parseArgs } from 'node:util';

/**
 * What the threads did while the socket bench's late messages waited. Reads the bench's
 * BENCH_LATE_LOG (send time and latency of every late message, ms on CLOCK_MONOTONIC) and
 * tools/off-cpu.bt's output taken meanwhile; groups the late messages into clusters (sends less
 * than GAP_MS apart) and, for the largest clusters, shows per thread how long it waited for a CPU
 * (runnable, not running) and how long it slept, within the cluster's span. A cluster where the
 * event loop and the writer mostly sleep is not the server's CPU; one where they wait runnable
 * beside other threads is a CPU shared by too many. Only the fixed-rate (open-loop) windows count:
 * at saturation nearly every message is late by design, unless --closed. See bench/JOURNAL.md, 2026-11-29 20:15.
 *   node --import tsx bench/tools/late-clusters.ts --late late.txt --off off-cpu.txt [--top 12] [--closed]
 */

const GAP_MS = 10;
/** Off-CPU episodes that began up to this long before a cluster's first send may still hold it. */
const LEAD_MS = 5;

interface Late {
  sentAt: number;
  latency: number;
}
interface OffCpu {
  start: number;
  tid: number;
  pid: number;
  preempted: boolean;
  off: number;
  runnable: number;
}

const { values } = parseArgs({ options: { late: { type: 'string' }, off: { type: 'string' }, top: { type: 'string', default: '12' }, closed: { type: 'boolean', default: false } } });
if (!values.late || !values.off) throw new Error('usage: late-clusters.ts --late <BENCH_LATE_LOG file> --off <off-cpu.bt output> [--top N] [--closed]');

const lines = (file: string) => fs.readFileSync(file, 'utf8').split('\n').filter((l) => l && !l.startsWith('#'));
/** The late log's lines, without those of saturation windows (unless --closed). */
function lateLines(file: string): string[] {
  let counted = true;
  return fs.readFileSync(file, 'utf8').split('\n').filter((l) => {
    if (l.startsWith('#')) counted = values.closed || !l.startsWith('# closed');
    return counted && l !== '' && !l.startsWith('#');
  });
}
const late: Late[] = lateLines(values.late)
  .map((l) => l.split(' ').map(Number))
  .filter(([sentAt, latency]) => Number.isFinite(sentAt) && Number.isFinite(latency))
  .map(([sentAt, latency]) => ({ sentAt: sentAt!, latency: latency! }))
  .sort((a, b) => a.sentAt - b.sentAt);
const episodes: OffCpu[] = lines(values.off)
  .map((l) => l.trim().split(/\s+/).map(Number))
  .filter((f) => f.length === 6 && f.every(Number.isFinite))
  .map(([start, tid, pid, state, off, runnable]) => ({ start: start! / 1000, tid: tid!, pid: pid!, preempted: state === 0, off: off! / 1000, runnable: runnable! / 1000 }));

const clusters: Late[][] = [];
for (const message of late) {
  const last = clusters.at(-1);
  if (last && message.sentAt - last.at(-1)!.sentAt < GAP_MS) last.push(message);
  else clusters.push([message]);
}

const threadName = (e: OffCpu) => (e.tid === e.pid ? `${e.pid} main` : `${e.pid}/${e.tid}`);
const ms = (n: number) => n.toFixed(0).padStart(4);

console.log(`${late.length} late messages in ${clusters.length} clusters; ${episodes.length} off-CPU episodes over 2 ms`);
const largest = [...clusters].sort((a, b) => b.length - a.length).slice(0, Number(values.top));
const total = new Map<string, { runnable: number; slept: number }>();
for (const cluster of largest) {
  const from = cluster[0]!.sentAt - LEAD_MS;
  // A saturation window's cluster can hold tens of thousands: no spread into Math.max.
  const to = cluster.reduce((end, m) => Math.max(end, m.sentAt + m.latency), 0);
  const byThread = new Map<string, { runnable: number; slept: number }>();
  for (const e of episodes) {
    const overlap = Math.min(e.start + e.off, to) - Math.max(e.start, from);
    if (overlap <= 0) continue;
    // The runnable part is the episode's end (from the wake-up, or all of it when preempted); the overlap's share of each.
    const share = overlap / e.off;
    const runnable = e.preempted ? e.off : Math.max(0, e.runnable);
    const t = byThread.get(threadName(e)) ?? { runnable: 0, slept: 0 };
    t.runnable += runnable * share;
    t.slept += (e.off - runnable) * share;
    byThread.set(threadName(e), t);
  }
  for (const [name, t] of byThread) {
    const sum = total.get(name) ?? { runnable: 0, slept: 0 };
    total.set(name, { runnable: sum.runnable + t.runnable, slept: sum.slept + t.slept });
  }
  const worst = [...byThread].sort((a, b) => b[1].runnable - a[1].runnable).slice(0, 8);
  console.log(`\n${cluster.length} late, up to ${cluster.reduce((m, x) => Math.max(m, x.latency), 0).toFixed(1)} ms, over ${(to - from).toFixed(0)} ms from ${from.toFixed(1)}:`);
  for (const [name, t] of worst) {
    if (t.runnable + t.slept >= 1) console.log(`  ${name.padEnd(14)} waited for a CPU ${ms(t.runnable)} ms, slept ${ms(t.slept)} ms`);
  }
}
console.log(`\nover these ${largest.length} clusters:`);
for (const [name, t] of [...total].sort((a, b) => b[1].runnable - a[1].runnable).slice(0, 12)) console.log(`  ${name.padEnd(14)} waited for a CPU ${ms(t.runnable)} ms, slept ${ms(t.slept)} ms`);
