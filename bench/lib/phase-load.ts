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
  /**
   * Of the time the server's threads (several nodes: all of them) were ready to run, the share they
   * waited for a CPU (Linux schedstat): a p99 many times the floor's with this near a third is the
   * cores' queue, not a slow path (2026-11-29: ~25 % on the event loop at half our saturation).
   */
  serverCpuWait?: number;
  /** The same for the bench's own process: a delivery it reads late is timed late. */
  benchCpuWait?: number;
  /** What the server's processes wrote to storage over the phase, KB a second (a database in another process writes nothing here). */
  storageKbPerSecond?: number;
  /**
   * Of the messages committed over the phase, the share (%) that waited over 50 ms from reaching
   * the writer to their commit (kindred_group_commit_wait_seconds): with a p99 above 50 ms, near 1 %
   * or more says the late messages waited in the storing (a disk's slow sync: 2026-12-02), near 0
   * that they waited elsewhere (the cores' queue, the sockets).
   */
  slowCommitShare?: number;
  /** The same over 10 ms: against a p99 budget of 20 ms, the share a commit alone brings near it. */
  commitOver10Share?: number;
}

/** What the phase's start is compared with at its end. */
export interface LoadMark {
  at: number;
  serverSeconds: number;
  machine: { busy: number; total: number };
  chat?: ChatCommits;
  serverThreads: ThreadTimes;
  benchThreads: ThreadTimes;
  storageBytes: number;
}

/** Per thread (pid/tid), nanoseconds run on a CPU and waited on a run queue so far. */
type ThreadTimes = Map<string, { run: number; wait: number }>;

/** /proc/<pid>/task/<tid>/schedstat of every thread of `pids`; empty where Linux does not keep it. */
function threadTimes(pids: number[]): ThreadTimes {
  const times: ThreadTimes = new Map();
  for (const pid of pids) {
    let tids: string[] = [];
    try {
      tids = fs.readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of tids) {
      try {
        const [run, wait] = fs.readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ').map(Number);
        if (Number.isFinite(run) && Number.isFinite(wait)) times.set(`${pid}/${tid}`, { run: run!, wait: wait! });
      } catch {
        // the thread ended meanwhile
      }
    }
  }
  return times;
}

/**
 * The share of ready time spent waiting for a CPU between two readings, in %: a thread that ended
 * meanwhile drops out, one that started counts from its start.
 */
function cpuWait(from: ThreadTimes, to: ThreadTimes): number | undefined {
  let run = 0;
  let wait = 0;
  for (const [id, end] of to) {
    const start = from.get(id) ?? { run: 0, wait: 0 };
    run += end.run - start.run;
    wait += end.wait - start.wait;
  }
  return run + wait > 0 ? Math.round((wait / (run + wait)) * 100) : undefined;
}

/** Bytes the processes have had written to storage so far (/proc/<pid>/io write_bytes; 0 where unreadable). */
function storageBytes(pids: number[]): number {
  let bytes = 0;
  for (const pid of pids) {
    try {
      bytes += Number(/^write_bytes: (\d+)$/m.exec(fs.readFileSync(`/proc/${pid}/io`, 'utf8'))?.[1] ?? 0);
    } catch {
      // gone, or not ours to read
    }
  }
  return bytes;
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

/** The chat writer's group commits so far: transactions, messages, and messages that waited over 50 ms (10 ms) for theirs. */
interface ChatCommits {
  sum: number;
  count: number;
  slow: number;
  over10: number;
}

/** The chat writer's group commits over the nodes' /metrics (loopback may read it). */
async function chatCommits(metricsUrls: string[]): Promise<ChatCommits | undefined> {
  if (!metricsUrls.length) return undefined;
  const total: ChatCommits = { sum: 0, count: 0, slow: 0, over10: 0 };
  for (const url of metricsUrls) {
    const text = await fetch(url).then((r) => (r.ok ? r.text() : ''), () => '');
    const value = (series: string) => {
      const line = text.split('\n').find((l) => l.startsWith(`${series} `));
      return line ? Number(line.slice(series.length + 1)) : Number.NaN;
    };
    total.sum += value('kindred_group_commit_batch_size_sum{writer="chat"}');
    total.count += value('kindred_group_commit_batch_size_count{writer="chat"}');
    const waited = value('kindred_group_commit_wait_seconds_count{writer="chat"}');
    total.slow += waited - value('kindred_group_commit_wait_seconds_bucket{le="0.05",writer="chat"}');
    total.over10 += waited - value('kindred_group_commit_wait_seconds_bucket{le="0.01",writer="chat"}');
  }
  return Number.isFinite(total.sum) && Number.isFinite(total.count) ? total : undefined;
}

export async function markLoad(pids: number[], metricsUrls: string[]): Promise<LoadMark> {
  const chat = await chatCommits(metricsUrls);
  return {
    at: performance.now(),
    serverSeconds: pids.reduce((s, pid) => s + cpuSeconds(pid), 0),
    machine: machineTicks(),
    chat,
    serverThreads: threadTimes(pids),
    benchThreads: threadTimes([process.pid]),
    storageBytes: storageBytes(pids),
  };
}

export async function loadSince(mark: LoadMark, pids: number[], metricsUrls: string[]): Promise<PhaseLoad> {
  const end = await markLoad(pids, metricsUrls);
  const seconds = (end.at - mark.at) / 1000;
  const busy = end.machine.busy - mark.machine.busy;
  const total = end.machine.total - mark.machine.total;
  const load: PhaseLoad = {
    serverCpu: Math.round(((end.serverSeconds - mark.serverSeconds) / seconds) * 100),
    machineCpu: total > 0 ? Math.round((busy / total) * 100) : Number.NaN,
    serverCpuWait: cpuWait(mark.serverThreads, end.serverThreads),
    benchCpuWait: cpuWait(mark.benchThreads, end.benchThreads),
    storageKbPerSecond: Math.round((end.storageBytes - mark.storageBytes) / 1024 / seconds),
  };
  if (mark.chat && end.chat && end.chat.count > mark.chat.count) {
    const commits = end.chat.count - mark.chat.count;
    load.commitsPerSecond = Math.round(commits / seconds);
    const messages = end.chat.sum - mark.chat.sum;
    load.meanBatch = Math.round((messages / commits) * 10) / 10;
    const slow = end.chat.slow - mark.chat.slow;
    const share = (n: number) => Math.round((n / messages) * 1000) / 10;
    if (Number.isFinite(slow) && messages > 0) load.slowCommitShare = share(slow);
    const over10 = end.chat.over10 - mark.chat.over10;
    if (Number.isFinite(over10) && messages > 0) load.commitOver10Share = share(over10);
  }
  return load;
}

const cpuPart = (load: PhaseLoad) =>
  `${load.serverCpu} % of a core${load.serverCpuWait !== undefined ? `, waiting for one ${load.serverCpuWait} % of its ready time` : ''}`;
const commitsPart = (load: PhaseLoad) => {
  if (load.commitsPerSecond === undefined) return undefined;
  const over10 = load.commitOver10Share !== undefined ? `${load.commitOver10Share} % over 10 ms and ` : '';
  const slow = load.slowCommitShare !== undefined ? `, ${over10}${load.slowCommitShare} % of the messages over 50 ms waiting for their commit` : '';
  return `${load.commitsPerSecond} commits/s of ${load.meanBatch} messages${slow}`;
};
/** Per second, or per message when the phase's delivered `rate` is given. */
const storagePart = (load: PhaseLoad, rate?: number) => {
  if (!load.storageKbPerSecond) return undefined;
  return rate ? `${(load.storageKbPerSecond / rate).toFixed(1)} KB to storage a message` : `${load.storageKbPerSecond} KB/s to storage`;
};

/**
 * The console's line: `server 85 % of a core, waiting for one 24 % of its ready time (bench 20 %) ·
 * machine 97 % of 2 cores · 610 commits/s of 7.9 messages · 48000 KB/s to storage`.
 */
export function showLoad(load: PhaseLoad | undefined): string {
  if (!load) return '';
  const bench = load.serverCpuWait !== undefined ? ` (bench ${load.benchCpuWait ?? '?'} %)` : '';
  return [`server ${cpuPart(load)}${bench}`, `machine ${load.machineCpu} % of ${os.cpus().length} cores`, commitsPart(load), storagePart(load)].filter(Boolean).join(' · ');
}

/** The same for a table cell, storage per message: `server at 93 % of a core, waiting for one 29 % of its ready time, 472 commits/s of 32.9 messages, 12.1 KB to storage a message`. */
export function loadCell(load: PhaseLoad, rate: number): string {
  return [`server at ${cpuPart(load)}`, commitsPart(load), storagePart(load, rate)].filter(Boolean).join(', ');
}
