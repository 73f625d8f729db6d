import { fork } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type WebSocket, WebSocketServer } from 'ws';
import { loopbackSource, ROOT } from '../lib/proc.js';
import { sleep } from '../lib/socket-fleet.js';

/**
 * What one keep-alive round costs a server per socket, at its floor: a bare `ws` server pings every
 * one of N idle sockets (200 per slice, 5 ms apart: the figure is per socket, whatever the slices;
 * realtime/keep-alive.ts uses shorter ones) and waits for every pong; the figure is the server
 * process's CPU (user + system) per socket for the round. The
 * clients are the sockets bench's (bench/lib/idle-client-worker.ts), in two other processes. Our
 * keep-alive does this, plus a level check per socket, every SOCKET_PING_MS; the relay the sockets
 * bench compares with does no keep-alive at all.
 *   node --import tsx bench/tools/ping-cost.ts [--sockets 15000] [--rounds 3]
 * Why it exists: see bench/tools/vm/README.md (the keep-alive under emulation).
 */

const PORT = 9911;
const SLICE = 200;

function serve(): void {
  const sockets: WebSocket[] = [];
  let pongs = 0;
  const wss = new WebSocketServer({ port: PORT, host: '127.0.0.1' });
  wss.on('connection', (ws) => {
    sockets.push(ws);
    ws.on('pong', () => pongs++);
  });
  process.on('message', async () => {
    pongs = 0;
    const [cpu, started] = [process.cpuUsage(), performance.now()];
    for (let i = 0; i < sockets.length; i += SLICE) {
      for (const ws of sockets.slice(i, i + SLICE)) ws.ping();
      await sleep(5);
    }
    while (pongs < sockets.length) await sleep(5);
    const used = process.cpuUsage(cpu);
    process.send!({ sockets: sockets.length, cpuMs: (used.user + used.system) / 1000, wallMs: performance.now() - started });
  });
  wss.on('listening', () => process.send!('ready'));
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { sockets: { type: 'string', default: '15000' }, rounds: { type: 'string', default: '3' } } });
  const total = Number(values.sockets);
  const self = new URL(import.meta.url).pathname;
  const execArgv = ['--import', 'tsx'];
  const server = fork(self, ['serve'], { execArgv });
  await new Promise((resolve) => server.once('message', resolve));
  // The sockets bench's own client processes (two), from its 32 loopback source addresses.
  const clients = [0, 1].map(() => fork(path.join(ROOT, 'bench/lib/idle-client-worker.ts'), [], { cwd: ROOT, execArgv }));
  try {
    await Promise.all(
      clients.map((client, c) => {
        const indexes = Array.from({ length: total }, (_, i) => i).filter((i) => i % clients.length === c);
        const order = {
          open: indexes.map(() => `ws://127.0.0.1:${PORT}`),
          sources: indexes.map((i) => loopbackSource(i, 32)),
          concurrency: 50,
          waitFirstMessage: false,
          answerMs: 60_000,
        };
        return new Promise((resolve) => (client.once('message', resolve), client.send(order)));
      }),
    );
    await sleep(2_000);
    for (let r = 0; r < Number(values.rounds); r++) {
      server.send('round');
      const { sockets, cpuMs, wallMs } = await new Promise<{ sockets: number; cpuMs: number; wallMs: number }>((resolve) => server.once('message', resolve as never));
      console.log(`round ${r + 1}: ${sockets} sockets pinged and answered in ${Math.round(wallMs)} ms; server CPU ${Math.round(cpuMs)} ms = ${((cpuMs * 1000) / sockets).toFixed(1)} µs a socket`);
    }
  } finally {
    server.kill();
    clients.forEach((c) => c.kill());
  }
}

if (process.argv[2] === 'serve') serve();
else await main();
