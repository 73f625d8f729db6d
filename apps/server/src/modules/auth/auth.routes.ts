import { login, logout, passwordChange, passwordForget, passwordReset, register, terminalOf, ERROR_MESSAGES, ERRORS, isPending, type UserWire } from '@kindred/protocol';
import type { FastifyRequest } from 'fastify';
import { answer, ok } from '../../http/envelope.js';
import type { HandleOptions, Router } from '../../http/router.js';
import type { TrendsRepository } from '../trends/trends.repository.js';
import { presentSelf } from '../users/users.presenter.js';
import type { AuthService, ClientMeta, SignedIn } from './auth.service.js';

const metaOf = (req: FastifyRequest): ClientMeta => ({
  terminal: terminalOf(req.headers['user-agent']),
  userAgent: req.headers['user-agent'] ?? '',
});

export function authRoutes(router: Router, auth: AuthService, trends: TrendsRepository, authLimit: { max: number; timeWindow: string }) {
  const limited: HandleOptions = { rateLimit: authLimit };

  /** A pending account still signs in (to see the approval screen) but the status says -3. */
  const signedIn = async ({ user, token }: SignedIn, okMsg: string) => {
    const data: UserWire = presentSelf(user, { token, newfeedcount: await trends.countByUser(user.id) });
    return isPending(user) ? answer(ERRORS.pending_approval.status, ERROR_MESSAGES.pending_approval, data) : ok(data, okMsg);
  };

  router.handle(login, async ({ body, req }) => signedIn(await auth.login(body, metaOf(req)), 'Login success'), limited);

  router.handle(register, async ({ body, req }) => signedIn(await auth.register(body, metaOf(req)), 'Regist success'), limited);

  router.handle(
    passwordForget,
    async ({ body, req }) => {
      await auth.forget(body, terminalOf(req.headers['user-agent']));
      return ok(null, 'If this address belongs to an account, a reset link has been sent to it');
    },
    limited,
  );

  router.handle(
    passwordReset,
    async ({ body }) => {
      await auth.resetPassword(body);
      return ok(null, 'Password changed, please sign in');
    },
    limited,
  );

  router.handle(passwordChange, async ({ body, member }) => {
    await auth.changePassword(member, body.oldpassword, body.newpassword);
    return ok(null, 'Modified success');
  });

  router.handle(logout, async ({ member }) => {
    await auth.logout(member);
    return ok(null, 'Signed out');
  });
}
