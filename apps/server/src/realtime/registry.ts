import type { Connection } from './connection.js';

/**
 * This node's authenticated sockets by member. A member may have several (tabs, phone and desktop),
 * but most have one: that one is kept as it is, a Set only from the second (a Set per idle socket
 * cost some 150 bytes of its 50,000).
 */
export class ConnectionRegistry {
  private readonly byUser = new Map<number, Connection | Set<Connection>>();

  /** Answers true when this is the member's first socket on this node. */
  add(connection: Connection, userId: number): boolean {
    const held = this.byUser.get(userId);
    if (!held) {
      this.byUser.set(userId, connection);
      return true;
    }
    if (held instanceof Set) held.add(connection);
    else if (held !== connection) this.byUser.set(userId, new Set([held, connection]));
    return false;
  }

  /** Answers true when that was the member's last socket on this node. */
  remove(connection: Connection, userId: number): boolean {
    const held = this.byUser.get(userId);
    if (!held) return false;
    if (!(held instanceof Set)) {
      if (held !== connection) return false;
      this.byUser.delete(userId);
      return true;
    }
    if (!held.delete(connection)) return false;
    if (held.size === 1) this.byUser.set(userId, held.values().next().value!);
    return false;
  }

  /** A lone socket comes in a Set of its own, made for the caller (short-lived, unlike one per socket). */
  forUser(userId: number): ReadonlySet<Connection> | undefined {
    const held = this.byUser.get(userId);
    return held instanceof Set ? held : held && new Set([held]);
  }

  has(userId: number): boolean {
    return this.byUser.has(userId);
  }

  users(): IterableIterator<number> {
    return this.byUser.keys();
  }

  *all(): Generator<Connection> {
    for (const held of this.byUser.values()) {
      if (held instanceof Set) yield* held;
      else yield held;
    }
  }

  get size(): number {
    let n = 0;
    for (const held of this.byUser.values()) n += held instanceof Set ? held.size : 1;
    return n;
  }
}
