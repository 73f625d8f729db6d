import { execSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { postgresDiskDir, probeFsync, showFsync, type FsyncTail } from './lib/fsync-probe.js';
import { loadSince, markLoad, showLoad } from './lib/phase-load.js';
import { checkpoint, vacuumAnalyze } from './lib/postgres-upkeep.js';
import { report } from './lib/report.js';
import { diskRow, floorLabel, rows, TOGETHER_LABEL, type PhaseResult } from './lib/socket-rows.js';
import { inChatSchema, inChatSqlite } from './lib/seed-chat.js';
import { medianBy } from './lib/spread.js';
import { bareTarget, oursTarget, type Server, type Target } from './lib/socket-targets.js';
import { closeSockets, medianRound, openSockets, PairTraffic, sleep, SOURCE_ADDRESSES, type TrafficResult } from './lib/socket-fleet.js';

/**
 * The live connection under load, beside a bare `ws` relay (bench/baselines/bare-ws-relay.ts) in
 * the same run: N idle authenticated sockets (default 10,000) plus PAIRS pairs of sockets writing
 * to each other. Each target, in turn: the pairs warm up; the server's RSS is read before and
 * after the idle sockets connect (memory per idle socket: the lowest RSS over 3 s before, and
 * over 12 s after, so garbage the connecting left behind is not counted); the pairs then run closed-loop (each
 * socket keeps WINDOW messages on the way: the saturation rate) and open-loop at fixed rates
 * (delivery latency, send to receipt, p50/p99), all with the idle sockets connected.
 * Targets: the bare relay; the bare relay inserting each message into SQLite first (what storing
 * costs at the least); our server on SQLite; on PostgreSQL with Redis, one node; the bare relay
 * inserting each message into PostgreSQL; our server on two nodes, every pair split across them
 * (the PostgreSQL targets are skipped without a PostgreSQL and a Redis URL); and in each database's
 * rounds the bare relay again, timed at the rate ours is (the floor of a p99 at that rate here).
 * The targets of each database are measured in ROUNDS alternating rounds (ours, relay, ours,
 * relay…; on PostgreSQL the two nodes join each round, once with every pair split across them and
 * once with each pair on one node (what crossing Redis adds, apart from two processes sharing the
 * cores); each a fresh start with the idle sockets connected): saturation and each latency figure are the median of the rounds, with each round's
 * figure beside it, so one noisy minute on a shared machine cannot decide a figure. Memory is read
 * in the first round; latencies in every round, at rates derived from the median saturation so far.
 * Knobs: `npm run bench -- socket --sockets=2000` or BENCH_SOCKETS; BENCH_SOCKET_PAIRS (50),
 * BENCH_SOCKET_WINDOW (4), BENCH_SOCKET_SECONDS (8 per measurement), BENCH_SOCKET_ROUNDS (3
 * alternating rounds per pair of targets), BENCH_SOCKET_ONLY (postgres or sqlite: one database's targets); BENCH_SERVER_NODE_ARGS
 * are handed to node for our server processes (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile them).
 * BENCH_SOCKET_BEFORE=<dir>: a copy of the repository (its apps/server/src at least, node_modules linked)
 * whose server joins each database's alternation as a third target (ours, relay, before, ours…): a
 * change measured beside the code it replaces in the same rounds. BENCH_SOCKET_TWO_NODES=0 leaves the two nodes out of the PostgreSQL rounds.
 * BENCH_SOCKET_CHECKPOINT=0: no checkpoint forced before the PostgreSQL latency phases (lib/postgres-upkeep.ts).
 * Before the PostgreSQL rounds, the disk under PostgreSQL is probed alone for 15 s (lib/fsync-probe.ts;
 * BENCH_FSYNC_DIR names the folder): a durable commit waits for such a sync, so its tail is printed
 * as a row beside the PostgreSQL p99.
 * A run with other than the default sockets writes bench/results/socket.tmp.
 */

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const REQUESTED = Number(arg('sockets') ?? process.env.BENCH_SOCKETS ?? 10_000);
const PAIRS = Number(process.env.BENCH_SOCKET_PAIRS ?? 50);
const WINDOW = Number(process.env.BENCH_SOCKET_WINDOW ?? 4);
const SECONDS = Number(process.env.BENCH_SOCKET_SECONDS ?? 8);
const ROUNDS = Math.max(1, Math.floor(Number(process.env.BENCH_SOCKET_ROUNDS ?? 3)) || 1);
const WARM_S = 2;
const ONLY = process.env.BENCH_SOCKET_ONLY?.toLowerCase();
const BEFORE = process.env.BENCH_SOCKET_BEFORE;

/** Rates to time latency at, from the target's saturation (and every target's median saturation so far, in the order given to alternate). */
type Rates = (saturation: TrafficResult, medians?: (TrafficResult | undefined)[]) => Record<string, number>;
interface RoundResult {
  idle: number;
  idleFailed: number;
  idleFirstError?: string;
  idleConnectSeconds: number;
  rssBeforeKb?: number;
  rssAfterKb?: number;
  saturation: TrafficResult;
  atRate: Record<string, TrafficResult>;
}

const loadAvg = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');

/** One target, measured once: memory, saturation, and latency at `rates(saturation)`. */
async function phase(target: Target, idleCount: number, rates: Rates): Promise<PhaseResult> {
  return summarize(target.label, [await round(target, idleCount, 0, { memory: true, rates })]);
}

/**
 * Targets in ROUNDS alternating rounds. Memory is read in the first round of each; saturation and
 * latency in every round, latency at rates derived from the median saturation so far (the round's
 * own included), so a figure is the median of its rounds with their spread beside it and one stall
 * of the machine cannot decide it (the same code measured a p99 of 15 ms in one single-round run and
 * 75 ms in another, 2026-11-28). `rates` also gets each target's median saturation so far (the
 * second node's latency is measured at the first's rate).
 */
async function alternate(targets: [Target, Rates][], idleCount: number): Promise<PhaseResult[]> {
  const rounds: RoundResult[][] = targets.map(() => []);
  for (let r = 0; r < ROUNDS; r++) {
    for (const [t, [target, rates]] of targets.entries()) {
      const done = rounds[t]!;
      const soFar = () => rounds.map((of) => (of.length ? medianRound(of.map((d) => d.saturation)) : undefined));
      const ratesOfMedian: Rates = (sat) => rates(medianRound([...done.map((d) => d.saturation), sat]), soFar());
      done.push(await round(target, idleCount, r, { memory: r === 0, rates: ratesOfMedian, of: ROUNDS }));
    }
  }
  return targets.map(([target], t) => {
    const result = summarize(target.label, rounds[t]!);
    const latency = Object.entries(result.atRateP99Rounds).map(([name, p99s]) => `; p99 at ${name}: median ${result.atRate[name]?.p99} ms (${p99s.join(', ')})`);
    console.log(`  ${target.label}: saturation median ${result.saturation.rate} msg/s over ${ROUNDS} rounds (${result.saturationSpread.join('–')}: ${result.saturationRounds.join(', ')})${latency.join('')}`);
    return result;
  });
}

function summarize(label: string, rounds: RoundResult[]): PhaseResult {
  const first = rounds[0]!;
  const rates = rounds.map((r) => r.saturation.rate);
  const rssBefore = first.rssBeforeKb ?? 0;
  const rssAfter = first.rssAfterKb ?? 0;
  return {
    label,
    idle: first.idle,
    idleFailed: first.idleFailed,
    idleFirstError: first.idleFirstError,
    idleConnectSeconds: first.idleConnectSeconds,
    rssBeforeMb: Math.round(rssBefore / 102.4) / 10,
    rssAfterMb: Math.round(rssAfter / 102.4) / 10,
    kbPerIdleSocket: first.idle ? Math.round(((rssAfter - rssBefore) / first.idle) * 100) / 100 : Number.NaN,
    saturation: medianRound(rounds.map((r) => r.saturation)),
    saturationRounds: rates,
    saturationSpread: [Math.min(...rates), Math.max(...rates)],
    ...latencyOver(rounds),
  };
}

/** Per rate name: the round whose p99 is the median of the rounds that measured it, and each round's p99 in order. */
function latencyOver(rounds: RoundResult[]): Pick<PhaseResult, 'atRate' | 'atRateP99Rounds'> {
  const atRate: Record<string, TrafficResult> = {};
  const atRateP99Rounds: Record<string, number[]> = {};
  for (const name of new Set(rounds.flatMap((r) => Object.keys(r.atRate)))) {
    const measured = rounds.flatMap((r) => (r.atRate[name] ? [r.atRate[name]] : []));
    atRateP99Rounds[name] = measured.map((m) => m.p99);
    atRate[name] = medianBy(measured, (m) => m.p99);
  }
  return { atRate, atRateP99Rounds };
}

/** One start of a target: pairs warm up, idle sockets connect (RSS read around it if `memory`), saturation, then latency at `rates`. */
async function round(target: Target, idleCount: number, r: number, options: { memory: boolean; rates?: Rates; of?: number }): Promise<RoundResult> {
  const name = options.of ? `${target.label} [round ${r + 1}/${options.of}]` : target.label;
  console.log(`  ${name}: starting · load ${loadAvg()}`);
  if (target.postgres) await vacuumAnalyze(target.postgres);
  const server = await target.start(r);
  try {
    const pairUrls = Array.from({ length: PAIRS * 2 }, (_, j) => target.pairUrl(server, j));
    const pairSockets = await openSockets(pairUrls, { waitFirstMessage: target.waitFirstMessage, maxFailures: 1 });
    if (pairSockets.failed) throw new Error(`${target.label}: pair sockets failed: ${pairSockets.firstError}`);
    // openSockets answers in completion order: put each socket back at its endpoint's index.
    const byUrl = new Map(pairSockets.sockets.map((ws) => [ws.url, ws]));
    const pairs = Array.from({ length: PAIRS }, (_, p) => ({
      a: { ws: byUrl.get(pairUrls[2 * p]!)!, uid: target.pairUid(2 * p) },
      b: { ws: byUrl.get(pairUrls[2 * p + 1]!)!, uid: target.pairUid(2 * p + 1) },
    }));
    const traffic = new PairTraffic(pairs, target.isDelivery);
    await traffic.closedLoop(WINDOW, WARM_S, 3);

    const rssBefore = options.memory ? await settledRssKb(server, 3) : undefined;
    const idle = await openSockets(
      Array.from({ length: idleCount }, (_, i) => target.idleUrl(server, i)),
      { waitFirstMessage: target.waitFirstMessage, concurrency: 100, offset: PAIRS * 2 },
    );
    const rssAfter = options.memory ? await settledRssKb(server, 12) : undefined;
    const opened = idle.sockets.length;
    const memory = rssBefore !== undefined && rssAfter !== undefined ? `, RSS ${Math.round(rssBefore / 1024)} → ${Math.round(rssAfter / 1024)} MB` : '';
    console.log(`  ${name}: ${opened} idle sockets in ${idle.seconds.toFixed(1)} s${idle.failed ? ` (${idle.failed} failed: ${idle.firstError})` : ''}${memory}`);

    const saturation = await underLoad(server, () => traffic.closedLoop(WINDOW, WARM_S, SECONDS));
    console.log(`  ${name}: saturation ${show(saturation)}`);
    const atRate: Record<string, TrafficResult> = {};
    const rates = Object.entries(options.rates?.(saturation) ?? {});
    if (rates.length && target.postgres && process.env.BENCH_SOCKET_CHECKPOINT !== '0') await checkpoint(target.postgres);
    for (const [rateName, rate] of rates) {
      // Past saturation the queue only grows: latency is unbounded, nothing to measure.
      if (rate > saturation.rate * 0.95) {
        console.log(`  ${name}: ${rateName} (${rate}/s) is beyond saturation, not measured`);
        continue;
      }
      atRate[rateName] = await underLoad(server, () => traffic.openLoop(rate, WARM_S, SECONDS));
      console.log(`  ${name}: ${rateName} (${rate}/s) ${show(atRate[rateName])}`);
    }
    await closeSockets([...idle.sockets, ...pairSockets.sockets]);
    return {
      idle: opened,
      idleFailed: idle.failed,
      idleFirstError: idle.firstError,
      idleConnectSeconds: Math.round(idle.seconds * 10) / 10,
      rssBeforeKb: rssBefore,
      rssAfterKb: rssAfter,
      saturation,
      atRate,
    };
  } finally {
    await server.stop();
  }
}

/**
 * The lowest RSS over `seconds` (one sample a second): what a burst of work left behind as free
 * heap is given back over the next seconds, and would count as memory per socket otherwise.
 */
async function settledRssKb(server: Server, seconds: number): Promise<number> {
  let lowest = server.rssKb();
  for (let i = 1; i < seconds; i++) {
    await sleep(1_000);
    lowest = Math.min(lowest, server.rssKb());
  }
  return lowest;
}

/** A traffic phase with the load it ran under (its warm-up, which the figures leave out, too). */
async function underLoad(server: Server, run: () => Promise<TrafficResult>): Promise<TrafficResult> {
  const mark = await markLoad(server.pids, server.metricsUrls);
  const result = await run();
  return { ...result, load: await loadSince(mark, server.pids, server.metricsUrls) };
}

const show = (r: TrafficResult) =>
  `${r.rate} msg/s · p50 ${r.p50} · p99 ${r.p99} · max ${r.max} ms${r.lost ? ` · ${r.lost} late/lost` : ''}${r.refused ? ` · ${r.refused} refused` : ''} · ${showLoad(r.load)}${r.clientLag ? ` · bench loop late p99 ${r.clientLag.p99} / max ${r.clientLag.max} ms` : ''}`;

/** The open-file limit (the bench holds every client socket, each server every server socket). */
function socketBudget(): { limit: number; sockets: number; note?: string } {
  const limit = Number(execSync('sh -c "ulimit -n"').toString().trim()) || 1024;
  const room = limit - PAIRS * 2 - 500;
  if (REQUESTED <= room) return { limit, sockets: REQUESTED };
  return { limit, sockets: Math.max(0, room), note: `ulimit -n is ${limit} (Node cannot raise it itself): ${REQUESTED} idle sockets asked, ${room} fit beside the pairs and spare descriptors` };
}

export async function socketBench(): Promise<void> {
  const started = Date.now();
  const budget = socketBudget();
  const idleCount = budget.sockets;
  if (budget.note) console.log(`  ${budget.note}`);
  console.log(`  ${idleCount} idle sockets, ${PAIRS} pairs, window ${WINDOW}, from ${SOURCE_ADDRESSES} source addresses; ulimit -n ${budget.limit}`);
  const phases: PhaseResult[] = [];

  const bare = await phase(bareTarget(), idleCount, (sat) => ({ 'half the relay’s saturation': Math.round(sat.rate / 2) }));
  phases.push(bare);
  const halfBare = Math.round(bare.saturation.rate / 2);
  const relayRates = (sat: TrafficResult) => ({ 'half our saturation': Math.round(sat.rate / 2) });
  const oursRates = (sat: TrafficResult) => ({ 'half our saturation': Math.round(sat.rate / 2), 'half the relay’s saturation': halfBare });
  // The code before a change is also timed at the rate ours is (ours comes first in the alternation):
  // at its own half saturation alone, a change that raises the saturation would be timed at a higher rate.
  const beforeRates: Rates = (sat, medians) => ({ 'half our saturation': Math.round(sat.rate / 2), 'ours’ half saturation': Math.round((medians?.[0] ?? sat).rate / 2) });
  // The relay that stores nothing, in the same rounds at the rate ours is timed at: the floor this
  // machine and this client set for a p99 at that rate (a server that does nothing cannot beat it).
  const floor = (database: 'SQLite' | 'PostgreSQL'): [Target, Rates] => [bareTarget(undefined, floorLabel(database)), (sat, medians) => ({ 'ours’ half saturation': Math.round((medians?.[0] ?? sat).rate / 2) })];

  if (ONLY !== 'postgres')
    await inChatSqlite(idleCount + PAIRS * 2, async (dataDir, members, file) => {
      const before = BEFORE
        ? [[oursTarget('before, SQLite, 1 node', { DATA_DIR: dataDir }, 1, members, idleCount, path.join(BEFORE, 'apps/server/src/main.ts')), beforeRates] as [Target, Rates]]
        : [];
      const [ours, relay, bareAtOurs, earlier] = await alternate(
        [
          [oursTarget('ours, SQLite, 1 node', { DATA_DIR: dataDir }, 1, members, idleCount), oursRates],
          [bareTarget({ sqlite: file, members, idleCount }), relayRates],
          floor('SQLite'),
          ...before,
        ],
        idleCount,
      );
      phases.push(relay!, ours!, bareAtOurs!, ...(earlier ? [earlier] : []));
    });

  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const redisUrl = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL;
  let disk: FsyncTail | undefined;
  if (ONLY === 'sqlite') console.log('  BENCH_SOCKET_ONLY=sqlite: PostgreSQL and two-node phases skipped');
  else if (pgUrl && redisUrl) {
    await inChatSchema(pgUrl, 'bench_socket', idleCount + PAIRS * 2, async (schema, url, members) => {
      disk = probeFsync(await postgresDiskDir(url), 15);
      console.log(`  the disk under PostgreSQL (${disk.dir}), alone: ${showFsync(disk)}`);
      const env = { DATABASE_URL: url, REDIS_URL: redisUrl };
      const before = BEFORE
        ? [[oursTarget('before, PostgreSQL + Redis, 1 node', { ...env, REDIS_PREFIX: `${schema}c` }, 1, members, idleCount, path.join(BEFORE, 'apps/server/src/main.ts')), beforeRates] as [Target, Rates]]
        : [];
      // The second node's rounds alternate with the first's, at the first's median rate so far: its
      // added p99 compares two figures of the same minutes, not of runs minutes apart. The same two
      // nodes with each pair on one node, at that rate: what crossing Redis adds, apart from the cores' sharing.
      const oneNodeRate: Rates = (sat, medians) => ({ 'half the 1-node saturation': Math.round((medians?.[0] ?? sat).rate / 2) });
      const twoNodes: [Target, Rates][] = process.env.BENCH_SOCKET_TWO_NODES === '0' ? [] : [
        [oursTarget('ours, PostgreSQL + Redis, 2 nodes', { ...env, REDIS_PREFIX: `${schema}b` }, 2, members, idleCount), (sat, medians) => ({ 'half our saturation': Math.round(sat.rate / 2), ...oneNodeRate(sat, medians) })],
        [oursTarget(TOGETHER_LABEL, { ...env, REDIS_PREFIX: `${schema}d` }, 2, members, idleCount, undefined, true), oneNodeRate],
      ];
      const [one, relay, ...rest] = await alternate(
        [
          [oursTarget('ours, PostgreSQL + Redis, 1 node', { ...env, REDIS_PREFIX: `${schema}a` }, 1, members, idleCount), oursRates],
          [bareTarget({ postgres: url, members, idleCount }), relayRates],
          floor('PostgreSQL'),
          ...before,
          ...twoNodes,
        ],
        idleCount,
      );
      phases.push(relay!, one!, ...rest);
    });
  } else {
    console.log('  no BENCH_DATABASE_URL/TEST_DATABASE_URL and BENCH_REDIS_URL/TEST_REDIS_URL: PostgreSQL and two-node phases skipped');
  }

  report('socket', [...rows(phases), ...(disk ? [diskRow(disk)] : [])], { disk, sockets: { requested: REQUESTED, ...budget }, pairs: PAIRS, window: WINDOW, seconds: SECONDS, rounds: ROUNDS, phases, loadAverageAtEnd: loadAvg(), minutes: Math.round((Date.now() - started) / 6000) / 10 }, { partial: REQUESTED !== 10_000 || ONLY !== undefined });
}
