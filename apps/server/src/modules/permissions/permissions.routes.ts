import { EmptyBody, SUPPORT_ACCOUNT_ID, type InitDataWire } from '@kindred/protocol';
import { ok } from '../../http/envelope.js';
import type { Router } from '../../http/router.js';
import type { UsersRepository } from '../users/users.repository.js';
import { presentServiceAccount } from '../users/users.presenter.js';
import type { PermissionsService } from './permissions.service.js';

export function permissionsRoutes(router: Router, permissions: PermissionsService, users: UsersRepository) {
  router.post('/member/index/initdata', { body: EmptyBody, allowPending: true }, async () => {
    const support = await users.findById(SUPPORT_ACCOUNT_ID);
    const data: InitDataWire = {
      authority: await permissions.authority(),
      service: support ? presentServiceAccount(support) : { id: SUPPORT_ACCOUNT_ID, username: 'Support', avatar: '' },
    };
    return ok(data);
  });
}
