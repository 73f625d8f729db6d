import net from 'node:net';

/**
 * A port nothing listens on right now (a server binds it a moment later). Picked at random below
 * the kernel's ephemeral range (32768+): a port the kernel handed out for listen(0) is also one it
 * hands to outgoing connections, so another test file's client could take it before the server
 * binds it. Shared by the server tests and the journeys (e2e/support/server.ts).
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = 15_000 + Math.floor(Math.random() * 17_000);
    const server = net.createServer();
    const bound = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (!bound) continue;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    return port;
  }
}
