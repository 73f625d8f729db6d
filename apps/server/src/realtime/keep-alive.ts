import type { Connection } from './connection.js';

/**
 * Sockets pinged per slice of the keep-alive round: under a millisecond of work with their pongs
 * (a ping and its pong cost a bare `ws` server 24–38 µs a socket, bench/tools/ping-cost.ts), so a
 * chat frame arriving meanwhile waits that long at most. Slices of 200 held the loop ~6 ms at a
 * time, every 300 ms for half of each interval with 10,000 sockets; the chat's p99 at 5,500 msg/s
 * was 70.5 ms with those rounds in its windows and 44.3 ms without them (2026-12-02,
 * bench/JOURNAL.md). The same work in more, shorter slices: a timer every ~37 ms at 10,000 sockets.
 */
const SLICE = 25;

/**
 * One keep-alive round over a node's sockets: drops those that answered neither a message nor the
 * last ping, pings the rest and re-derives their level (memberships end with time, not with an
 * event: what a member is sent follows the level in force), in slices spread over the first half
 * of the interval. 10,000 pings at once held the loop for 0.2 s on a quiet machine and 2 s on a
 * loaded one; in back-to-back slices the 10,000 pongs and level checks still came in one burst, a
 * ~400 ms stall in the chat's p99 that the relay (no keep-alive) never had (2026-11-28, socket
 * bench). A socket is still pinged once per interval, and dropped at its next turn when it did not
 * answer. `rederive` queues a socket's level check behind its work when its level may have changed.
 */
export function keepAliveRound(connections: Connection[], intervalMs: number, rederive: (connection: Connection) => void, closing: () => boolean): void {
  const gapMs = Math.floor(intervalMs / 2 / Math.ceil(connections.length / SLICE));
  const slice = (from: number) => {
    const to = Math.min(from + SLICE, connections.length);
    for (let i = from; i < to; i++) {
      const connection = connections[i]!;
      if (!connection.alive) {
        connection.ws.terminate();
        continue;
      }
      connection.alive = false;
      try {
        connection.ws.ping();
      } catch {
        connection.ws.terminate();
      }
      if (connection.member) rederive(connection);
    }
    if (to < connections.length && !closing()) setTimeout(slice, gapMs, to).unref();
  };
  slice(0);
}
