import type { Db } from '../../db/database.js';
import { inTransaction } from '../../db/transaction.js';
import { isUniqueViolation } from '../../db/dialect.js';
import { fail } from '../../errors.js';
import type { Member } from '../../domain/member.js';
import type { BlockCheck } from '../blocks/blocks.service.js';
import type { MembersRepository } from '../members/members.repository.js';
import { memberPage, type MemberPage } from '../members/member-page.js';
import type { LikesRepository } from './likes.repository.js';

export type LikeList = 'i_like' | 'love_me' | 'mutual';

export interface LikeState {
  liked: boolean;
  likecount: number;
}

/** Follow/like (docs/product-rules.md §4): a toggle, and the three lists it makes. */
export class LikesService {
  constructor(
    private readonly db: Db,
    private readonly likes: LikesRepository,
    private readonly members: MembersRepository,
    private readonly blocks: BlockCheck,
    private readonly now: () => number = Date.now,
  ) {}

  /** Likes the target, or takes the like back when there is one. Only listed members can be liked. */
  async toggle(viewer: Member, targetId: number): Promise<LikeState> {
    if (targetId === viewer.id) throw fail('cannot_like_self');
    await this.blocks.assertNotBlocked(viewer.id, targetId);
    const target = await this.members.findActive(targetId, viewer.id);
    if (!target || target.role !== 'member') throw fail('user_not_found');
    const liked = await inTransaction(this.db, async ({ trx }) => {
      if (await this.likes.delete(viewer.id, targetId, trx)) return false;
      await this.likes.insert(viewer.id, targetId, this.now(), trx);
      return true;
    }).catch((error: unknown) => {
      // A double tap raced us to the same like: the unique pair decided, and the like stands.
      if (isUniqueViolation(error)) return true;
      throw error;
    });
    return { liked, likecount: await this.likes.countLikers(targetId) };
  }

  list(viewer: Member, type: LikeList, page: number): Promise<MemberPage> {
    return memberPage(this.members, viewer, { viewerId: viewer.id, viewerSex: viewer.sex, type, now: this.now() }, page);
  }
}
