import { execSync, fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/database.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { loopbackSource, type Proc, ROOT, serverEntry, startNode } from './lib/proc.js';
import { report, type Row } from './lib/report.js';
import { cpuSecondsOf, show, spread, type Spread } from './lib/spread.js';
import { seedChatMembers, type ChatMember } from './lib/seed-chat.js';

/**
 * Idle sockets on one node, beside the bare `ws` relay (bench/baselines/bare-ws-relay.ts) in the
 * same run. Each round, per target (ours on SQLite, the bare relay, ours on PostgreSQL + Redis, the
 * bare relay again…, each a fresh start): WARM sockets connect and settle, memory is read (a full
 * garbage collection first, bench/lib/heap-probe.mjs), CONNECT authenticated sockets are opened and
 * timed (ours: until each got its kind 0 catch-up, i.e. authenticated, registered and announced;
 * bare: until open), the rest up to IDLE connect, and memory is read again: RSS and V8 heap used
 * per idle socket are the growth ÷ the sockets added. After one uncounted bare round (warm-up),
 * ours and bare alternate over ROUNDS rounds; each figure is the median with the min–max spread.
 *
 * The clients are CLIENTS forked processes (bench/lib/idle-client-worker.ts) binding to
 * 127.0.0.2 … 127.0.0.(1 + SOURCES) in turn, so no (source, destination) pair runs out of
 * ephemeral ports. The process's open-file limit (20,000 here) is raised with prlimit (root, up
 * to fs.nr_open) before anything is spawned: servers and clients inherit it.
 *
 * Knobs: BENCH_IDLE_SOCKETS (50000), BENCH_CONNECT_SOCKETS (10000), BENCH_IDLE_ROUNDS (3),
 * BENCH_IDLE_CLIENTS (4 processes), BENCH_IDLE_CONCURRENCY (connects in flight, 200 in all),
 * BENCH_IDLE_TARGETS (sqlite,postgres), BENCH_IDLE_ANSWER_MS (60000: a socket unanswered this
 * long fails), BENCH_SERVER_NODE_ARGS (e.g. `--cpu-prof`), HEAP_PROBE_SNAPSHOT=<dir> (a heap snapshot
 * at each memory read), BENCH_IDLE_BEFORE=<dir> (each of ours also from a copy of the previous code,
 * same rounds). A run with other than the default counts writes bench/results/sockets.tmp.
 */

const REQUESTED = Number(process.env.BENCH_IDLE_SOCKETS ?? 50_000);
const CONNECT_REQUESTED = Number(process.env.BENCH_CONNECT_SOCKETS ?? 10_000);
/** Set once the open-file limit is known (socketsIdleBench): what one server process can hold. */
let IDLE = REQUESTED;
let CONNECT = Math.min(IDLE, CONNECT_REQUESTED);
const ROUNDS = Math.max(1, Number(process.env.BENCH_IDLE_ROUNDS ?? 3));
const CLIENTS = Math.max(1, Number(process.env.BENCH_IDLE_CLIENTS ?? 4));
const CONCURRENCY = Math.max(CLIENTS, Number(process.env.BENCH_IDLE_CONCURRENCY ?? 200));
const TARGETS = (process.env.BENCH_IDLE_TARGETS ?? 'sqlite,postgres').split(',');
const ANSWER_MS = Math.max(1_000, Number(process.env.BENCH_IDLE_ANSWER_MS ?? 60_000));
let WARM = Math.min(500, Math.max(0, IDLE - CONNECT));
const SOURCES = 32;
const NOFILE = 200_000;

interface Memory {
  rss: number;
  heapUsed: number;
  /** V8 heap reserved (used or not): RSS a burst leaves behind after its garbage is gone. */
  heapTotal: number;
  /** Buffers and other memory outside the V8 heap that V8 objects hold (ws, pg, ioredis). */
  external: number;
}

interface Server {
  ws: string;
  proc: Proc;
}

interface Target {
  label: string;
  start(round: number): Promise<Server>;
  url(server: Server, i: number): string;
  waitFirstMessage: boolean;
}

interface RoundResult {
  connectSeconds: number;
  /** User + system CPU of the server process while those sockets connected (/proc: steadier than the wall time on shared cores). */
  cpuSeconds: number;
  opened: number;
  failed: number;
  firstError?: string;
  kbRss: number;
  kbHeap: number;
  kbHeapTotal: number;
  kbExternal: number;
  rssAfterMb: number;
}

const loadAvg = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const probeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kindred-bench-heap-'));
const probeArgs = ['--expose-gc', '--import', './bench/lib/heap-probe.mjs']; // plain JS: ours runs with no TypeScript loader

/** Memory after a full collection; the lower of two reads a second apart. */
async function memoryOf(proc: Proc): Promise<Memory> {
  const reads: Memory[] = [];
  for (let i = 0; i < 2; i++) {
    const file = path.join(probeDir, `${proc.child.pid}.json`);
    fs.rmSync(file, { force: true });
    proc.child.kill('SIGUSR2');
    for (let waited = 0; !fs.existsSync(file); waited += 50) {
      if (waited > 30_000) throw new Error('the heap probe did not answer');
      await sleep(50);
    }
    reads.push(JSON.parse(fs.readFileSync(file, 'utf8')) as Memory);
    await sleep(1_000);
  }
  const least = (key: keyof Memory) => Math.min(...reads.map((r) => r[key]));
  return { rss: least('rss'), heapUsed: least('heapUsed'), heapTotal: least('heapTotal'), external: least('external') };
}

/** The client processes, shared by every round. */
class Clients {
  private readonly procs: ChildProcess[] = [];

  constructor(count: number) {
    for (let c = 0; c < count; c++) this.procs.push(fork(path.join(ROOT, 'bench/lib/idle-client-worker.ts'), [], { cwd: ROOT, execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }));
  }

  private ask<T>(proc: ChildProcess, message: unknown): Promise<T> {
    return new Promise((resolve, reject) => {
      const exited = (code: number | null) => reject(new Error(`client process exited (${code})`));
      proc.once('exit', exited);
      proc.once('message', (answer) => (proc.off('exit', exited), resolve(answer as T)));
      proc.send(message as object);
    });
  }

  /** Opens sockets `from` … `to` - 1 (url(i), from loopbackSource(i)), spread over the processes; answers when all are done. */
  async open(url: (i: number) => string, from: number, to: number, waitFirstMessage: boolean): Promise<{ opened: number; failed: number; firstError?: string }> {
    const answers = await Promise.all(
      this.procs.map((proc, c) => {
        const urls: string[] = [];
        const sources: string[] = [];
        for (let i = from + c; i < to; i += this.procs.length) {
          urls.push(url(i));
          sources.push(loopbackSource(i, SOURCES));
        }
        return this.ask<{ opened: number; failed: number; firstError?: string }>(proc, { open: urls, sources, concurrency: Math.ceil(CONCURRENCY / this.procs.length), waitFirstMessage, answerMs: ANSWER_MS });
      }),
    );
    return { opened: answers.reduce((n, a) => n + a.opened, 0), failed: answers.reduce((n, a) => n + a.failed, 0), firstError: answers.find((a) => a.firstError)?.firstError };
  }

  async closeAll(): Promise<void> {
    await Promise.all(this.procs.map((proc) => this.ask(proc, { close: true })));
  }

  stop(): void {
    this.procs.forEach((proc) => proc.disconnect());
  }
}

async function round(target: Target, clients: Clients, r: number): Promise<RoundResult> {
  const name = r < 0 ? 'warm-up' : `round ${r + 1}/${ROUNDS}`; // warm-up: not counted
  console.log(`  ${target.label} [${name}]: starting · load ${loadAvg()}`);
  const server = await target.start(r);
  try {
    const url = (i: number) => target.url(server, i);
    const warm = await clients.open(url, 0, WARM, target.waitFirstMessage);
    await sleep(1_000);
    const before = await memoryOf(server.proc);
    const [started, cpuBefore] = [performance.now(), cpuSecondsOf(server.proc.child.pid!)];
    const timed = await clients.open(url, WARM, WARM + CONNECT, target.waitFirstMessage);
    const connectSeconds = (performance.now() - started) / 1000;
    const cpuSeconds = cpuSecondsOf(server.proc.child.pid!) - cpuBefore;
    const rest = await clients.open(url, WARM + CONNECT, IDLE, target.waitFirstMessage);
    await sleep(2_000);
    const after = await memoryOf(server.proc);
    const opened = warm.opened + timed.opened + rest.opened;
    const failed = warm.failed + timed.failed + rest.failed;
    const added = timed.opened + rest.opened;
    const result: RoundResult = {
      connectSeconds: Math.round(connectSeconds * 100) / 100,
      cpuSeconds: Math.round(cpuSeconds * 100) / 100,
      opened,
      failed,
      firstError: warm.firstError ?? timed.firstError ?? rest.firstError,
      kbRss: Math.round(((after.rss - before.rss) / 1024 / added) * 100) / 100,
      kbHeap: Math.round(((after.heapUsed - before.heapUsed) / 1024 / added) * 100) / 100,
      kbHeapTotal: Math.round(((after.heapTotal - before.heapTotal) / 1024 / added) * 100) / 100,
      kbExternal: Math.round(((after.external - before.external) / 1024 / added) * 100) / 100,
      rssAfterMb: Math.round(after.rss / 1024 / 102.4) / 10,
    };
    console.log(
      `  ${target.label} [${name}]: ${timed.opened} sockets in ${result.connectSeconds} s (server CPU ${result.cpuSeconds} s); ${opened} idle${failed ? ` (${failed} failed: ${result.firstError})` : ''}; ` +
        `RSS ${Math.round(before.rss / 1048576)} → ${Math.round(after.rss / 1048576)} MB (${result.kbRss} KB/socket), heap used ${Math.round(before.heapUsed / 1048576)} → ${Math.round(after.heapUsed / 1048576)} MB (${result.kbHeap} KB/socket), heap reserved ${result.kbHeapTotal} and external ${result.kbExternal} KB/socket · load ${loadAvg()}`,
    );
    await clients.closeAll();
    return result;
  } finally {
    await server.proc.stop();
  }
}

function bareTarget(): Target {
  return {
    label: 'bare ws relay',
    waitFirstMessage: false,
    async start() {
      const proc = await startNode('bench/baselines/bare-ws-relay.ts', { HEAP_PROBE_DIR: probeDir }, '/healthz', probeArgs);
      return { ws: proc.url.replace('http', 'ws'), proc };
    },
    url: (s, i) => `${s.ws}/?uid=${i + 1}`,
  };
}

/**
 * BENCH_IDLE_BEFORE=<dir>: a copy of the tree from before a change (`git archive` of a commit,
 * node_modules linked in); each of ours is then also run from it, in the same rounds (ours first in
 * even rounds, before first in odd ones), so a change is measured beside the code it replaced.
 */
const BEFORE = process.env.BENCH_IDLE_BEFORE;

function inRoundOrder(targets: Target[], r: number): Target[] {
  if (!BEFORE || r % 2 === 0) return targets;
  return targets.flatMap((t, i) => (i % 2 === 0 ? [] : [t, targets[i - 1]!]));
}

function oursTarget(label: string, env: Record<string, string>, members: ChatMember[], root = ROOT): Target {
  return {
    label,
    waitFirstMessage: true,
    async start(r) {
      await freshSessions(env);
      const prefix: Record<string, string> = env.REDIS_PREFIX ? { REDIS_PREFIX: `${env.REDIS_PREFIX}${r}:` } : {};
      const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'kindred-bench-idle-node-'));
      // Thousands of sockets from 32 loopback addresses: the per-address cap is for the internet.
      const base = { ...env, ...prefix, DATA_DIR: dataDir, SEED_DEMO: 'false', SOCKET_MAX_PER_ADDRESS: '1000000', LOG_LEVEL: 'warn', HEAP_PROBE_DIR: probeDir };
      const extra = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
      const proc = await startNode(serverEntry(path.join(root, 'apps/server/src/main.ts')), base, '/healthz', [...extra, ...probeArgs]);
      return { ws: proc.url.replace('http', 'ws'), proc };
    },
    url: (s, i) => `${s.ws}/socket?token=${members[i]!.token}`,
  };
}

/**
 * Every target's sockets find their sessions in the same state: seen within the minute for the
 * whole target (marked ten minutes ahead, so a slow burst does not cross the minute). Authentication
 * stamps a session (and its member) last seen over a minute ago, two commits per socket
 * (modules/auth/auth.service.ts), and the targets share the members: without this the first target
 * of a round paid those commits and the ones after it did not (1,000 sockets on SQLite: 104 s
 * against 29 s for the same code, 2026-11-27).
 */
async function freshSessions(env: Record<string, string>): Promise<void> {
  const handle = env.DATABASE_URL ? openDatabase({ kind: 'postgres', url: env.DATABASE_URL }) : openDatabase({ kind: 'sqlite', file: path.join(env.DATA_DIR!, 'kindred.sqlite') });
  try {
    await handle.db.updateTable('sessions').set({ last_seen_at: Date.now() + 10 * 60_000 }).execute();
  } finally {
    await handle.destroy();
  }
}

interface Summary {
  label: string;
  rounds: RoundResult[];
  connect: Spread;
  cpu: Spread;
  kbRss: Spread;
  kbHeap: Spread;
  opened: number;
}
function summarize(label: string, rounds: RoundResult[]): Summary {
  return {
    label,
    rounds,
    connect: spread(rounds.map((r) => r.connectSeconds)),
    cpu: spread(rounds.map((r) => r.cpuSeconds)),
    kbRss: spread(rounds.map((r) => r.kbRss)),
    kbHeap: spread(rounds.map((r) => r.kbHeap)),
    opened: Math.min(...rounds.map((r) => r.opened)),
  };
}

function rows(bare: Summary, ours: Summary[]): Row[] {
  const out: Row[] = [];
  for (const o of ours) {
    const n = o.rounds.length;
    out.push({
      case: `idle sockets held on one node (${o.label}; fewest over ${n} rounds)`,
      ours: String(o.opened),
      baseline: String(bare.opened),
      ratio: o.opened / bare.opened,
      budget: `${REQUESTED} on one node${IDLE < REQUESTED ? ` (only ${IDLE} fit under this machine's open-file limit)` : ''}`,
    });
    out.push({
      case: `seconds to connect ${CONNECT} authenticated sockets, median of ${n} alternating rounds (min–max) (${o.label})`,
      ours: show(o.connect, ' s'),
      baseline: show(bare.connect, ' s'),
      ratio: bare.connect.median / o.connect.median,
      budget: '≤ 2× bare (ratio ≥ 0.5)',
    });
    out.push({
      case: `server CPU seconds while those ${CONNECT} sockets connected, median (min–max) (${o.label})`,
      ours: show(o.cpu, ' s'),
      baseline: show(bare.cpu, ' s'),
      ratio: bare.cpu.median / o.cpu.median,
      budget: 'what the connect time is made of (no budget of its own)',
    });
    out.push({
      case: `KB of RSS per idle socket, ${IDLE} sockets (${o.label})`,
      ours: show(o.kbRss),
      baseline: show(bare.kbRss),
      ratio: bare.kbRss.median / o.kbRss.median,
      budget: '≤ 1.5× bare (ratio ≥ 0.67)',
    });
    out.push({
      case: `KB of V8 heap used per idle socket, ${IDLE} sockets (${o.label})`,
      ours: show(o.kbHeap),
      baseline: show(bare.kbHeap),
      ratio: bare.kbHeap.median / o.kbHeap.median,
      budget: 'where the RSS goes (no budget of its own)',
    });
  }
  return out;
}

async function seed(kind: 'sqlite' | 'postgres', count: number, url?: string): Promise<{ dataDir?: string; members: ChatMember[] }> {
  const dataDir = kind === 'sqlite' ? fs.mkdtempSync(path.join(os.tmpdir(), 'kindred-bench-idle-')) : undefined;
  const handle = kind === 'sqlite' ? openDatabase({ kind: 'sqlite', file: path.join(dataDir!, 'kindred.sqlite') }) : openDatabase({ kind: 'postgres', url: url! });
  await migrateToLatest(handle);
  const members = await seedChatMembers(handle, count);
  await handle.destroy();
  return { dataDir, members };
}

export async function socketsIdleBench(): Promise<void> {
  const started = Date.now();
  // Children inherit the limit: every server and client process spawned from here on may hold NOFILE
  // descriptors. Raising the hard limit needs CAP_SYS_RESOURCE, which a container may not grant.
  let note: string | undefined;
  try {
    execSync(`prlimit --pid ${process.pid} --nofile=${NOFILE}:${NOFILE}`, { stdio: 'pipe' });
  } catch (error) {
    note = `the open-file limit could not be raised (${String((error as { stderr?: Buffer }).stderr ?? error).trim()})`;
  }
  const limit = Number(execSync('sh -c "ulimit -n"').toString().trim());
  // The server holds one descriptor per socket beside its own (database, Redis, listeners, modules).
  if (IDLE > limit - 500) {
    IDLE = limit - 500;
    CONNECT = Math.min(IDLE, CONNECT_REQUESTED);
    WARM = Math.min(500, Math.max(0, IDLE - CONNECT));
    note = `${note ?? ''}; ulimit -n is ${limit}: ${REQUESTED} idle sockets asked, ${IDLE} fit in one server process`;
    console.log(`  ${note}`);
  }
  console.log(`  ${IDLE} idle sockets (${CONNECT} timed), ${ROUNDS} rounds, ${CLIENTS} client processes from ${SOURCES} source addresses, ulimit -n ${limit} · load ${loadAvg()}`);
  const targets: Target[] = [];
  const cleanups: (() => Promise<void> | void)[] = [];
  try {
    if (TARGETS.includes('sqlite')) {
      const { dataDir, members } = await seed('sqlite', IDLE);
      cleanups.push(() => fs.rmSync(dataDir!, { recursive: true, force: true }));
      targets.push(oursTarget('ours, SQLite', { DATA_DIR: dataDir! }, members));
      if (BEFORE) targets.push(oursTarget('before, SQLite', { DATA_DIR: dataDir! }, members, BEFORE));
    }
    const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
    const redisUrl = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL;
    if (TARGETS.includes('postgres') && pgUrl && redisUrl) {
      const schema = `bench_idle_${Date.now()}`;
      const admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      await admin.query(`create schema ${schema}`);
      cleanups.push(async () => {
        await admin.query(`drop schema ${schema} cascade`);
        await admin.end();
      });
      const url = `${pgUrl}${pgUrl.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
      const { members } = await seed('postgres', IDLE, url);
      targets.push(oursTarget('ours, PostgreSQL + Redis', { DATABASE_URL: url, REDIS_URL: redisUrl, REDIS_PREFIX: `${schema}:` }, members));
      if (BEFORE) targets.push(oursTarget('before, PostgreSQL + Redis', { DATABASE_URL: url, REDIS_URL: redisUrl, REDIS_PREFIX: `${schema}:before:` }, members, BEFORE));
    } else if (TARGETS.includes('postgres')) {
      console.log('  no BENCH_DATABASE_URL/TEST_DATABASE_URL and BENCH_REDIS_URL/TEST_REDIS_URL: the PostgreSQL + Redis target is skipped');
    }

    const bare = bareTarget();
    const results = new Map<Target, RoundResult[]>([[bare, []], ...targets.map((t) => [t, []] as [Target, RoundResult[]])]);
    const clients = new Clients(CLIENTS);
    try {
      // The first server after the seeding connected a third slower than the same code right after
      // it (2026-11-28, against an identical copy); each of ours is followed by a bare round.
      await round(bare, clients, -1);
      for (let r = 0; r < ROUNDS; r++) {
        for (const target of inRoundOrder(targets, r)) {
          results.get(target)!.push(await round(target, clients, r));
          results.get(bare)!.push(await round(bare, clients, r));
        }
        if (!targets.length) results.get(bare)!.push(await round(bare, clients, r));
      }
    } finally {
      clients.stop();
    }
    const bareSummary = summarize(bare.label, results.get(bare)!);
    const ours = targets.map((t) => summarize(t.label, results.get(t)!));
    report('sockets', rows(bareSummary, ours), { idle: IDLE, requested: REQUESTED, limit, note, connect: CONNECT, rounds: ROUNDS, clients: CLIENTS, concurrency: CONCURRENCY, bare: bareSummary, ours, loadAverageAtEnd: loadAvg(), minutes: Math.round((Date.now() - started) / 6000) / 10 }, {
      partial: REQUESTED !== 50_000 || CONNECT_REQUESTED !== 10_000 || ROUNDS < 3 || TARGETS.length < 2,
    });
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
    fs.rmSync(probeDir, { recursive: true, force: true });
  }
}
