import { WebSocket } from 'ws';

/**
 * One client process of the idle-socket bench (bench/sockets-idle.bench.ts): opens the sockets it is
 * told to over IPC, from the source addresses it is told, and keeps them open until told to close.
 * Several of these share the client side, so neither one event loop nor one process's descriptors
 * bound the count. Messages: {open: urls[], sources[], concurrency, waitFirstMessage, answerMs} answered with
 * {opened, failed, firstError}; {close: true} answered with {closed}.
 */
interface OpenOrder {
  open: string[];
  sources: string[];
  concurrency: number;
  waitFirstMessage: boolean;
  /** How long a socket may wait for its answer before it counts as failed. */
  answerMs: number;
}

const sockets: WebSocket[] = [];

function openOne(url: string, localAddress: string, waitFirstMessage: boolean, answerMs: number): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { localAddress, perMessageDeflate: false });
    const timer = setTimeout(() => {
      ws.terminate();
      reject(new Error(`no answer within ${answerMs / 1000} s`));
    }, answerMs);
    ws.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    ws.once(waitFirstMessage ? 'message' : 'open', () => {
      clearTimeout(timer);
      resolve(ws);
    });
    ws.once('unexpected-response', (_req, res) => {
      clearTimeout(timer);
      reject(new Error(`upgrade refused: HTTP ${res.statusCode}`));
    });
  });
}

async function open(order: OpenOrder): Promise<{ opened: number; failed: number; firstError?: string }> {
  let next = 0;
  let opened = 0;
  let failed = 0;
  let firstError: string | undefined;
  const worker = async () => {
    while (next < order.open.length && failed < 20) {
      const i = next++;
      try {
        sockets.push(await openOne(order.open[i]!, order.sources[i % order.sources.length]!, order.waitFirstMessage, order.answerMs));
        opened += 1;
      } catch (error) {
        failed += 1;
        firstError ??= (error as Error).message;
      }
    }
  };
  await Promise.all(Array.from({ length: order.concurrency }, worker));
  return { opened, failed, firstError };
}

async function closeAll(): Promise<number> {
  const all = sockets.splice(0);
  await Promise.all(
    all.map(
      (ws) =>
        new Promise<void>((resolve) => {
          if (ws.readyState === ws.CLOSED) return resolve();
          ws.once('close', () => resolve());
          ws.terminate();
        }),
    ),
  );
  return all.length;
}

process.on('message', (message: Partial<OpenOrder> & { close?: boolean }) => {
  if (message.close) void closeAll().then((closed) => process.send!({ closed }));
  else if (message.open) void open(message as OpenOrder).then((result) => process.send!(result));
});
process.on('disconnect', () => process.exit(0));
