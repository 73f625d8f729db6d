import { translateText } from '@kindred/protocol';
import { ok } from '../../http/envelope.js';
import type { Router } from '../../http/router.js';
import type { TranslateService } from './translate.service.js';

/** 200 data.dst; -1 insufficient credits; -2 no provider serves the pair; -3 the provider failed. */
export function translateRoutes(router: Router, translate: TranslateService, limit: { max: number; timeWindow: string }) {
  router.handle(translateText, async ({ body, member }) => ok(await translate.translate(member, body)), { rateLimit: limit });
}
