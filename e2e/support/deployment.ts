/// <reference path="../../apps/server/test/helpers/s3rver.d.ts" />
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import S3rver from 's3rver';
import { freePort } from './server.js';
import { serverArgs } from './server-bundle.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const serverRequire = createRequire(path.join(ROOT, 'apps/server/package.json'));
const pg = serverRequire('pg') as typeof import('pg');
const { Redis } = serverRequire('ioredis') as typeof import('ioredis');
/** The one nginx template, shared with deploy/compose.yaml. */
export const NGINX_TEMPLATE = path.join(ROOT, 'deploy/kindred.nginx.conf.template');
const S3_KEY = 'S3RVER';

export interface KindredNode {
  name: 'A' | 'B';
  port: number;
  /** The node's id in Redis presence (`<prefix>presence:<uid>` holds the ids of a member's nodes). */
  nodeId: string;
  dataDir: string;
  process: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output(): string;
}

export interface Deployment {
  /** nginx: the only address the browsers use. */
  url: string;
  nodes: [KindredNode, KindredNode];
  sql<T>(text: string, values?: unknown[]): Promise<T[]>;
  /** The node a member's socket is on now, when exactly one is. */
  nodeOf(userId: number): Promise<KindredNode | undefined>;
  /** Milliseconds each part of the start took, for the report. */
  timings: Record<string, number>;
  stop(): Promise<void>;
}

/** nginx from PATH or Debian's place; a clear failure when it is missing (CI installs it in .ci/run). */
export function nginxBinary(): string {
  for (const candidate of [process.env.NGINX_PATH, '/usr/sbin/nginx', '/usr/bin/nginx'].filter(Boolean) as string[]) {
    if (fs.existsSync(candidate)) return candidate;
  }
  const found = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).stdout.trim();
  if (found) return found;
  throw new Error("the deployment journey needs Debian's nginx: apt-get install nginx (or set NGINX_PATH); .ci/run installs it");
}

/** Fills the template's ${KINDRED_*} as the nginx image's envsubst does; a name left unfilled is an error. */
export function renderNginxTemplate(values: Record<string, string>): string {
  const text = fs.readFileSync(NGINX_TEMPLATE, 'utf8').replace(/\$\{(KINDRED_[A-Z_]+)\}/g, (_m, name: string) => {
    if (values[name] === undefined) throw new Error(`nginx template: no value for ${name}`);
    return values[name];
  });
  return text;
}


async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number, output?: () => string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs} ms${output ? `:\n${output()}` : ''}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The deployment of the README ("Deployment") on one machine, on loopback ports only: a fresh
 * PostgreSQL database and a Redis prefix of its own (TEST_DATABASE_URL, TEST_REDIS_URL), an S3
 * stand-in (s3rver) with the uploads bucket, two server processes as `npm start` runs them
 * (TRUST_PROXY=1, uploads in the bucket), and nginx in front, configured from the compose file's
 * template and run in the foreground from a temp folder.
 */
export async function startDeployment(): Promise<Deployment> {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  const redisUrl = process.env.TEST_REDIS_URL;
  if (!databaseUrl || !redisUrl) throw new Error('the deployment journey needs TEST_DATABASE_URL and TEST_REDIS_URL (CI sets both)');
  const nginx = nginxBinary();
  const timings: Record<string, number> = {};
  const cleanups: (() => Promise<void> | void)[] = [];
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
  };
  const lap = async <T>(name: string, work: () => Promise<T>) => {
    const started = Date.now();
    const result = await work();
    timings[name] = Date.now() - started;
    return result;
  };

  try {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'kindred-deploy-'));
    // nginx's workers may run as another user when the master is root: they need to reach the folder.
    fs.chmodSync(work, 0o755);
    cleanups.push(() => fs.rmSync(work, { recursive: true, force: true }));

    // A database of its own, dropped at the end.
    const database = `kindred_e2e_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create database ${database}`);
    cleanups.push(async () => {
      await admin.query(`drop database if exists ${database} with (force)`);
      await admin.end();
    });
    const url = new URL(databaseUrl);
    url.pathname = `/${database}`;
    const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
    // The drop at the end terminates whatever connection is still closing: not a failure.
    pool.on('error', () => undefined);
    cleanups.push(() => pool.end());

    const prefix = `kd${randomBytes(4).toString('hex')}:`;
    const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
    cleanups.push(async () => {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    });

    const s3 = await lap('s3', async () => {
      const directory = path.join(work, 's3');
      fs.mkdirSync(directory);
      const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: 'kindred' }] });
      const { port } = await server.run();
      cleanups.push(async () => {
        server.httpServer?.closeAllConnections();
        await server.close();
      });
      return { endpoint: `http://127.0.0.1:${port}`, directory };
    });

    const nginxPort = await freePort();
    const publicUrl = `http://127.0.0.1:${nginxPort}`;
    const startNode = async (name: 'A' | 'B'): Promise<KindredNode> => {
      const port = await freePort();
      const dataDir = path.join(work, `node-${name}`);
      fs.mkdirSync(dataDir);
      const child = spawn(process.execPath, serverArgs(), {
        cwd: ROOT,
        env: {
          PATH: process.env.PATH,
          NODE_ENV: 'test',
          HOST: '127.0.0.1',
          PORT: String(port),
          PUBLIC_URL: publicUrl,
          DATA_DIR: dataDir,
          DATABASE_URL: url.toString(),
          REDIS_URL: redisUrl,
          REDIS_PREFIX: prefix,
          S3_BUCKET: 'kindred',
          S3_ENDPOINT: s3.endpoint,
          S3_ACCESS_KEY_ID: S3_KEY,
          S3_SECRET_ACCESS_KEY: S3_KEY,
          TRUST_PROXY: '1',
          PRESENCE_TTL_MS: '3000',
          SEED_DEMO: 'false',
          LOG_LEVEL: 'warn',
          AUTH_RATE_LIMIT: '1000',
          UPLOAD_RATE_LIMIT: '1000',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
      child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      cleanups.push(async () => {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
        await exited;
      });
      // Ready once main.ts says so (migrated, subscribed, listening); its heartbeat names its id.
      const known = new Set(await redis.zrange(`${prefix}nodes`, 0, -1));
      await until(`node ${name} start`, async () => (output.includes('Kindred is running') ? true : child.exitCode === null ? undefined : Promise.reject()), 60_000, () => output);
      const nodeId = await until(`node ${name} heartbeat`, async () => (await redis.zrange(`${prefix}nodes`, 0, -1)).find((id) => !known.has(id)), 10_000);
      return { name, port, nodeId, dataDir, process: child, exited, output: () => output };
    };
    // One after the other, as compose starts them: the first migrates the new database.
    const nodeA = await lap('node A', () => startNode('A'));
    const nodeB = await lap('node B', () => startNode('B'));

    await lap('nginx', async () => {
      const dir = path.join(work, 'nginx');
      fs.mkdirSync(dir);
      fs.writeFileSync(
        path.join(dir, 'kindred.conf'),
        renderNginxTemplate({ KINDRED_LISTEN: `127.0.0.1:${nginxPort}`, KINDRED_NODE_A: `127.0.0.1:${nodeA.port}`, KINDRED_NODE_B: `127.0.0.1:${nodeB.port}` }),
      );
      const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`;
      fs.writeFileSync(
        path.join(dir, 'nginx.conf'),
        [
          'daemon off;',
          'worker_processes 1;',
          `pid ${path.join(dir, 'nginx.pid')};`,
          'error_log stderr warn;',
          'events { worker_connections 1024; }',
          'http {',
          '  access_log off;',
          ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `  ${temp(name)}`),
          `  include ${path.join(dir, 'kindred.conf')};`,
          '}',
          '',
        ].join('\n'),
      );
      const child = spawn(nginx, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', 'stderr'], { stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
      cleanups.push(async () => {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
        await exited;
      });
      await until('nginx start', async () => {
        if (child.exitCode !== null) throw new Error(`nginx exited:\n${output}`);
        return (await fetch(`${publicUrl}/healthz`)).ok ? true : undefined;
      }, 15_000, () => output);
    });

    const nodes: [KindredNode, KindredNode] = [nodeA, nodeB];
    return {
      url: publicUrl,
      nodes,
      timings,
      sql: async <T>(text: string, values: unknown[] = []) => (await pool.query(text, values)).rows as T[],
      async nodeOf(userId) {
        const ids = await redis.smembers(`${prefix}presence:${userId}`);
        return ids.length === 1 ? nodes.find((n) => n.nodeId === ids[0]) : undefined;
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
