import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadSince, markLoad, showLoad } from '../lib/phase-load.js';
import { checkpoint, vacuumAnalyze } from '../lib/postgres-upkeep.js';
import { inChatSchema, inChatSqlite, type ChatMember } from '../lib/seed-chat.js';
import { closeSockets, openSockets, PairTraffic } from '../lib/socket-fleet.js';
import { oursTarget } from '../lib/socket-targets.js';
import { median } from '../lib/spread.js';

/**
 * An A/B of our server's node options or environment at one fixed rate, on PostgreSQL + Redis or,
 * with `--db sqlite`, on SQLite (the socket bench's pieces: 10,000 idle sockets, 50 pairs, open
 * loop). The arms alternate, each round a fresh start of each arm that times WINDOWS windows, so a
 * change is judged against the code as it is in the same minutes (a single full run swings too much
 * to tell a few ms of p99). Prints every window's p99 and each arm's median. A diagnostic for the
 * p99 row of issue 14, not a bench of the README's table: its figures go to the console only.
 * An arm is 'label|node options|ENV=v ENV2=w|tree': `tree`, a copy of the repository from before a
 * change (`git archive` of a commit, node_modules linked in, as BENCH_SOCKET_BEFORE), runs that code.
 * PG_SETTINGS=name=value,name2=value2 in an arm's environment sets PostgreSQL settings on every
 * connection of its server (e.g. synchronous_commit=off: what the disk's syncs add to the p99).
 * Each window's line says which share of the messages waited over 10 and over 50 ms for their
 * commit; run bench/tools/fsync-probe.ts beside it to see the disk's own tail.
 * On SQLite every arm's server opens the same database file, seeded once.
 *   node --import tsx bench/tools/server-ab.ts --rate 12000 --arm 'as is' --arm 'no pretenuring|--no-allocation-site-pretenuring' [--arm 'async commit||PG_SETTINGS=synchronous_commit=off'] [--arm 'before|||/tmp/before'] [--rounds 4] [--windows 2] [--seconds 15] [--sockets 10000] [--db postgres|sqlite]
 */

const { values } = parseArgs({
  options: {
    rate: { type: 'string', default: '12000' },
    arm: { type: 'string', multiple: true },
    rounds: { type: 'string', default: '4' },
    windows: { type: 'string', default: '2' },
    seconds: { type: 'string', default: '15' },
    sockets: { type: 'string', default: '10000' },
    db: { type: 'string', default: 'postgres' },
  },
});
const PAIRS = 50;
const rate = Number(values.rate);
interface Arm {
  label: string;
  args: string;
  entry?: string;
  env: Record<string, string>;
  options: string;
}
const arms: Arm[] = (values.arm?.length ? values.arm : ['as is']).map((spec) => {
  const [label, args = '', env = '', tree] = spec.split('|');
  const entry = tree ? path.join(tree, 'apps/server/src/main.ts') : undefined;
  // Split at the first '=': a value may hold more (PG_SETTINGS).
  const vars = Object.fromEntries(env.split(/\s+/).filter((kv) => kv.includes('=')).map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)] as const));
  const { PG_SETTINGS: settings = '', ...rest } = vars;
  const options = settings.split(',').filter(Boolean).map((s) => `-c ${s}`).join(' ');
  return { label: label!, args, entry, env: rest, options };
});
/** The schema's URL (its options set search_path) with an arm's PostgreSQL settings added. */
const withSettings = (url: string, options: string) => (options ? url.replace(/([?&]options=)/, `$1${encodeURIComponent(options + ' ')}`) : url);
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const redisUrl = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL;
if (values.db !== 'postgres' && values.db !== 'sqlite') throw new Error('--db is postgres or sqlite');
const sqlite = values.db === 'sqlite';
if (!sqlite && (!pgUrl || !redisUrl)) throw new Error('server-ab on PostgreSQL needs TEST_DATABASE_URL and TEST_REDIS_URL (or BENCH_…)');
if (sqlite && arms.some((arm) => arm.options)) throw new Error('PG_SETTINGS is for PostgreSQL arms');

const idleCount = Number(values.sockets);
const p99s = new Map<string, number[]>(arms.map((a) => [a.label, []]));

/** Where an arm's server stores: its environment, and the upkeep before a start and before the windows (PostgreSQL's). */
interface Store {
  env(arm: Arm, index: number): Record<string, string>;
  members: ChatMember[];
  beforeStart(): Promise<void>;
  beforeWindows(): Promise<void>;
}

async function runArms(store: Store): Promise<void> {
  // Round 0 is not counted: the seeded tables were analyzed empty, and a plan a backend caches while
  // they are (a foreign key's check of messages by a sequential scan) lasts until they are analyzed again.
  for (let r = 0; r <= Number(values.rounds); r++) {
    for (const [a, arm] of (r === 0 ? arms.slice(0, 1) : arms).entries()) {
      await store.beforeStart();
      // oursTarget reads the node options of each start from the environment.
      process.env.BENCH_SERVER_NODE_ARGS = arm.args;
      const target = oursTarget(arm.label, { ...store.env(arm, a), ...arm.env }, 1, store.members, idleCount, arm.entry);
      const server = await target.start(r);
      try {
        const pairUrls = Array.from({ length: PAIRS * 2 }, (_, j) => target.pairUrl(server, j));
        const pairSockets = await openSockets(pairUrls, { waitFirstMessage: true, maxFailures: 1 });
        const byUrl = new Map(pairSockets.sockets.map((ws) => [ws.url, ws]));
        const pairs = Array.from({ length: PAIRS }, (_, p) => ({
          a: { ws: byUrl.get(pairUrls[2 * p]!)!, uid: target.pairUid(2 * p) },
          b: { ws: byUrl.get(pairUrls[2 * p + 1]!)!, uid: target.pairUid(2 * p + 1) },
        }));
        const traffic = new PairTraffic(pairs, target.isDelivery);
        const idle = await openSockets(Array.from({ length: idleCount }, (_, i) => target.idleUrl(server, i)), { waitFirstMessage: true, concurrency: 100, offset: PAIRS * 2 });
        // The warm-up the socket bench gives a target before its latency: saturation, then a checkpoint.
        await traffic.closedLoop(4, 2, 8);
        await store.beforeWindows();
        // The warm-up round only fills the tables (analyzed again before the next start).
        if (r === 0) await traffic.closedLoop(4, 0, 15);
        for (let w = 0; w < (r === 0 ? 0 : Number(values.windows)); w++) {
          const mark = await markLoad(server.pids, server.metricsUrls);
          const result = await traffic.openLoop(rate, w === 0 ? 2 : 0, Number(values.seconds));
          const load = await loadSince(mark, server.pids, server.metricsUrls);
          if (r > 0) p99s.get(arm.label)!.push(result.p99);
          console.log(`${r === 0 ? 'warm-up' : `round ${r}`} ${arm.label} window ${w + 1}: ${result.rate}/s p50 ${result.p50} p99 ${result.p99} max ${result.max} ms${result.lost ? ` lost ${result.lost}` : ''} · ${showLoad(load)} · bench loop p99 ${result.clientLag?.p99} ms`);
        }
        await closeSockets([...idle.sockets, ...pairSockets.sockets]);
      } finally {
        await server.stop();
      }
    }
  }
}

const nothing = async () => undefined;
if (sqlite)
  await inChatSqlite(idleCount + PAIRS * 2, (dataDir, members) => runArms({ env: () => ({ DATA_DIR: dataDir }), members, beforeStart: nothing, beforeWindows: nothing }));
else
  await inChatSchema(pgUrl!, 'bench_ab', idleCount + PAIRS * 2, (schema, url, members) =>
    runArms({
      env: (arm, a) => ({ DATABASE_URL: withSettings(url, arm.options), REDIS_URL: redisUrl!, REDIS_PREFIX: `${schema}${a}r` }),
      members,
      beforeStart: () => vacuumAnalyze(url),
      beforeWindows: () => checkpoint(url),
    }),
  );
for (const [label, list] of p99s) console.log(`${label}: p99 median ${median(list)} ms over ${list.length} windows (${list.join(', ')})`);
