import { indexInfo, languageSet, profileUpdate, signatureChange, userInfo, visibilitySet } from '@kindred/protocol';
import { ok } from '../../http/envelope.js';
import type { Router } from '../../http/router.js';
import { presentSelf } from '../users/users.presenter.js';
import type { Account, AccountsService } from './accounts.service.js';

export function accountsRoutes(router: Router, accounts: AccountsService, now: () => number = Date.now) {
  // The level shown is the one in force on the app's clock (a membership ends with time, not an event).
  const present = ({ user, newfeedcount }: Account) => presentSelf(user, { newfeedcount, now: now() });
  for (const call of [userInfo, indexInfo]) {
    router.handle(call, async ({ member }) => ok(present(await accounts.own(member))));
  }

  router.handle(profileUpdate, async ({ body, member }) => ok(present(await accounts.updateProfile(member, body)), 'Modified success'));

  router.handle(signatureChange, async ({ body, member }) => ok(present(await accounts.changeSignature(member, body.signature)), 'Modified success'));

  router.handle(visibilitySet, async ({ body, member }) => ok(present(await accounts.setVisibility(member, body.is_yin)), 'Modified success'));

  router.handle(languageSet, async ({ body, member }) => ok(present(await accounts.setLanguage(member, body)), 'Modified success'));
}
