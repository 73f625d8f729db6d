import { isReachable, isStaff, LIMITS } from '@kindred/protocol';
import type { Db, DbOrTx } from '../../db/database.js';
import { inTransaction } from '../../db/transaction.js';
import type { Member } from '../../domain/member.js';
import { fail } from '../../errors.js';
import type { UsersRepository } from '../users/users.repository.js';
import type { BlockedRow, BlocksRepository } from './blocks.repository.js';

/**
 * What the other services ask of blocking (composition.ts hands them this, never the repository):
 * - contact (chat, mail, likes) is refused with an id that says which side blocked;
 * - a view of the other member (profile, photos, trends) answers as if they did not exist.
 * Lists and fan-out leave blocked pairs out in SQL instead (block-filters.ts).
 */
export interface BlockCheck {
  /**
   * `member_blocked` when `actorId` blocked `otherId`, `blocked_by_member` the other way round.
   * Inside a transaction, pass its `trx` (on SQLite a read beside it would wait for it).
   */
  assertNotBlocked(actorId: number, otherId: number, trx?: DbOrTx): Promise<void>;
  /** assertNotBlocked for many (actor, other) pairs in one query; the first blocked pair in the given order decides the error. */
  assertNoneBlocked(pairs: readonly (readonly [number, number])[], trx?: DbOrTx): Promise<void>;
  /** `user_not_found` when either blocked the other. */
  assertVisible(viewerId: number, otherId: number): Promise<void>;
}

export interface BlockedPage {
  rows: BlockedRow[];
  page: number;
  lastPage: number;
  total: number;
}

const PAGE = LIMITS.memberPageSize;

/**
 * Blocking (docs/product-rules.md, "Blocking"): a member blocks another member; both then vanish
 * from each other's lists, profiles and presence, and neither may chat, mail or like the other.
 * Blocking also ends the likes between them both ways (as follows end on the big networks), which
 * unblocking does not bring back. Staff cannot block or be blocked: the support account stays
 * reachable to every member.
 */
export class BlocksService implements BlockCheck {
  private readonly listeners = new Set<(blockerId: number, blockedId: number) => void>();

  constructor(
    private readonly db: Db,
    private readonly blocks: BlocksRepository,
    private readonly users: UsersRepository,
    private readonly now: () => number = Date.now,
  ) {}

  async block(member: Member, userId: number): Promise<void> {
    if (userId === member.id) throw fail('cannot_block_self');
    if (isStaff(member)) throw fail('no_permission');
    const target = await this.users.findById(userId);
    if (!target || !isReachable(target)) throw fail('user_not_found');
    if (isStaff(target)) throw fail('no_permission');
    await inTransaction(this.db, async ({ trx }) => {
      await this.blocks.insert(member.id, userId, this.now(), trx);
      await this.blocks.deleteLikesBetween(member.id, userId, trx);
    });
    for (const listener of this.listeners) listener(member.id, userId);
  }

  /** Hears of every block once it is stored (the live connection drops the contact on both sides). */
  onBlocked(listener: (blockerId: number, blockedId: number) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Idempotent: lifting a block that is not there answers the same. */
  async unblock(member: Member, userId: number): Promise<void> {
    if (userId === member.id) throw fail('cannot_block_self');
    await this.blocks.delete(member.id, userId);
  }

  async list(member: Member, page: number): Promise<BlockedPage> {
    const [rows, total] = await Promise.all([this.blocks.list(member.id, { offset: (page - 1) * PAGE, limit: PAGE }), this.blocks.count(member.id)]);
    return { rows, page, total, lastPage: Math.max(1, Math.ceil(total / PAGE)) };
  }

  async assertNotBlocked(actorId: number, otherId: number, trx?: DbOrTx): Promise<void> {
    const direction = await this.blocks.direction(actorId, otherId, trx);
    if (direction === 'mine') throw fail('member_blocked');
    if (direction === 'theirs') throw fail('blocked_by_member');
  }

  async assertNoneBlocked(pairs: readonly (readonly [number, number])[], trx?: DbOrTx): Promise<void> {
    // A chat batch names the same two members once per message, and either order: the query asks
    // each pair once (both directions), so its size follows the conversations, not the messages.
    const distinct = new Map<string, readonly [number, number]>();
    for (const [a, b] of pairs) distinct.set(a < b ? `${a}:${b}` : `${b}:${a}`, [a, b]);
    const found = await this.blocks.among([...distinct.values()], trx);
    if (!found.length) return;
    const blocked = new Set(found.map((r) => `${r.blocker_id}:${r.blocked_id}`));
    for (const [actor, other] of pairs) {
      if (blocked.has(`${actor}:${other}`)) throw fail('member_blocked');
      if (blocked.has(`${other}:${actor}`)) throw fail('blocked_by_member');
    }
  }

  async assertVisible(viewerId: number, otherId: number): Promise<void> {
    if ((await this.blocks.direction(viewerId, otherId)) !== 'none') throw fail('user_not_found');
  }
}
