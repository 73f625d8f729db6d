import { blockAdd, blockList, blockRemove } from '@kindred/protocol';
import { ok } from '../../http/envelope.js';
import type { Router } from '../../http/router.js';
import { presentBlockedPage } from './blocks.presenter.js';
import type { BlocksService } from './blocks.service.js';

export function blocksRoutes(router: Router, blocks: BlocksService) {
  router.handle(blockAdd, async ({ body, member }) => {
    await blocks.block(member, body.userid);
    return ok({ userid: body.userid, blocked: 1 as const }, 'Blocked');
  });

  router.handle(blockRemove, async ({ body, member }) => {
    await blocks.unblock(member, body.userid);
    return ok({ userid: body.userid, blocked: 0 as const }, 'Unblocked');
  });

  router.handle(blockList, async ({ body, member }) => ok(presentBlockedPage(await blocks.list(member, body.page))));
}
