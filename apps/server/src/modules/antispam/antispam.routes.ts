import { antispamChallenge } from '@kindred/protocol';
import { ok } from '../../http/envelope.js';
import type { Router } from '../../http/router.js';
import type { AntispamService } from './antispam.service.js';

/** Under the sign-up limit per address: making a challenge costs the server one key derivation. */
export function antispamRoutes(router: Router, antispam: AntispamService, limit: { max: number; timeWindow: string }) {
  router.handle(antispamChallenge, async () => ok(await antispam.challenge()), { rateLimit: limit });
}
