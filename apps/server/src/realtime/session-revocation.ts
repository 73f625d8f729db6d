import { setImmediate as nextTurn } from 'node:timers/promises';
import { SOCKET_CLOSE } from '@kindred/protocol';
import type { UnitOfWork } from '../db/transaction.js';
import type { SessionScope, SessionsRepository } from '../modules/auth/sessions.repository.js';
import { BatchLoader } from './batch-loader.js';
import type { Connection } from './connection.js';
import type { Hub, HubEvent } from './hub.js';
import type { ConnectionRegistry } from './registry.js';

export type { SessionScope } from '../modules/auth/sessions.repository.js';

interface Log {
  error(obj: unknown, msg: string): void;
}

/** What this node had heard of ends of sessions at a moment (SessionRevocation.mark). */
export type RevocationMark = number;

type SessionsEnded = Extract<HubEvent, { type: 'sessions-ended' }>;

/**
 * The one way sessions end (sign-out, password change and reset; e-mail change, suspensions and
 * bans call the same): their rows go and every socket they opened closes with 4401 on every node at
 * once (the hub: Redis pub/sub, or in-process). Exposed as `services.sessionRevocation`.
 *
 * A socket whose session ended while it was being authenticated would miss its event (nobody here
 * could find it yet): it is checked once more right after it is registered (`stillLive`), unless
 * this node heard no end of sessions since the read began and could hear all along (`mark`). Sockets
 * whose session ends any other way (it expired, other code deleted it, the account was disabled in
 * the database) are caught by every node checking all its sockets' sessions every SOCKET_PING_MS
 * (`sweep`).
 */
export class SessionRevocation {
  private sweeping?: Promise<number>;
  /** Ends of sessions and resyncs heard by this node: a changed count means a socket must be checked. */
  private heard = 0;

  constructor(
    private readonly sessions: SessionsRepository,
    private readonly hub: Hub,
    private readonly registry: ConnectionRegistry,
    private readonly log: Log,
    private readonly now: () => number = Date.now,
    /** Whether this node hears every hub event now (with Redis: while its subscription is up). */
    private readonly listening: () => boolean = () => true,
  ) {
    hub.subscribe((event) => {
      if (event.type !== 'sessions-ended') return;
      this.heard++;
      this.closeLocal(event);
    });
    hub.onResync(() => this.heard++);
  }

  /**
   * Taken before a socket's session is read (the upgrade's or init's authentication) and handed to
   * `stillLive` once the socket is registered. NaN while this node may miss events: never unchanged.
   */
  mark(): RevocationMark {
    return this.listening() ? this.heard : Number.NaN;
  }

  /**
   * Whether a socket registered just now still has a live session. Any end of sessions that could
   * have ended it after the read that began at `mark` was announced after that read began: if this
   * node heard none since (and heard everything), there is nothing to check; an announcement still
   * on its way finds the socket registered. Otherwise one query, shared with the sockets registered
   * meanwhile. Without a mark, always the query.
   */
  stillLive(sessionId: number, mark?: RevocationMark): Promise<boolean> {
    if (mark === this.heard && this.listening()) return Promise.resolve(true);
    return this.liveCheck.load(sessionId);
  }

  /**
   * Deletes the sessions in `scope` and closes their sockets everywhere; answers how many sessions
   * there were. Given `unit`, the rows go in its transaction, together with the change that ends them
   * (a new password never commits without the old sessions' end), and the sockets close once it committed.
   */
  async endSessions(scope: SessionScope, unit?: UnitOfWork): Promise<number> {
    const ended = await this.sessions.deleteScope(scope, unit?.trx);
    if (unit) unit.afterCommit(() => void this.closeSockets(scope).catch((err) => this.log.error({ err }, 'closing ended sessions failed')));
    else await this.closeSockets(scope);
    return ended;
  }

  /** Closes, on every node, the sockets of sessions that are already gone from the database. */
  closeSockets(scope: SessionScope): Promise<void> {
    const event: SessionsEnded = { type: 'sessions-ended', to: [scope.userId] };
    if (scope.sessionIds) event.sessionIds = [...scope.sessionIds];
    else if (scope.allExcept != null) event.allExcept = scope.allExcept;
    return this.hub.publish(event);
  }

  private readonly liveCheck = new BatchLoader<number, boolean>(async (ids) => {
    const live = await this.sessions.liveIds(ids, this.now());
    return new Map(ids.map((id) => [id, live.has(id)]));
  }, false);

  /** Closes this node's sockets whose session is no longer usable; answers how many. */
  sweep(): Promise<number> {
    return (this.sweeping ??= this.checkAll().finally(() => (this.sweeping = undefined)));
  }

  private async checkAll(): Promise<number> {
    const bySession = new Map<number, Connection[]>();
    for (const connection of this.registry.all()) {
      const id = connection.sessionId;
      if (id === undefined || connection.ended) continue;
      const list = bySession.get(id);
      if (list) list.push(connection);
      else bySession.set(id, [connection]);
    }
    const ids = [...bySession.keys()];
    let closed = 0;
    for (let i = 0; i < ids.length; i += SWEEP_SLICE) {
      if (i > 0) await nextTurn();
      const slice = ids.slice(i, i + SWEEP_SLICE);
      const live = await this.sessions.liveIds(slice, this.now());
      for (const id of slice) {
        if (live.has(id)) continue;
        // One ended meanwhile (an announced sign-out, during a turn given away) is not ended twice.
        for (const connection of bySession.get(id)!) {
          if (connection.ended) continue;
          end(connection);
          closed++;
        }
      }
    }
    return closed;
  }

  /** This node's sockets of the ended sessions. */
  private closeLocal(event: SessionsEnded): void {
    for (const connection of this.registry.forUser(event.to[0]) ?? []) {
      const id = connection.sessionId;
      if (id === undefined) continue;
      if (event.sessionIds ? event.sessionIds.includes(id) : id !== event.allExcept) end(connection);
    }
  }
}

/**
 * Sessions checked per turn of the event loop. On SQLite a query holds the loop while it runs, and
 * awaiting it does not let I/O in: 10,000 sockets' sessions read in one go held the loop ~50 ms
 * every SOCKET_PING_MS, a pause in every socket's frames (chat bench, 2026-11-29).
 */
export const SWEEP_SLICE = 500;

const end = (connection: Connection) => connection.end(SOCKET_CLOSE.unauthorized, 'session ended');
