import { ChangeSignatureBody, EmptyBody, LanguageBody, ProfileBody, VisibilityBody } from '@kindred/protocol';
import { ok } from '../../http/envelope.js';
import type { Router } from '../../http/router.js';
import { presentSelf } from '../users/users.presenter.js';
import type { Account, AccountsService } from './accounts.service.js';

const present = ({ user, newfeedcount }: Account) => presentSelf(user, { newfeedcount });

export function accountsRoutes(router: Router, accounts: AccountsService) {
  for (const path of ['/member/index/userinfo', '/member/index/info']) {
    router.post(path, { body: EmptyBody, allowPending: true }, async ({ member }) => ok(present(await accounts.own(member))));
  }

  router.post('/member/index/profile', { body: ProfileBody }, async ({ body, member }) =>
    ok(present(await accounts.updateProfile(member, body)), 'Modified success'),
  );

  router.post('/member/index/changesignature', { body: ChangeSignatureBody }, async ({ body, member }) =>
    ok(present(await accounts.changeSignature(member, body.signature)), 'Modified success'),
  );

  /** Not in the spec's HTTP calls (it is socket opt 9 there); the socket handler shares the service. */
  router.post('/member/index/visibility', { body: VisibilityBody }, async ({ body, member }) =>
    ok(present(await accounts.setVisibility(member, body.is_yin)), 'Modified success'),
  );

  /** Not in the spec: the chosen language is kept on the account so e-mails arrive in it. */
  router.post('/member/index/lang', { body: LanguageBody, allowPending: true }, async ({ body, member }) =>
    ok(present(await accounts.setLanguage(member, body)), 'Modified success'),
  );
}
