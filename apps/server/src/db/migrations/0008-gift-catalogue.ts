import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';
import { GIFT_CATALOGUE, giftImagePath } from '../seed/gift-catalogue.js';

/**
 * Gifts are product data, not demo data: every installation (SEED_DEMO on or off) starts with the
 * catalogue of seed/gift-catalogue.ts, written here once, only into an empty catalogue; staff
 * change it afterwards. Also the index account deletion needs to find a member's sent gifts
 * (gift_sends.sender_id cascades; 0001 indexed only the recipient side).
 */
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema.createIndex('gift_sends_sender').on('gift_sends').columns(['sender_id', 'id']).execute();

  const existing = await db.selectFrom('gift_categories').select('id').limit(1).executeTakeFirst();
  if (existing) return;
  for (const [sort, category] of GIFT_CATALOGUE.entries()) {
    const [en, zhCN, zhTW] = category.name;
    const row = await db
      .insertInto('gift_categories')
      .values({ name_en: en, name_zh_cn: zhCN, name_zh_tw: zhTW, sort })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('gifts')
      .values(
        category.gifts.map((gift, i) => ({
          category_id: row.id,
          path: giftImagePath(gift.file),
          price: gift.price,
          title_en: gift.title[0],
          title_zh_cn: gift.title[1],
          title_zh_tw: gift.title[2],
          info_en: gift.info[0],
          info_zh_cn: gift.info[1],
          info_zh_tw: gift.info[2],
          active: 1,
          sort: i,
        })),
      )
      .execute();
  }
}
