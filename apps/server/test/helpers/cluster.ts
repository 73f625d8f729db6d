import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { inject, onTestFinished } from 'vitest';
import { REPO_ROOT } from '../../src/config.js';
import { startApp, type TestApp } from './test-app.js';
import { freePort } from './free-port.js';

export { freePort };

/** A node could not bind its port: someone took it after freePort looked. */
class PortTaken extends Error {}

export interface Node {
  url: string;
  port: number;
  process: ChildProcess;
  /** Everything the node wrote, for the failure message. */
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

export interface Cluster {
  /** The in-test app: a migrated PostgreSQL schema the nodes share, and its services for factories. */
  ctx: TestApp;
  prefix: string;
  redis: Redis;
  startNode(env?: Record<string, string>): Promise<Node>;
}

/**
 * Real server processes (apps/server/src/main.ts, bundled as `npm start` runs it) on one fresh PostgreSQL
 * schema and one Redis (TEST_DATABASE_URL, TEST_REDIS_URL), with a Redis prefix of their own so
 * parallel test files never hear each other. Everything stops when the test finishes.
 */
export async function startCluster(): Promise<Cluster> {
  const redisUrl = process.env.TEST_REDIS_URL;
  if (!redisUrl) throw new Error('cluster tests need TEST_REDIS_URL');
  const ctx = await startApp();
  if (ctx.config.database.kind !== 'postgres') throw new Error('cluster tests run on PostgreSQL (KINDRED_TEST_DIALECT=postgres)');
  const databaseUrl = ctx.config.database.url;
  const prefix = `kt${randomBytes(4).toString('hex')}:`;
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
  const nodes: Node[] = [];
  onTestFinished(async () => {
    await Promise.all(nodes.map((n) => n.kill('SIGTERM')));
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  async function startNode(env: Record<string, string> = {}): Promise<Node> {
    // freePort's port is free when asked, not when the node binds it: another process (a client's
    // ephemeral port, another test file's node) can take it in between. Such a start is tried again.
    for (let attempt = 1; ; attempt++) {
      try {
        return await startNodeOn(env.PORT ? Number(env.PORT) : await freePort(), env);
      } catch (error) {
        if (!(error instanceof PortTaken) || env.PORT || attempt >= 5) throw error;
      }
    }
  }

  async function startNodeOn(port: number, env: Record<string, string>): Promise<Node> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kindred-node-'));
    // The run's bundle (setup/server-bundle.ts), as `npm start` runs it; the source through tsx without one.
    const bundle = inject('kindredServerBundle');
    const child = spawn(process.execPath, bundle ? [bundle] : ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATABASE_URL: databaseUrl,
        REDIS_URL: redisUrl,
        REDIS_PREFIX: prefix,
        SEED_DEMO: '0',
        LOG_LEVEL: 'warn',
        DATA_DIR: dataDir,
        WEB_DIST: path.join(dataDir, 'web'),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
    // Ready once main.ts says so: it prints after the Redis subscription is live and the port is bound.
    await new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Kindred is running')) resolve();
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      void exited.then(({ code, signal }) => {
        if (output.includes('Kindred is running')) return;
        fs.rmSync(dataDir, { recursive: true, force: true });
        const message = `node exited (${code ?? signal}) before it was ready:\n${output}`;
        reject(output.includes('EADDRINUSE') ? new PortTaken(message) : new Error(message));
      });
    });
    const node: Node = {
      url: `ws://127.0.0.1:${port}`,
      port,
      process: child,
      output: () => output,
      exited,
      async kill(signal: NodeJS.Signals = 'SIGTERM') {
        if (child.exitCode === null && child.signalCode === null) child.kill(signal);
        await exited;
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
    nodes.push(node);
    return node;
  }

  return { ctx, prefix, redis, startNode };
}
