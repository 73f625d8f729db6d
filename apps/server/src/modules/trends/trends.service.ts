import { LIMITS, TrendType, type ReleaseTrendBody, type TrendListBody } from '@kindred/protocol';
import { fail } from '../../errors.js';
import type { Member } from '../../domain/member.js';
import type { BlockCheck } from '../blocks/blocks.service.js';
import type { FileCleanup } from '../uploads/file-cleanup.js';
import { ownsImage } from '../uploads/ownership.js';
import type { UsersRepository } from '../users/users.repository.js';
import { type TrendRow, type TrendsRepository } from './trends.repository.js';

export interface TrendPage {
  rows: TrendRow[];
  hasMore: boolean;
  at: number;
}

const PAGE = LIMITS.trendPageSize;

/** The newsfeed: posts members write, and the events the server writes for them (joined, avatar, profile). */
export class TrendsService {
  constructor(
    private readonly trends: TrendsRepository,
    private readonly users: UsersRepository,
    private readonly files: FileCleanup,
    private readonly blocks: BlockCheck,
    private readonly now: () => number = Date.now,
  ) {}

  /** Everyone's trends but those of members on either side of a block with the viewer. */
  feed(viewer: Member, paging: TrendListBody): Promise<TrendPage> {
    return this.page(undefined, paging, viewer.id);
  }

  /** Another member's trends; accounts that are not active are "user does not exist". */
  async ofMember(viewer: Member, userId: number, paging: TrendListBody): Promise<TrendPage> {
    const author = await this.users.findById(userId);
    if (!author || author.status !== 1) throw fail('user_not_found');
    await this.blocks.assertVisible(viewer.id, userId);
    return this.page(userId, paging);
  }

  mine(viewer: Member, paging: TrendListBody): Promise<TrendPage> {
    return this.page(viewer.id, paging);
  }

  /** A post: text and/or an image of the member's own uploads (docs/product-rules.md §5: "needs text or image"). */
  async release(viewer: Member, { content, img }: ReleaseTrendBody): Promise<TrendRow> {
    if (!content && !img) throw fail('content_empty');
    if (img && !ownsImage(viewer, img)) throw fail('image_not_owned');
    const id = await this.trends.insert({ user_id: viewer.id, type: TrendType.post, content, img, created_at: this.now() });
    const row = await this.trends.findById(id);
    if (!row) throw fail('not_found');
    return row;
  }

  /** Only the author deletes a trend; anyone else learns nothing (not found), and the row stays. */
  async delete(viewer: Member, id: number): Promise<void> {
    const deleted = await this.trends.deleteOwned(id, viewer.id);
    if (!deleted) throw fail('not_found');
    await this.files.release(viewer.id, deleted.img);
  }

  /** Keyset (`before`) when the client sends it, else the page number; one extra row tells has_more. */
  private async page(authorId: number | undefined, { before, page }: TrendListBody, viewerId?: number): Promise<TrendPage> {
    const at = this.now();
    const offset = before != null ? 0 : (page - 1) * PAGE;
    const rows = await this.trends.list({ authorId, before, offset, limit: PAGE + 1, viewerId });
    return { rows: rows.slice(0, PAGE), hasMore: rows.length > PAGE, at };
  }
}
