import type { Db, DbOrTx } from '../../db/database.js';
import type { MailRow } from '../../db/schema.js';
import { notBlockedWith } from '../blocks/block-filters.js';

/** A mail with what the inbox shows of its sender. */
export interface MailWithSender extends MailRow {
  sendername: string;
  avatar: string;
}

export class MailRepository {
  constructor(private readonly db: Db) {}

  insert(row: Omit<MailRow, 'id' | 'type'>, trx: DbOrTx = this.db): Promise<MailRow> {
    return trx.insertInto('mails').values({ ...row, type: 0 }).returningAll().executeTakeFirstOrThrow();
  }

  private withSender(trx: DbOrTx) {
    return trx.selectFrom('mails').innerJoin('users', 'users.id', 'mails.sender_id').selectAll('mails').select(['users.username as sendername', 'users.avatar']);
  }

  findById(id: number, trx: DbOrTx = this.db): Promise<MailWithSender | undefined> {
    return this.withSender(trx).where('mails.id', '=', id).executeTakeFirst();
  }

  /** The inbox, newest first (mails_recipient index); mails of members on either side of a block stay out of it. */
  list(recipientId: number, { type, offset, limit }: { type?: number; offset: number; limit: number }, trx: DbOrTx = this.db): Promise<MailWithSender[]> {
    return this.withSender(trx)
      .where('mails.recipient_id', '=', recipientId)
      .where((eb) => notBlockedWith(eb, recipientId, 'mails.sender_id'))
      .$if(type != null, (q) => q.where('mails.type', '=', type!))
      .orderBy('mails.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
  }

  async count(recipientId: number, type?: number, trx: DbOrTx = this.db): Promise<number> {
    const row = await trx
      .selectFrom('mails')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('recipient_id', '=', recipientId)
      .where((eb) => notBlockedWith(eb, recipientId, 'mails.sender_id'))
      .$if(type != null, (q) => q.where('type', '=', type!))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Unread (0) to read (1), only by its recipient; answers whether it changed. */
  async markRead(id: number, recipientId: number, trx: DbOrTx = this.db): Promise<boolean> {
    const result = await trx.updateTable('mails').set({ type: 1 }).where('id', '=', id).where('recipient_id', '=', recipientId).where('type', '=', 0).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Whether the two have mailed each other before, either way (a dialog exists). */
  async existsBetween(a: number, b: number, trx: DbOrTx = this.db): Promise<boolean> {
    const row = await trx
      .selectFrom('mails')
      .select('id')
      .where((eb) => eb.or([eb.and([eb('sender_id', '=', a), eb('recipient_id', '=', b)]), eb.and([eb('sender_id', '=', b), eb('recipient_id', '=', a)])]))
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }
}
