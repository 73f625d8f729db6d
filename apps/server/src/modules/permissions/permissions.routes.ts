import { initData, SUPPORT_ACCOUNT_ID } from '@kindred/protocol';
import { ok } from '../../http/envelope.js';
import type { Router } from '../../http/router.js';
import type { UsersRepository } from '../users/users.repository.js';
import { presentServiceAccount } from '../users/users.presenter.js';
import type { PermissionsService } from './permissions.service.js';

export function permissionsRoutes(router: Router, permissions: PermissionsService, users: UsersRepository) {
  router.handle(initData, async () => {
    const support = await users.findById(SUPPORT_ACCOUNT_ID);
    return ok({
      authority: await permissions.authority(),
      service: support ? presentServiceAccount(support) : { id: SUPPORT_ACCOUNT_ID, username: 'Support', avatar: '' },
    });
  });
}
