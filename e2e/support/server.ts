import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverArgs } from './server-bundle.js';
import { freePort } from '../../apps/server/test/helpers/free-port.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface RunningServer {
  url: string;
  dataDir: string;
  outboxDir: string;
  /** What the server wrote (LOG_LEVEL warn: warnings and errors only), for a failed journey's report. */
  output(): string;
  stop(): Promise<void>;
}

/** Starts the real server (as `npm start` does: the run's bundle, see server-bundle.ts) on a free port with its own data folder. */
export { freePort };

export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kindred-e2e-'));
  // The journeys run on the embedded default: no PostgreSQL or Redis even when CI has them.
  const { DATABASE_URL: _db, REDIS_URL: _redis, ...inherited } = process.env;
  const child: ChildProcess = spawn(process.execPath, serverArgs(), {
    cwd: ROOT,
    env: {
      ...inherited,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: '1000',
      UPLOAD_RATE_LIMIT: '1000',
      // The sign-up proof-of-work runs for real (browser workers, the server's checks) at a cost journeys can afford.
      ANTISPAM_POW_COST: '1',
      ANTISPAM_POW_COUNTER_MAX: '300',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 60_000) throw new Error(`server did not start in 60 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    dataDir,
    outboxDir: path.join(dataDir, 'outbox'),
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
