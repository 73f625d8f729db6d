import { ChangePwdBody, EmptyBody, ForgetBody, LoginBody, RegisterBody, ResetPasswordBody, UserStatus, terminalOf } from '@kindred/protocol';
import type { FastifyRequest } from 'fastify';
import { answer, ok } from '../../http/envelope.js';
import type { Router } from '../../http/router.js';
import type { TrendsRepository } from '../trends/trends.repository.js';
import { presentSelf } from '../users/users.presenter.js';
import type { AuthService, ClientMeta, SignedIn } from './auth.service.js';

const metaOf = (req: FastifyRequest): ClientMeta => ({
  terminal: terminalOf(req.headers['user-agent']),
  userAgent: req.headers['user-agent'] ?? '',
});

export function authRoutes(router: Router, auth: AuthService, trends: TrendsRepository, authLimit: { max: number; timeWindow: string }) {
  /** A pending account still signs in (to see the approval screen) but the status says -3. */
  const signedIn = async ({ user, token }: SignedIn, okMsg: string) => {
    const data = presentSelf(user, { token, newfeedcount: await trends.countByUser(user.id) });
    return user.status === UserStatus.pending ? answer(-3, 'Your account is pending approval...', data) : ok(data, okMsg);
  };

  router.publicPost('/member/index/login', { body: LoginBody, rateLimit: authLimit }, async ({ body, req }) =>
    signedIn(await auth.login(body, metaOf(req)), 'Login success'),
  );

  router.publicPost('/member/index/register', { body: RegisterBody, rateLimit: authLimit }, async ({ body, req }) =>
    signedIn(await auth.register(body, metaOf(req)), 'Regist success'),
  );

  router.publicPost('/member/index/forget', { body: ForgetBody, rateLimit: authLimit }, async ({ body, req }) => {
    await auth.forget(body, terminalOf(req.headers['user-agent']));
    return ok(null, 'If this address belongs to an account, a reset link has been sent to it');
  });

  router.publicPost('/member/index/resetpassword', { body: ResetPasswordBody, rateLimit: authLimit }, async ({ body }) => {
    await auth.resetPassword(body);
    return ok(null, 'Password changed, please sign in');
  });

  router.post('/member/index/changepwd', { body: ChangePwdBody }, async ({ body, member }) => {
    await auth.changePassword(member, body.oldpassword, body.newpassword);
    return ok(null, 'Modified success');
  });

  router.post('/member/index/logout', { body: EmptyBody, allowPending: true }, async ({ member }) => {
    await auth.logout(member);
    return ok(null, 'Signed out');
  });
}
