import { fork } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import WebSocket, { WebSocketServer } from 'ws';

/**
 * What one keep-alive round costs a server per socket, at its floor: a bare `ws` server pings every
 * one of N idle sockets (200 per slice, 5 ms apart, as realtime/keep-alive.ts does) and waits for
 * every pong; the figure is the server process's CPU (user + system) per socket for the round. The
 * clients answer in other processes. Our keep-alive does this, plus a level check per socket, every
 * SOCKET_PING_MS; the relay the sockets bench compares with does no keep-alive at all.
 *   node --import tsx bench/tools/ping-cost.ts [--sockets 15000] [--rounds 3]
 * Why it exists: see bench/tools/vm/README.md (the keep-alive under emulation).
 */

const PORT = 9911;
const SLICE = 200;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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

function connect(count: number, offset: number): void {
  let opened = 0;
  let next = 0;
  const one = (): void => {
    if (next >= count) return;
    const i = offset + next++;
    // Many source addresses: no (source, destination) pair runs out of ephemeral ports.
    const ws = new WebSocket(`ws://127.0.0.1:${PORT}`, { localAddress: `127.0.0.${2 + (i % 32)}` });
    ws.on('open', () => {
      if (++opened === count) process.send!('open');
      one();
    });
    ws.on('error', (err) => console.error(err.message));
  };
  for (let c = 0; c < 100; c++) one();
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { sockets: { type: 'string', default: '15000' }, rounds: { type: 'string', default: '3' } } });
  const total = Number(values.sockets);
  const self = new URL(import.meta.url).pathname;
  const execArgv = ['--import', 'tsx'];
  const server = fork(self, ['serve'], { execArgv });
  await new Promise((resolve) => server.once('message', resolve));
  const half = Math.ceil(total / 2);
  const clients = [0, 1].map((c) => fork(self, ['connect', String(c === 0 ? half : total - half), String(c * half)], { execArgv }));
  try {
    await Promise.all(clients.map((c) => new Promise((resolve) => c.once('message', resolve))));
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

const [role, count, offset] = process.argv.slice(2);
if (role === 'serve') serve();
else if (role === 'connect') connect(Number(count), Number(offset));
else await main();
