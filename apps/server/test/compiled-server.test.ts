import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { REPO_ROOT } from '../src/config.js';
import { sayOk } from './helpers/chat.js';
import { freePort } from './helpers/cluster.js';
import { buildUser } from './helpers/factories.js';
import { imagePart, makeImage } from './helpers/images.js';
import { multipartBody } from './helpers/multipart.js';
import { connectMember } from './helpers/socket-client.js';
import { startApp } from './helpers/test-app.js';

/**
 * Issue 15, item 3: `npm start` runs the esbuild bundle (apps/server/scripts/build.mjs) with plain
 * Node, no TypeScript loader. The bundle must keep working whatever a dependency does, so this
 * builds a copy and drives it through what touches the external packages and the lazy imports:
 * SQLite or PostgreSQL, sharp (an upload), ws (a chat message), opencc-js (a conversion), metrics.
 */

function run(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: REPO_ROOT, env: { PATH: process.env.PATH }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`${args.join(' ')} exited ${code}:\n${output}`))));
  });
}

/** Resolves once GET /healthz answers 200; rejects with the server's output if it exits or takes over 60 s. */
async function started(child: ChildProcess, url: string, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the compiled server exited:\n${output()}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the compiled server did not start in 60 s:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the compiled server (npm start)', () => {
  it('is plain JavaScript that serves calls, uploads, the live connection, conversions and metrics', { timeout: 120_000 }, async () => {
    const ctx = await startApp();
    // Inside the repository: the bundle finds its external packages in node_modules from there.
    const outdir = fs.mkdtempSync(path.join(REPO_ROOT, 'apps/server/.dist-test-'));
    onTestFinished(() => fs.rmSync(outdir, { recursive: true, force: true }));
    expect(await run(process.execPath, ['apps/server/scripts/build.mjs', `--outdir=${outdir}`])).toMatch(/server built/);
    expect(fs.readFileSync(path.join(outdir, 'main.js'), 'utf8')).not.toMatch(/from "@aws-sdk\//);

    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const env: Record<string, string> = {
      PATH: process.env.PATH!,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      DATA_DIR: ctx.dataDir,
      WEB_DIST: path.join(ctx.dataDir, 'web'),
      ...(ctx.config.database.kind === 'postgres' ? { DATABASE_URL: ctx.config.database.url } : {}),
    };
    // No --import tsx and no NODE_OPTIONS: nothing could compile TypeScript for it.
    const child = spawn(process.execPath, [path.join(outdir, 'main.js')], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    onTestFinished(async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    });
    await started(child, url, () => output);
    // A failure below shows what the server said.
    onTestFinished((result) => {
      if (result.task.result?.state === 'fail') console.error(`compiled server output:\n${output}`);
    });

    const her = await buildUser(ctx, { credits: 500 });
    const him = await buildUser(ctx);
    const call = async (route: string, token: string, body: Buffer | string, contentType: string) => {
      const res = await fetch(url + route, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': contentType }, body });
      return (await res.json()) as { status: number; data: Record<string, unknown> };
    };
    expect(await call('/member/index/userinfo', her.token, '', 'application/x-www-form-urlencoded')).toMatchObject({ status: 200, data: { username: her.user.username } });

    const { payload, contentType } = multipartBody({}, [imagePart('file', await makeImage('png', 320, 240), 'png')]);
    const upload = await call('/member/index/uploads', her.token, payload, contentType);
    expect(upload).toMatchObject({ status: 200, data: { url: expect.stringMatching(/^\/uploads\//) } });
    const image = await fetch(url + String(upload.data.url));
    expect(image.status).toBe(200);
    // Re-encoded as JPEG (no transparency), by sharp's native addon loaded from node_modules.
    expect(image.headers.get('content-type')).toBe('image/jpeg');

    const converted = await call('/member/index/translate', her.token, new URLSearchParams({ content: '汉语头发', to: 'cht' }).toString(), 'application/x-www-form-urlencoded');
    expect(converted).toMatchObject({ status: 200, data: { dst: '漢語頭髮' } });

    const { socket: hers } = await connectMember(url.replace(/^http/, 'ws'), her.token);
    const { socket: his } = await connectMember(url.replace(/^http/, 'ws'), him.token);
    await sayOk(hers, him.user.id, 'hello from the bundle');
    expect(await his.next(1)).toMatchObject({ message: { content: 'hello from the bundle' } });

    const metrics = await (await fetch(`${url}/metrics`)).text();
    expect(metrics).toMatch(/^kindred_chat_messages_total 1$/m);
    expect(metrics).toMatch(/^kindred_sockets_open 2$/m);
  });
});
