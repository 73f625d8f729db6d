import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The loopback address client socket `i` binds to, 127.0.0.2 … 127.0.0.(1 + `count`) in turn: so many
 * connections to one server never run one (source, destination) pair out of ephemeral ports.
 */
export const loopbackSource = (i: number, count: number): string => `127.0.0.${2 + (i % count)}`;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface Proc {
  url: string;
  child: ChildProcess;
  rssMb(): number;
  stop(): Promise<void>;
}

const built = new Map<string, string>();

/**
 * Our server as `npm start` runs it: the esbuild bundle of apps/server/src/main.ts (scripts/build.mjs),
 * plain Node with no TypeScript loader. Until 2026-11-28 the benches ran src/main.ts through tsx,
 * which no installation runs: its keepNames helper (`__name`) ran at every named closure our code made, and its
 * loader thread sat beside the server. `root` is the repository (or a copy of one, for a before/after
 * run; its node_modules linked); `entry`, a path to some copy's apps/server/src/main.ts, names that
 * copy instead. Built once per bench process into apps/server/.dist-bench-<pid>/ (git-ignored, removed at exit).
 * BENCH_SERVER_TSX=1 starts the TypeScript through tsx as before (a profile then names source files).
 */
export function serverEntry(entry?: string): string {
  const root = entry ? path.resolve(entry).replace(/\/apps\/server\/src\/main\.ts$/, '') : ROOT;
  if (process.env.BENCH_SERVER_TSX === '1') return path.join(root, 'apps/server/src/main.ts');
  let main = built.get(root);
  if (!main) {
    // One folder per bench process (two benches at once must not rebuild under each other's servers),
    // at dist/'s depth: the bundle finds the repository from its own place (src/config.ts, REPO_ROOT).
    const script = path.join(root, 'apps/server/scripts/build.mjs');
    if (!fs.existsSync(script)) throw new Error(`${script} is missing: a before/after copy needs the whole apps/server (git archive <rev> apps/server packages)`);
    const outdir = path.join(root, `apps/server/.dist-bench-${process.pid}`);
    process.once('exit', () => fs.rmSync(outdir, { recursive: true, force: true }));
    const result = spawnSync(process.execPath, [script, `--outdir=${outdir}`], { cwd: root, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`building the server in ${root} failed:\n${result.stdout}${result.stderr}`);
    built.set(root, (main = path.join(outdir, 'main.js')));
  }
  return main;
}

/**
 * Starts an entry and waits until `readyPath` answers: JavaScript (the server's bundle) under plain
 * Node, TypeScript (the baselines, our server with BENCH_SERVER_TSX=1) under tsx; `nodeArgs` go to
 * node (e.g. --cpu-prof).
 */
export async function startNode(entry: string, env: Record<string, string>, readyPath = '/healthz', nodeArgs: string[] = []): Promise<Proc> {
  const port = await freePort();
  const loader = entry.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...nodeArgs, ...loader, entry], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  // BENCH_SERVER_LOG_DIR: each server's output kept in a file of its own (e.g. with
  // BENCH_SERVER_NODE_ARGS=--trace-gc, to line GC pauses up with a round's p99).
  const logDir = process.env.BENCH_SERVER_LOG_DIR;
  if (logDir) {
    fs.mkdirSync(logDir, { recursive: true });
    const file = fs.createWriteStream(path.join(logDir, `${path.basename(path.dirname(path.dirname(entry)))}-${path.basename(entry)}-${child.pid}.log`));
    child.stdout?.pipe(file, { end: false });
    child.stderr?.pipe(file, { end: false });
    child.once('exit', () => file.end());
  }
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${entry} exited:\n${output}`);
    try {
      if ((await fetch(url + readyPath)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() - started > 180_000) throw new Error(`${entry} did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    child,
    rssMb() {
      const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      return Math.round(kb / 102.4) / 10;
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
