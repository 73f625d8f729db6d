import type { Db, DbOrTx } from '../../db/database.js';
import { fixedQuery } from '../../db/fixed-query.js';
import { userById } from '../users/users.repository.js';
import type { UserRow } from '../../db/schema.js';

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
  db.selectFrom('sessions').select(['id', 'user_id', 'last_seen_at']).where('token_hash', '=', tokenHash).where('expires_at', '>', now),
);

export class SessionsRepository {
  constructor(private readonly db: Db) {}

  async insert(session: NewSession, trx: DbOrTx = this.db): Promise<number> {
    const row = await trx.insertInto('sessions').values(session).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  /** The session of a token hash with its user, if it has not expired. */
  async findLive(tokenHash: string, now: number, trx: DbOrTx = this.db): Promise<{ sessionId: number; lastSeenAt: number; user: UserRow } | undefined> {
    const [session] = await liveSession(trx, tokenHash, now);
    if (!session) return undefined;
    const [user] = await userById(trx, session.user_id);
    return user && { sessionId: session.id, lastSeenAt: session.last_seen_at, user };
  }

  async touch(id: number, now: number, trx: DbOrTx = this.db): Promise<void> {
    await trx.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', id).execute();
  }

  async delete(id: number, trx: DbOrTx = this.db): Promise<void> {
    await trx.deleteFrom('sessions').where('id', '=', id).execute();
  }

  async deleteForUser(userId: number, options: { except?: number } = {}, trx: DbOrTx = this.db): Promise<number> {
    const result = await trx
      .deleteFrom('sessions')
      .where('user_id', '=', userId)
      .$if(options.except != null, (q) => q.where('id', '!=', options.except!))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async deleteExpired(now: number, trx: DbOrTx = this.db): Promise<number> {
    const result = await trx.deleteFrom('sessions').where('expires_at', '<=', now).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
