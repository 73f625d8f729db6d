import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Proc, serverEntry, startNode } from './proc.js';
import type { ChatMember } from './seed-chat.js';

/** What the socket bench (bench/socket.bench.ts) measures: the bare relays and our server on one or two nodes. */

export interface Server {
  /** ws:// base of each node. */
  nodes: string[];
  rssKb(): number;
  /** The server's processes, and each node's /metrics (ours only): the load of each traffic phase (lib/phase-load.ts). */
  pids: number[];
  metricsUrls: string[];
  stop(): Promise<void>;
}

export interface Target {
  label: string;
  /** `round` counts from 0: a target started again must not share state (Redis keys) with its last start. */
  start(round: number): Promise<Server>;
  /** Socket URL of idle client i / pair endpoint j, and the uid pair endpoint j is known by. */
  idleUrl(server: Server, i: number): string;
  pairUrl(server: Server, j: number): string;
  pairUid(j: number): number;
  waitFirstMessage: boolean;
  isDelivery(data: string): boolean;
  /** The PostgreSQL URL the target stores into, if any: a checkpoint is forced before its latency is timed. */
  postgres?: string;
}

const rssKbOf = (proc: Proc) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${proc.child.pid}/status`, 'utf8'))?.[1] ?? 0);

/**
 * The bare relay; with `store`, it inserts each message into that SQLite file or PostgreSQL
 * database (a URL whose search_path is the bench's schema) first (pairs are its members).
 */
export function bareTarget(store?: { sqlite?: string; postgres?: string; members: ChatMember[]; idleCount: number }, label = 'bare ws relay'): Target {
  const pairUid = (j: number) => (store ? store.members[store.idleCount + j]!.id : j + 1);
  const env: Record<string, string> = store?.postgres ? { STORE_POSTGRES: store.postgres } : store?.sqlite ? { STORE_SQLITE: store.sqlite } : {};
  return {
    label: store ? `bare ws relay + INSERT per message (${store.postgres ? 'PostgreSQL' : 'SQLite'})` : label,
    waitFirstMessage: false,
    async start() {
      const proc = await startNode('bench/baselines/bare-ws-relay.ts', env);
      return { nodes: [proc.url.replace('http', 'ws')], rssKb: () => rssKbOf(proc), pids: [proc.child.pid!], metricsUrls: [], stop: () => proc.stop() };
    },
    idleUrl: (s, i) => `${s.nodes[0]}/?uid=${1_000_000 + i}`,
    pairUrl: (s, j) => `${s.nodes[0]}/?uid=${pairUid(j)}`,
    pairUid,
    isDelivery: () => true,
    postgres: store?.postgres,
  };
}

/**
 * Our server (apps/server/src/main.ts) on `nodes` processes; members[0..idle) idle, the rest in
 * pairs (endpoints 2k and 2k+1 write to each other). `together`: both endpoints of a pair on the
 * same node, so on two nodes no message crosses Redis while both processes still share the cores.
 */
export function oursTarget(label: string, env: Record<string, string>, nodes: number, members: ChatMember[], idleCount: number, entry = 'apps/server/src/main.ts', together = false): Target {
  const pairMember = (j: number) => members[idleCount + j]!;
  return {
    label,
    waitFirstMessage: true,
    async start(round) {
      // The fleet opens thousands of sockets from 8 loopback addresses: the per-address cap is for the internet.
      // A fresh Redis prefix per start: presence and routing keys of the last start must not linger.
      const prefix: Record<string, string> = env.REDIS_PREFIX ? { REDIS_PREFIX: `${env.REDIS_PREFIX}${round}:` } : {};
      const base = { ...env, ...prefix, SEED_DEMO: 'false', CHAT_RATE_LIMIT: '100000000', SOCKET_MAX_PER_ADDRESS: '1000000', LOG_LEVEL: 'warn' };
      const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
      const procs: Proc[] = [];
      // Each node its own data folder (uploads, outbox) unless the database lives in it (SQLite).
      const dataDir = () => env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'kindred-bench-socket-node-'));
      for (let n = 0; n < nodes; n++) procs.push(await startNode(serverEntry(entry), { ...base, DATA_DIR: dataDir() }, '/healthz', nodeArgs));
      return {
        nodes: procs.map((p) => p.url.replace('http', 'ws')),
        rssKb: () => procs.reduce((sum, p) => sum + rssKbOf(p), 0),
        pids: procs.map((p) => p.child.pid!),
        metricsUrls: procs.map((p) => `${p.url}/metrics`),
        stop: async () => void (await Promise.all(procs.map((p) => p.stop()))),
      };
    },
    idleUrl: (s, i) => `${s.nodes[i % s.nodes.length]}/socket?token=${members[i]!.token}`,
    // Split, pair endpoints alternate nodes: on two nodes every message crosses Redis.
    pairUrl: (s, j) => `${s.nodes[(together ? Math.floor(j / 2) : j) % s.nodes.length]}/socket?token=${pairMember(j).token}`,
    pairUid: (j) => pairMember(j).id,
    isDelivery: (data) => data.startsWith('{"kind":1,'),
    postgres: env.DATABASE_URL,
  };
}
