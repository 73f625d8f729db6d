import { UserStatus } from '@kindred/protocol';
import type { UserRow } from '../../db/schema.js';
import { fail } from '../../errors.js';
import type { UsersRepository } from '../users/users.repository.js';

export class AdminService {
  constructor(
    private readonly users: UsersRepository,
    private readonly now: () => number = Date.now,
  ) {}

  listPending(limit = 100): Promise<UserRow[]> {
    return this.users.listByStatus(UserStatus.pending, limit);
  }

  /** Only a pending account can be approved; anything else is "not found" to the caller. */
  async approve(id: number): Promise<void> {
    if (!(await this.users.transitionStatus(id, UserStatus.pending, UserStatus.active, this.now()))) throw fail('not_found');
  }
}
