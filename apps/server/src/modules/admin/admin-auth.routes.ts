import { staffEnrolConfirm, staffEnrolStart, staffLogin, staffLogout, staffMe, staffRecoveryCodes, staffVerify } from '@kindred/protocol';
import type { FastifyRequest } from 'fastify';
import { ok } from '../../http/envelope.js';
import type { HandleOptions, Router } from '../../http/router.js';
import type { AdminAuthService, ClientInfo } from './admin-auth.service.js';

const clientOf = (req: FastifyRequest): ClientInfo => ({ address: req.ip, userAgent: req.headers['user-agent'] ?? '' });

/** The console's sign-in: the public steps share the sign-in rate limit per client address. */
export function adminAuthRoutes(router: Router, auth: AdminAuthService, authLimit: { max: number; timeWindow: string }) {
  const limited: HandleOptions = { rateLimit: authLimit };
  router.handle(staffLogin, async ({ body }) => ok(await auth.login(body)), limited);
  router.handle(staffEnrolStart, async ({ body }) => ok(await auth.enrolStart(body)), limited);
  router.handle(staffEnrolConfirm, async ({ body, req }) => ok(await auth.enrolConfirm(body, clientOf(req))), limited);
  router.handle(staffVerify, async ({ body, req }) => ok(await auth.verify(body, clientOf(req))), limited);
  router.handle(staffLogout, async ({ member: staff }) => {
    await auth.logout(staff);
    return ok(null, 'Signed out');
  });
  router.handle(staffMe, async ({ member: staff }) => ok(await auth.me(staff)));
  router.handle(staffRecoveryCodes, async ({ member: staff, body }) => ok({ recovery_codes: await auth.regenerateRecoveryCodes(staff, body.code) }));
}
