import { UserStatus } from '@kindred/protocol';
import type { Db, DbOrTx } from '../../db/database.js';
import { fixedQuery, listQuery } from '../../db/fixed-query.js';
import { userById } from '../users/users.repository.js';
import type { UserRow } from '../../db/schema.js';
import type { SessionCache } from './session-cache.js';

/**
 * Which of a member's sessions: all of them, the listed ones, or all but one (the caller's own, when
 * a password change ends the member's other sessions).
 */
export type SessionScope = { userId: number } & ({ sessionIds: readonly number[]; allExcept?: undefined } | { sessionIds?: undefined; allExcept?: number });

/** Session ids per query when a node checks its sockets' sessions (well under every driver's parameter limit). */
const LIVE_CHUNK = 500;

export interface NewSession {
  user_id: number;
  token_hash: string;
  terminal: string;
  user_agent: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
}

// Every signed-in request runs these two: compiled once (fixed-query.ts).
const liveSession = fixedQuery((db, tokenHash: string, now: number) =>
  db.selectFrom('sessions').select(['id', 'user_id', 'last_seen_at', 'expires_at']).where('token_hash', '=', tokenHash).where('expires_at', '>', now),
);

// The sessions (and members) of sockets connecting together, and the sessions the gateway checks
// are still live: compiled once per batch size (fixed-query.ts, listQuery).
const liveSessionsOf = listQuery((db: DbOrTx, tokenHashes: readonly string[], now: number) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select(['sessions.id as session_id', 'sessions.token_hash as session_token_hash', 'sessions.last_seen_at as session_last_seen_at', 'sessions.expires_at as session_expires_at'])
    .where('sessions.token_hash', 'in', tokenHashes)
    .where('sessions.expires_at', '>', now),
);

// Each session's member is looked up by its key (a correlated subquery), never joined: with 500
// sessions of 10,000 members PostgreSQL hashed the whole users table for each chunk, a scan of all
// members 20 times per check of a node's 10,000 sockets (that check: 125–182 ms, 44–63 ms this way;
// with 100,000 members the join probes too, and the two cost the same: bench/JOURNAL.md, 2026-12-02 13:50).
const liveIdsOf = listQuery((db: DbOrTx, ids: readonly number[], now: number) =>
  db
    .selectFrom('sessions')
    .select('sessions.id')
    .where('sessions.id', 'in', ids)
    .where('sessions.expires_at', '>', now)
    .where((eb) => eb(eb.selectFrom('users').select('users.status').whereRef('users.id', '=', 'sessions.user_id'), 'not in', [UserStatus.disabled, UserStatus.suspended])),
);

export class SessionsRepository {
  constructor(
    private readonly db: Db,
    /** Live sessions by token hash on this node (session-cache.ts); reads in a transaction bypass it. */
    private readonly cache?: SessionCache,
  ) {}

  async insert(session: NewSession, trx: DbOrTx = this.db): Promise<number> {
    const row = await trx.insertInto('sessions').values(session).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  /** The session of a token hash with its user, if it has not expired. */
  async findLive(tokenHash: string, now: number, trx: DbOrTx = this.db): Promise<{ sessionId: number; lastSeenAt: number; user: UserRow } | undefined> {
    const cache = trx === this.db ? this.cache : undefined;
    let session = cache?.get(tokenHash, now);
    if (!session) {
      const epoch = cache?.epoch ?? 0;
      [session] = await liveSession(trx, tokenHash, now);
      if (!session) return undefined;
      cache?.put(tokenHash, session, now, epoch);
    }
    const [user] = await userById(trx, session.user_id);
    return user && { sessionId: session.id, lastSeenAt: session.last_seen_at, user };
  }

  /**
   * findLive for several token hashes in one statement (sockets connecting together): the session
   * and its member read fresh from the database, never from the cache, which each row found refills.
   */
  async findLiveMany(tokenHashes: readonly string[], now: number): Promise<Map<string, { sessionId: number; lastSeenAt: number; user: UserRow }>> {
    const found = new Map<string, { sessionId: number; lastSeenAt: number; user: UserRow }>();
    if (!tokenHashes.length) return found;
    const epoch = this.cache?.epoch ?? 0;
    const rows = await liveSessionsOf(this.db, tokenHashes, now);
    for (const { session_id, session_token_hash, session_last_seen_at, session_expires_at, ...user } of rows) {
      this.cache?.put(session_token_hash, { id: session_id, user_id: user.id, last_seen_at: session_last_seen_at, expires_at: session_expires_at }, now, epoch);
      found.set(session_token_hash, { sessionId: session_id, lastSeenAt: session_last_seen_at, user: user as UserRow });
    }
    return found;
  }

  async touch(id: number | readonly number[], now: number, trx: DbOrTx = this.db): Promise<void> {
    const ids = typeof id === 'number' ? [id] : id;
    if (!ids.length) return;
    await trx.updateTable('sessions').set({ last_seen_at: now }).where('id', 'in', ids).execute();
    for (const one of ids) this.cache?.touched(one, now);
  }

  /** Deletes the sessions in `scope`; answers how many there were. */
  async deleteScope(scope: SessionScope, trx: DbOrTx = this.db): Promise<number> {
    if (scope.sessionIds && scope.sessionIds.length === 0) return 0;
    // This node at once; every node (this one again, after the commit) through the hub's event.
    this.cache?.dropUser(scope.userId);
    const result = await trx
      .deleteFrom('sessions')
      .where('user_id', '=', scope.userId)
      .$if(scope.sessionIds != null, (q) => q.where('id', 'in', [...scope.sessionIds!]))
      .$if(scope.allExcept != null, (q) => q.where('id', '!=', scope.allExcept!))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /**
   * Of these session ids, those still usable: not deleted, not expired, and of an account that is
   * not disabled, suspended or banned (what authentication would accept).
   */
  async liveIds(ids: readonly number[], now: number, trx: DbOrTx = this.db): Promise<Set<number>> {
    const live = new Set<number>();
    for (let i = 0; i < ids.length; i += LIVE_CHUNK) {
      const rows = await liveIdsOf(trx, ids.slice(i, i + LIVE_CHUNK), now);
      for (const row of rows) live.add(row.id);
    }
    return live;
  }

  async deleteExpired(now: number, trx: DbOrTx = this.db): Promise<number> {
    const result = await trx.deleteFrom('sessions').where('expires_at', '<=', now).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
