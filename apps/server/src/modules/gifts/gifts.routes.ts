import { giftCatalogue, giftDetail, giftGiving, receivedGifts } from '@kindred/protocol';
import { ok } from '../../http/envelope.js';
import type { Router } from '../../http/router.js';
import { presentMessage } from '../chat/chat.presenter.js';
import { credits, presentCatalogue, presentGift, presentReceived } from './gifts.presenter.js';
import type { GiftsService } from './gifts.service.js';

export function giftsRoutes(router: Router, gifts: GiftsService, limit: { max: number; timeWindow: string }) {
  router.handle(giftCatalogue, async () => ok(presentCatalogue(await gifts.catalogue())));

  router.handle(receivedGifts, async ({ body, member }) => {
    const page = await gifts.received(member, body);
    return ok({ data: page.rows.map(presentReceived), page: body.page, last_page: page.lastPage });
  });

  router.handle(giftDetail, async ({ body }) => ok(presentGift(await gifts.detail(body.id))));

  /** 200 sent; -1 no such member; -2 yourself, pending or disabled; -3 Insufficient Credits; 404 no such gift. */
  router.handle(
    giftGiving,
    async ({ body, member }) => {
      const given = await gifts.give(member, body);
      return ok({ id: given.sendId, gid: given.gift.id, amount: credits(given.balance), msg: presentMessage(given.message) }, 'Send success');
    },
    { rateLimit: limit },
  );
}
