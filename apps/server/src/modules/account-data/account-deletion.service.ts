import type { Db } from '../../db/database.js';
import { inTransaction, type UnitOfWork } from '../../db/transaction.js';
import type { Member } from '../../domain/member.js';
import { fail } from '../../errors.js';
import type { PasswordHasher } from '../../infra/passwords.js';
import { UPLOADS_PREFIX, type Storage } from '../../infra/storage.js';
import { AuthThrottle } from '../auth/auth-throttle.js';
import type { SessionScope } from '../auth/sessions.repository.js';
import type { AccountDataRepository } from './account-data.repository.js';
import { memberFileKeys } from './member-files.js';

export interface AccountDeletionDeps {
  hasher: PasswordHasher;
  throttle: AuthThrottle;
  storage: Storage;
  /** services.sessionRevocation.endSessions: rows in the unit, sockets closed on every node after commit. */
  endSessions(scope: SessionScope, unit: UnitOfWork): Promise<number>;
  log: { error(obj: unknown, msg: string): void };
}

/**
 * A member deletes their own account (docs/product-rules.md, "Deleting an account"). The password
 * is checked under the sign-in back-off (a stolen session must neither delete the account by
 * guessing nor become a password oracle). Then, in one transaction: the gift notices naming them
 * in others' lists go, every session ends (sockets close on every node once it committed), and the
 * user row goes, which takes every row that references it (likes, trends, photos, messages both
 * ways, mails, notices, reports, gift sends, blocks, conversations…) by CASCADE, while ledger rows
 * and orders stay with user_id NULL. Their files are removed last: a file left by a failure costs
 * disk, a row left behind would not.
 */
export class AccountDeletionService {
  constructor(
    private readonly db: Db,
    private readonly data: AccountDataRepository,
    private readonly deps: AccountDeletionDeps,
  ) {}

  async delete(member: Member, password: string): Promise<void> {
    const { hasher, throttle } = this.deps;
    const key = AuthThrottle.loginKey(member.id, member.username);
    await throttle.beginLogin(key);
    if (!(await hasher.verify(password, member.user.password_hash))) throw fail('password_wrong');
    await throttle.clearLogin(key);
    // The administrator and support accounts are the installation's, not a person's.
    if (member.role !== 'member') throw fail('no_permission');

    await inTransaction(this.db, async (unit) => {
      await this.data.deleteNotices(await this.data.giftNoticesFrom(member.id, member.username, unit.trx), unit.trx);
      await this.deps.endSessions({ userId: member.id }, unit);
      await this.data.deleteUser(member.id, unit.trx);
    });
    await this.removeFiles(member.id);
  }

  private async removeFiles(memberId: number): Promise<void> {
    const { storage, log } = this.deps;
    try {
      const keys: string[] = [];
      for await (const key of memberFileKeys(storage, memberId)) keys.push(key);
      for (const key of keys) await storage.remove(`${UPLOADS_PREFIX}/${key}`);
    } catch (error) {
      log.error({ err: error, memberId }, 'could not remove a deleted member’s files');
    }
  }
}
