import type { Db, DbOrTx } from '../../db/database.js';
import { rowsQuery } from '../../db/fixed-query.js';
import type { MessageRow } from '../../db/schema.js';
import { notBlockedWith } from '../blocks/block-filters.js';

export type NewMessage = Omit<MessageRow, 'id'>;

/** Every column but the id: a chat batch's INSERT, compiled once per number of messages (fixed-query.ts). */
const MESSAGE_FIELDS = ['sender_id', 'reciver_id', 'type', 'content', 'img', 'client_id', 'created_at'] as const satisfies readonly (keyof NewMessage)[];
const insertMessages = rowsQuery(MESSAGE_FIELDS, (db, rows: readonly NewMessage[]) => db.insertInto('messages').values([...rows]).returningAll());

/** Chat messages. Kysely only; which messages a member may see is decided by the service. */
export class MessagesRepository {
  constructor(private readonly db: Db) {}

  /** Several messages in one statement; answers the stored rows in the order given. */
  async insertMany(rows: readonly NewMessage[], trx: DbOrTx = this.db): Promise<MessageRow[]> {
    if (!rows.length) return [];
    const stored = await insertMessages(trx, rows);
    // RETURNING's row order is not promised: match each row by its (sender, client id) key.
    const byKey = new Map(stored.map((m) => [`${m.sender_id}:${m.client_id}`, m]));
    return rows.map((r) => {
      const found = byKey.get(`${r.sender_id}:${r.client_id}`);
      if (!found) throw new Error(`insertMany: no row came back for ${r.sender_id}:${r.client_id}`);
      return found;
    });
  }

  findByIds(ids: readonly number[], trx: DbOrTx = this.db): Promise<MessageRow[]> {
    if (!ids.length) return Promise.resolve([]);
    return trx.selectFrom('messages').selectAll().where('id', 'in', ids).execute();
  }

  findById(id: number, trx: DbOrTx = this.db): Promise<MessageRow | undefined> {
    return trx.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The message a sender stored under their own client id (unique per sender). */
  findByClientId(senderId: number, clientId: string, trx: DbOrTx = this.db): Promise<MessageRow | undefined> {
    return trx.selectFrom('messages').selectAll().where('sender_id', '=', senderId).where('client_id', '=', clientId).executeTakeFirst();
  }

  /**
   * One page of the conversation between two members, newest first: ids above `afterId` (what the
   * reader deleted stays hidden) and below `beforeId`. Each branch (one direction) walks messages_pair_rev.
   */
  page(userId: number, peerId: number, { afterId, beforeId, limit }: { afterId: number; beforeId?: number; limit: number }, trx: DbOrTx = this.db): Promise<MessageRow[]> {
    return trx
      .selectFrom('messages')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb.and([eb('sender_id', '=', userId), eb('reciver_id', '=', peerId)]),
          eb.and([eb('sender_id', '=', peerId), eb('reciver_id', '=', userId)]),
        ]),
      )
      .where('id', '>', afterId)
      .$if(beforeId != null, (q) => q.where('id', '<', beforeId!))
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /**
   * Messages the member has not read yet, newest first: those after the conversation's read mark
   * in every conversation with an unread count (deleted conversations have none).
   */
  unreadFor(userId: number, limit: number, trx: DbOrTx = this.db): Promise<MessageRow[]> {
    return trx
      .selectFrom('conversations as c')
      .innerJoin('messages as m', (join) => join.onRef('m.sender_id', '=', 'c.peer_id').on('m.reciver_id', '=', userId))
      .selectAll('m')
      .where('c.user_id', '=', userId)
      .where('c.unread', '>', 0)
      .whereRef('m.id', '>', 'c.last_read_id')
      .whereRef('m.id', '>', 'c.cleared_before_id')
      .where((eb) => notBlockedWith(eb, userId, 'c.peer_id'))
      .orderBy('m.id', 'desc')
      .limit(limit)
      .execute();
  }

  /** Every message to or from the member after `lastId` (a reconnecting client's resume point), newest first. */
  async after(userId: number, lastId: number, limit: number, trx: DbOrTx = this.db): Promise<MessageRow[]> {
    const visible = (direction: 'sender_id' | 'reciver_id', peerColumn: 'sender_id' | 'reciver_id') =>
      trx
        .selectFrom('messages as m')
        .innerJoin('conversations as c', (join) => join.on('c.user_id', '=', userId).onRef('c.peer_id', '=', `m.${peerColumn}`))
        .selectAll('m')
        .where(`m.${direction}`, '=', userId)
        .where('m.id', '>', lastId)
        .whereRef('m.id', '>', 'c.cleared_before_id')
        .where((eb) => notBlockedWith(eb, userId, 'c.peer_id'))
        .orderBy('m.id', 'desc')
        .limit(limit)
        .execute();
    const [sent, received] = await Promise.all([visible('sender_id', 'reciver_id'), visible('reciver_id', 'sender_id')]);
    return [...sent, ...received].sort((a, b) => b.id - a.id).slice(0, limit);
  }
}
