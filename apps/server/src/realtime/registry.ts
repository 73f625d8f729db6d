import type { Connection } from './connection.js';

/** This node's authenticated sockets by member. A member may have several (tabs, phone and desktop). */
export class ConnectionRegistry {
  private readonly byUser = new Map<number, Set<Connection>>();

  /** Answers true when this is the member's first socket on this node. */
  add(connection: Connection, userId: number): boolean {
    let set = this.byUser.get(userId);
    const first = !set;
    if (!set) this.byUser.set(userId, (set = new Set()));
    set.add(connection);
    return first;
  }

  /** Answers true when that was the member's last socket on this node. */
  remove(connection: Connection, userId: number): boolean {
    const set = this.byUser.get(userId);
    if (!set || !set.delete(connection)) return false;
    if (set.size > 0) return false;
    this.byUser.delete(userId);
    return true;
  }

  forUser(userId: number): ReadonlySet<Connection> | undefined {
    return this.byUser.get(userId);
  }

  has(userId: number): boolean {
    return this.byUser.has(userId);
  }

  users(): IterableIterator<number> {
    return this.byUser.keys();
  }

  *all(): Generator<Connection> {
    for (const set of this.byUser.values()) yield* set;
  }

  get size(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }
}
