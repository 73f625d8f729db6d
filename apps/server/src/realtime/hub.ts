import type { NoticeWire, OPT } from '@kindred/protocol';
import type { MessageRow } from '../db/schema.js';

/**
 * What one node tells the others about: "user X has something new". The hub is only the doorbell;
 * the node that hears it reads the thing itself from the database (the unread counts, a mail) unless
 * the event carries it (a committed message, a notice), so an event lost on the way costs a delay
 * until the next catch-up, never data.
 * `to` lists the members to tell; `origin` is the socket that caused it (it got its own answer).
 */
export type HubEvent =
  // `row`: the committed message, carried through Redis too so no node reads it back (without it,
  // e.g. from an older node, the message is read by id).
  | { type: 'message'; to: number[]; messageId: number; origin?: string; row?: MessageRow }
  | { type: 'presence'; to: number[]; userId: number; online: boolean; isYin: number; opt: typeof OPT.visibility | typeof OPT.init; origin?: string }
  | { type: 'deleted'; to: number[]; peerId: number }
  | { type: 'read'; to: number[]; peerId: number; opt: typeof OPT.open | typeof OPT.read; origin?: string }
  // A notice travels whole (it is small and never changes): the receiving node spares a read.
  | { type: 'notice'; to: number[]; notice: NoticeWire }
  | { type: 'mail'; to: number[]; mailId: number }
  // Sessions of member `to[0]` ended (session-revocation.ts): every node closes their sockets.
  | { type: 'sessions-ended'; to: [number]; sessionIds?: number[]; allExcept?: number }
  // Member `to[0]`'s level or permissions changed (a paid upgrade): every node re-reads them for their sockets.
  | { type: 'member-changed'; to: [number] }
  // Staff changed the permission matrix or the free-chat quota: every node drops its settings caches.
  | { type: 'settings-changed'; to: [] };

export type HubListener = (event: HubEvent) => void;

export interface Hub {
  /** Delivers to this node's listeners at once and, with Redis, to every other node. */
  publish(event: HubEvent): Promise<void>;
  subscribe(listener: HubListener): void;
  /**
   * Called when this node may have missed events (the Redis subscription was down and is back):
   * listeners re-send every local socket its catch-up from the database.
   */
  onResync(listener: () => void): void;
  close(): Promise<void>;
}

/** One process: events go straight to the listeners, on the next microtask so no caller waits on delivery. */
export class LocalHub implements Hub {
  protected readonly listeners = new Set<HubListener>();
  protected readonly resyncListeners = new Set<() => void>();

  async publish(event: HubEvent): Promise<void> {
    await Promise.resolve();
    this.deliver(event);
  }

  subscribe(listener: HubListener): void {
    this.listeners.add(listener);
  }

  onResync(listener: () => void): void {
    this.resyncListeners.add(listener);
  }

  async close(): Promise<void> {
    this.listeners.clear();
    this.resyncListeners.clear();
  }

  protected deliver(event: HubEvent): void {
    for (const listener of this.listeners) listener(event);
  }
}
