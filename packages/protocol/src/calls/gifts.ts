import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { GiftCatalogueWire, GiftGivenWire, GiftWire, ReceivedGiftPageWire } from '../wire/gift.js';
import { defineCall, EmptyBody } from './define.js';
import { id, int, pageNumber, requiredText, text } from './fields.js';

/** Gifts and the store (docs/product-rules.md §5: a gift must be chosen; message max 50; number always 1). */

export const ReceivedGiftBody = z.object({ page: pageNumber() });
export type ReceivedGiftBody = z.infer<typeof ReceivedGiftBody>;

export const GiftDetailBody = z.object({ id: id() });
export type GiftDetailBody = z.infer<typeof GiftDetailBody>;

/**
 * `username` is the recipient's (any case; bounded like the mail recipient so a long name answers
 * "User does not exist", not a form error); `number` is always 1; `giftid` a gift of the catalogue.
 */
export const GiftGivingBody = z.object({
  username: requiredText(LIMITS.emailMax),
  message: text(LIMITS.giftMessageMax).default(''),
  number: int(1, 1).default(1),
  giftid: id(),
});
export type GiftGivingBody = z.infer<typeof GiftGivingBody>;

/** The catalogue by category, names in the three languages. */
export const giftCatalogue = defineCall({ path: '/member/shop/gift', body: EmptyBody, answer: GiftCatalogueWire, access: 'member' });
/** The caller's received gifts, newest first. */
export const receivedGifts = defineCall({ path: '/member/shop/received_gift', body: ReceivedGiftBody, answer: ReceivedGiftPageWire, access: 'member' });
/** One gift; 404 when there is no such gift on sale. */
export const giftDetail = defineCall({ path: '/member/shop/detail', body: GiftDetailBody, answer: GiftWire, access: 'member' });
/**
 * 200 sent (the sender charged the gift's price, the recipient's notice and the gift message in
 * their conversation written at once); -1 no such member; -2 that member cannot receive gifts
 * (yourself, pending, disabled); -3 "Insufficient Credits" (nothing charged); 404 no such gift.
 */
export const giftGiving = defineCall({ path: '/member/gift/gift_giving', body: GiftGivingBody, answer: GiftGivenWire, access: 'member' });
