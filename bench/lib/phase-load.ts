import fs from 'node:fs';
import os from 'node:os';
import { cpuSecondsOf } from './spread.js';

/**
 * The load a traffic phase of the socket bench ran under, so each latency figure comes with it: a
 * p99 measured with the server at 85 % of a core is queueing, not a slow path (2026-11-28: at half
 * its saturation our PostgreSQL node was at 80–92 % of a core, its group commits smaller than at
 * saturation, so each message cost more).
 */
export interface PhaseLoad {
  /** CPU time of the server's processes over the phase, in % of one core (several nodes: summed). */
  serverCpu: number;
  /** The whole machine's busy time over the phase, in % of all its cores. */
  machineCpu: number;
  /** Our server: chat transactions committed per second and messages per transaction (kindred_group_commit_batch_size). */
  commitsPerSecond?: number;
  meanBatch?: number;
}

/** What the phase's start is compared with at its end. */
export interface LoadMark {
  at: number;
  serverSeconds: number;
  machine: { busy: number; total: number };
  chat?: { sum: number; count: number };
}

/** A server's CPU seconds, or 0 once its process is gone (a node that stopped mid-phase adds nothing). */
function cpuSeconds(pid: number): number {
  try {
    return cpuSecondsOf(pid);
  } catch {
    return 0;
  }
}

function machineTicks(): { busy: number; total: number } {
  const [, ...values] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const n = values.map(Number);
  const total = n.reduce((a, b) => a + b, 0);
  // idle and iowait are the time no task ran.
  return { busy: total - (n[3] ?? 0) - (n[4] ?? 0), total };
}

/** The chat writer's group-commit batch count and item sum over a node's /metrics (loopback may read it). */
async function chatCommits(metricsUrls: string[]): Promise<{ sum: number; count: number } | undefined> {
  if (!metricsUrls.length) return undefined;
  let sum = 0;
  let count = 0;
  for (const url of metricsUrls) {
    const text = await fetch(url).then((r) => (r.ok ? r.text() : ''), () => '');
    const value = (name: string) => Number(new RegExp(`^${name}\\{writer="chat"\\} (\\S+)$`, 'm').exec(text)?.[1] ?? Number.NaN);
    sum += value('kindred_group_commit_batch_size_sum');
    count += value('kindred_group_commit_batch_size_count');
  }
  return Number.isFinite(sum) && Number.isFinite(count) ? { sum, count } : undefined;
}

export async function markLoad(pids: number[], metricsUrls: string[]): Promise<LoadMark> {
  const chat = await chatCommits(metricsUrls);
  return { at: performance.now(), serverSeconds: pids.reduce((s, pid) => s + cpuSeconds(pid), 0), machine: machineTicks(), chat };
}

export async function loadSince(mark: LoadMark, pids: number[], metricsUrls: string[]): Promise<PhaseLoad> {
  const end = await markLoad(pids, metricsUrls);
  const seconds = (end.at - mark.at) / 1000;
  const busy = end.machine.busy - mark.machine.busy;
  const total = end.machine.total - mark.machine.total;
  const load: PhaseLoad = {
    serverCpu: Math.round(((end.serverSeconds - mark.serverSeconds) / seconds) * 100),
    machineCpu: total > 0 ? Math.round((busy / total) * 100) : Number.NaN,
  };
  if (mark.chat && end.chat && end.chat.count > mark.chat.count) {
    const commits = end.chat.count - mark.chat.count;
    load.commitsPerSecond = Math.round(commits / seconds);
    load.meanBatch = Math.round(((end.chat.sum - mark.chat.sum) / commits) * 10) / 10;
  }
  return load;
}

/** `server 85 % of a core · machine 97 % of 2 cores · 610 commits/s of 7.9 messages`. */
export function showLoad(load: PhaseLoad | undefined): string {
  if (!load) return '';
  const commits = load.commitsPerSecond !== undefined ? ` · ${load.commitsPerSecond} commits/s of ${load.meanBatch} messages` : '';
  return `server ${load.serverCpu} % of a core · machine ${load.machineCpu} % of ${os.cpus().length} cores${commits}`;
}
