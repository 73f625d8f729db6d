import type { FsyncTail } from './fsync-probe.js';
import { loadCell } from './phase-load.js';
import type { Row } from './report.js';
import type { TrafficResult } from './socket-fleet.js';

/** One target's figures in the socket bench (bench/socket.bench.ts), over its rounds. */
export interface PhaseResult {
  label: string;
  idle: number;
  idleFailed: number;
  idleFirstError?: string;
  idleConnectSeconds: number;
  rssBeforeMb: number;
  rssAfterMb: number;
  kbPerIdleSocket: number;
  /** With several rounds: the median round's figures, its rate the median rate. */
  saturation: TrafficResult;
  /** Saturation rate of each round, in the order measured, and their min–max. */
  saturationRounds: number[];
  saturationSpread: [number, number];
  /** Per rate: the round with the median p99 (one round: that round). */
  atRate: Record<string, TrafficResult>;
  /** Per rate: each round's p99, in the order measured. */
  atRateP99Rounds: Record<string, number[]>;
}

/** The label of the relay that stores nothing, timed in a database's rounds at ours' rate. */
export const floorLabel = (database: 'SQLite' | 'PostgreSQL') => `bare ws relay at ours’ rate (${database} rounds)`;

/** Our two nodes with each pair on one node: no message crosses Redis, both processes share the cores. */
export const TOGETHER_LABEL = 'ours, PostgreSQL + Redis, 2 nodes, each pair on one node';

/** A latency figure: the median round's p50 / p99 and rate, and with several rounds each round's p99. */
const latency = (p: PhaseResult, rate: string) => {
  const at = p.atRate[rate]!;
  const p99s = p.atRateP99Rounds[rate] ?? [];
  return `${at.p50} / ${at.p99} at ${at.rate}/s${p99s.length > 1 ? ` (p99 of ${p99s.length} rounds: ${p99s.join(', ')})` : ''}${loadOf(at)}`;
};

/**
 * The load a figure's round ran under, beside it: a p99 taken with the server near a full core is
 * queueing, and a saturation whose commits are all full (128 messages) is the batch's cap.
 */
const loadOf = (r: TrafficResult) => (r.load ? `, ${loadCell(r.load, r.rate)}` : '') + (r.clientLag ? `, bench loop late p99 ${r.clientLag.p99} ms` : '');

const withSpread = (p: PhaseResult) => (p.saturationRounds.length > 1 ? `${p.saturation.rate} (${p.saturationSpread.join('–')})` : String(p.saturation.rate));

/** The socket bench's table: each target beside its baseline, with issue 14's budgets. */
export function rows(phases: PhaseResult[]): Row[] {
  const bare = phases[0]!;
  const ours = phases.filter((p) => p.label.startsWith('ours') && p.label !== TOGETHER_LABEL);
  const half = 'half the relay’s saturation';
  const out: Row[] = [];
  for (const database of ['SQLite', 'PostgreSQL']) {
    const stored = phases.find((p) => p.label.startsWith('bare ws relay + INSERT') && p.label.includes(database));
    const mine = ours.find((p) => p.label.includes(database) && p.label.includes('1 node'));
    if (!stored || !mine) continue;
    const n = mine.saturationRounds.length;
    out.push({
      case: `messages/s at saturation, median of ${n} alternating rounds (min–max), beside a relay that also INSERTs each message (${mine.label})`,
      ours: withSpread(mine),
      baseline: withSpread(stored),
      ratio: mine.saturation.rate / stored.saturation.rate,
      budget: '≥ 1.5×',
    });
  }
  for (const p of ours) {
    out.push({ case: `messages/s at saturation, every message stored (${p.label})`, ours: `${p.saturation.rate}${loadOf(p.saturation)}`, baseline: `${bare.saturation.rate}${loadOf(bare.saturation)}`, ratio: p.saturation.rate / bare.saturation.rate, budget: '— (context: this relay stores nothing; the budget is the INSERT relay’s row)' });
    const own = p.atRate['half our saturation'];
    // Issue 14's latency row: p99 at half our own saturation, with the idle sockets connected.
    if (own) out.push({ case: `p50 / p99 ms at half our saturation, median round, ${p.idle} idle sockets (${p.label})`, ours: latency(p, 'half our saturation'), baseline: `${bare.atRate[half]!.p50} / ${bare.atRate[half]!.p99} at ${bare.atRate[half]!.rate}/s`, ratio: bare.atRate[half]!.p99 / own.p99, budget: `p99 ≤ 20 ms (${own.p99 <= 20 ? 'met' : 'missed'})` });
    const atHalf = p.atRate[half];
    if (!atHalf) {
      const rate = Math.round(bare.saturation.rate / 2);
      out.push({ case: `p99 ms at half the relay’s saturation, ${p.idle} idle sockets (${p.label})`, ours: `not sustainable: saturates at ${p.saturation.rate}/s < ${rate}/s`, baseline: `${bare.atRate[half]!.p50} / ${bare.atRate[half]!.p99}`, ratio: 0, budget: '— (context: a rate past our saturation)' });
    }
    if (atHalf) out.push({ case: `p50 / p99 ms at half the relay’s saturation, ${p.idle} idle sockets (${p.label})`, ours: `${atHalf.p50} / ${atHalf.p99}${atHalf.lost ? `, ${atHalf.lost} late` : ''} (${atHalf.rate}/s delivered)`, baseline: `${bare.atRate[half]!.p50} / ${bare.atRate[half]!.p99}`, ratio: bare.atRate[half]!.p99 / atHalf.p99, budget: '— (context)' });
    out.push({ case: `KB per idle socket (${p.label})`, ours: String(p.kbPerIdleSocket), baseline: String(bare.kbPerIdleSocket), ratio: bare.kbPerIdleSocket / p.kbPerIdleSocket, budget: '— (context: one RSS difference with the pairs running; the sockets bench, after a full collection, holds the ≤ 1.5× budget)' });
  }
  for (const p of ours.filter((q) => q.label.includes('1 node'))) {
    const database = p.label.includes('SQLite') ? 'SQLite' : 'PostgreSQL';
    const floor = phases.find((q) => q.label === floorLabel(database));
    const mine = p.atRate['half our saturation'];
    const theirs = floor?.atRate['ours’ half saturation'];
    // What of ours' p99 is this machine's: a server that stores and checks nothing, at the same rate, in the same rounds.
    if (floor && mine && theirs) {
      out.push({ case: `p50 / p99 ms at half our saturation, beside the relay that stores nothing at the same rate (${p.label})`, ours: latency(p, 'half our saturation'), baseline: latency(floor, 'ours’ half saturation'), ratio: theirs.p99 / mine.p99, budget: '—' });
    }
  }
  for (const p of phases.filter((q) => q.label.startsWith('before'))) {
    const own = p.atRate['half our saturation'];
    out.push({ case: `the code before the change: messages/s at saturation (p50 / p99 ms at half its saturation) (${p.label})`, ours: `${withSpread(p)}${own ? ` (${latency(p, 'half our saturation')})` : ''}`, baseline: String(bare.saturation.rate), ratio: p.saturation.rate / bare.saturation.rate, budget: '—' });
    const same = p.atRate['ours’ half saturation'];
    const mine = phases.find((q) => q.label === p.label.replace(/^before/, 'ours'))?.atRate['half our saturation'];
    if (same && mine) {
      out.push({
        case: `p50 / p99 ms at half our saturation, ours beside the code before the change at the same rate (${p.label.replace(/^before, /, '')})`,
        ours: `${mine.p50} / ${mine.p99} at ${mine.rate}/s`,
        baseline: latency(p, 'ours’ half saturation'),
        ratio: same.p99 / mine.p99,
        budget: '—',
      });
    }
  }
  const one = ours.find((p) => p.label.includes('1 node') && p.label.includes('PostgreSQL'));
  const two = ours.find((p) => p.label.includes('2 nodes'));
  const same = two?.atRate['half the 1-node saturation'];
  const oneHalf = one?.atRate['half our saturation'];
  if (one && two && same && oneHalf) {
    out.push({
      case: `p99 added by a second node through Redis, at ${oneHalf.rate}/s, median rounds`,
      ours: `${latency(two, 'half the 1-node saturation')} (2 nodes)`,
      baseline: `${latency(one, 'half our saturation')} (1 node)`,
      ratio: oneHalf.p99 / same.p99,
      budget: `≤ +5 ms (here ${(same.p99 - oneHalf.p99).toFixed(1)} ms)`,
    });
    // The same two processes with no message crossing: the difference is what Redis itself adds;
    // the rest of the row above is two nodes sharing one machine's cores (with the database and the bench).
    const together = phases.find((p) => p.label === TOGETHER_LABEL);
    const within = together?.atRate['half the 1-node saturation'];
    if (together && within) {
      out.push({
        case: `p99 added by crossing Redis: 2 nodes, pairs split across them beside pairs within one node, at ${oneHalf.rate}/s, median rounds`,
        ours: `${latency(two, 'half the 1-node saturation')} (split)`,
        baseline: `${latency(together, 'half the 1-node saturation')} (within a node)`,
        ratio: within.p99 / same.p99,
        budget: `— (here ${(same.p99 - within.p99).toFixed(1)} ms)`,
      });
    }
  }
  return out;
}

/** The disk under PostgreSQL, probed alone before its rounds: the floor its syncs set under a durable commit's p99. */
export function diskRow(disk: FsyncTail): Row {
  return {
    case: `the disk under PostgreSQL, alone: a ${disk.kb}-KB write and fdatasync ${disk.perSecond} times a second for ${disk.seconds} s, p50 / p99 / p99.9 / max ms (a durable commit waits for one: its stalls hold every commit made meanwhile)`,
    ours: `${disk.p50} / ${disk.p99} / ${disk.p999} / ${disk.max}, ${disk.over50} of ${disk.syncs} over 50 ms`,
    baseline: '—',
    ratio: Number.NaN,
    budget: '— (context of the PostgreSQL p99)',
  };
}
