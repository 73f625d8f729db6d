import type { GiftCategoryWire, GiftWire, ReceivedGiftWire } from '@kindred/protocol';
import type { Catalogue } from './gifts.service.js';
import type { GiftRow, ReceivedRow } from './gifts.repository.js';

/** Credits are stored in hundredths and travel as a number with two decimals (like the balance). */
export const credits = (hundredths: number) => Number(hundredths) / 100;

export function presentGift(row: GiftRow): GiftWire {
  return {
    id: row.id,
    classify: row.category_id,
    path: row.path,
    money: credits(row.price),
    titlee: row.title_en,
    titlec: row.title_zh_cn,
    titlef: row.title_zh_tw,
    infoe: row.info_en,
    infoc: row.info_zh_cn,
    infof: row.info_zh_tw,
  };
}

export function presentCatalogue({ categories }: Catalogue): GiftCategoryWire[] {
  return categories.map((c) => ({ id: c.id, classifye: c.name_en, classifyc: c.name_zh_cn, classifyf: c.name_zh_tw, list: c.gifts.map(presentGift) }));
}

export function presentReceived(row: ReceivedRow): ReceivedGiftWire {
  return {
    id: row.id,
    path: row.path,
    cid: row.category_id,
    gid: row.gift_id,
    givername: row.givername,
    giver_id: row.sender_id,
    giver_avatar: row.giver_avatar,
    message: row.message,
    create_time: Math.floor(Number(row.created_at) / 1000),
  };
}
