import type { Db, DbOrTx } from '../../db/database.js';
import { inGivenOrder } from '../../db/returning-order.js';

/** A send as written: always one gift (number 1). */
export interface NewGiftSend {
  gift_id: number;
  sender_id: number;
  recipient_id: number;
  message: string;
  price: number;
  created_at: number;
}

export interface GiftSendRow extends NewGiftSend {
  id: number;
}

/** A gift on sale with its category, as the catalogue and the send read it. */
export interface GiftRow {
  id: number;
  category_id: number;
  path: string;
  price: number;
  title_en: string;
  title_zh_cn: string;
  title_zh_tw: string;
  info_en: string;
  info_zh_cn: string;
  info_zh_tw: string;
}

export interface CategoryRow {
  id: number;
  name_en: string;
  name_zh_cn: string;
  name_zh_tw: string;
}

/** A received gift with what the list shows of its giver. */
export interface ReceivedRow {
  id: number;
  gift_id: number;
  category_id: number;
  path: string;
  sender_id: number;
  givername: string;
  giver_avatar: string;
  message: string;
  created_at: number;
}

const giftColumns = ['gifts.id', 'gifts.category_id', 'gifts.path', 'gifts.price', 'gifts.title_en', 'gifts.title_zh_cn', 'gifts.title_zh_tw', 'gifts.info_en', 'gifts.info_zh_cn', 'gifts.info_zh_tw'] as const;

/** The catalogue, the sends and the received list. Kysely only; the rules are gifts.service.ts's. */
export class GiftsRepository {
  constructor(private readonly db: Db) {}

  categories(trx: DbOrTx = this.db): Promise<CategoryRow[]> {
    return trx.selectFrom('gift_categories').select(['id', 'name_en', 'name_zh_cn', 'name_zh_tw']).orderBy('sort').orderBy('id').execute();
  }

  /** Every gift on sale, in display order within its category. */
  onSale(trx: DbOrTx = this.db): Promise<GiftRow[]> {
    return trx.selectFrom('gifts').select(giftColumns).where('active', '=', 1).orderBy('category_id').orderBy('sort').orderBy('id').execute() as Promise<GiftRow[]>;
  }

  async find(id: number, trx: DbOrTx = this.db): Promise<GiftRow | undefined> {
    const row = await trx.selectFrom('gifts').select(giftColumns).where('id', '=', id).where('active', '=', 1).executeTakeFirst();
    return row as GiftRow | undefined;
  }

  /** Several sends in one statement; answers them in the order given. */
  async insertSends(rows: readonly NewGiftSend[], trx: DbOrTx = this.db): Promise<GiftSendRow[]> {
    if (!rows.length) return [];
    const stored = await trx
      .insertInto('gift_sends')
      .values(rows.map((row) => ({ ...row, number: 1 })))
      .returning(['id', 'gift_id', 'sender_id', 'recipient_id', 'message', 'price', 'created_at'])
      .execute();
    return inGivenOrder(rows, stored, (r) => `${r.sender_id}:${r.recipient_id}:${r.gift_id}:${r.created_at}:${r.message}`);
  }

  received(recipientId: number, { offset, limit }: { offset: number; limit: number }, trx: DbOrTx = this.db): Promise<ReceivedRow[]> {
    return trx
      .selectFrom('gift_sends as s')
      .innerJoin('gifts as g', 'g.id', 's.gift_id')
      .innerJoin('users as u', 'u.id', 's.sender_id')
      .select([
        's.id',
        's.gift_id',
        'g.category_id',
        'g.path',
        's.sender_id',
        'u.username as givername',
        'u.avatar as giver_avatar',
        's.message',
        's.created_at',
      ])
      .where('s.recipient_id', '=', recipientId)
      .orderBy('s.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
  }

  async countReceived(recipientId: number, trx: DbOrTx = this.db): Promise<number> {
    const row = await trx
      .selectFrom('gift_sends')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('recipient_id', '=', recipientId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
