import { z } from 'zod';
import { MessageWire } from './chat.js';
import { int } from './scalars.js';

/**
 * A gift of the catalogue as docs/product-rules.md §3 names it: `classify` is its category's id,
 * `money` its price in credits with two decimals (a number, like the balance `amount`), `path` the
 * image under the site's own host. Titles and descriptions in English (e), simplified (c) and
 * traditional Chinese (f), as the spec's field names have them.
 */
export const GiftWire = z.object({
  id: int(),
  classify: int(),
  path: z.string(),
  money: z.number(),
  titlee: z.string(),
  titlec: z.string(),
  titlef: z.string(),
  infoe: z.string(),
  infoc: z.string(),
  infof: z.string(),
});
export type GiftWire = z.infer<typeof GiftWire>;

/** A category with its gifts, in display order. */
export const GiftCategoryWire = z.object({
  id: int(),
  classifye: z.string(),
  classifyc: z.string(),
  classifyf: z.string(),
  list: z.array(GiftWire),
});
export type GiftCategoryWire = z.infer<typeof GiftCategoryWire>;

/** /member/shop/gift: the whole catalogue, categories in display order (empty ones left out). */
export const GiftCatalogueWire = z.array(GiftCategoryWire);
export type GiftCatalogueWire = z.infer<typeof GiftCatalogueWire>;

/**
 * A gift the caller received: the spec's path, cid (category), gid (gift) and givername, plus who
 * gave it (`giver_id`, `giver_avatar`), the giver's `message` and when (`create_time`, seconds).
 */
export const ReceivedGiftWire = z.object({
  id: int(),
  path: z.string(),
  cid: int(),
  gid: int(),
  givername: z.string(),
  giver_id: int(),
  giver_avatar: z.string(),
  message: z.string(),
  create_time: int(),
});
export type ReceivedGiftWire = z.infer<typeof ReceivedGiftWire>;

/** /member/shop/received_gift: one page, newest first. */
export const ReceivedGiftPageWire = z.object({
  data: z.array(ReceivedGiftWire),
  page: int(),
  last_page: int(),
});
export type ReceivedGiftPageWire = z.infer<typeof ReceivedGiftPageWire>;

/**
 * /member/gift/gift_giving, status 200: the send's `id`, the sender's balance after it (`amount`,
 * credits with two decimals) and `msg`, the gift message now in both members' conversation (type
 * 'gift': `img` the gift's path, `content` the giver's message), to show in an open chat at once.
 */
export const GiftGivenWire = z.object({
  id: int(),
  gid: int(),
  amount: z.number(),
  msg: MessageWire,
});
export type GiftGivenWire = z.infer<typeof GiftGivenWire>;
