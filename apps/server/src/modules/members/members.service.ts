import { LIMITS, Sex, type MemberListType, type SearchOppositeSexBody, type UserListBody } from '@kindred/protocol';
import type { Can, Member } from '../../domain/member.js';
import { fail } from '../../errors.js';
import type { BackPhotoRow, PhotosRepository } from '../photos/photos.repository.js';
import type { TrendsRepository } from '../trends/trends.repository.js';
import type { MemberQuery } from './member-filters.js';
import { assertMayPage, MEMBER_PAGE_SIZE, memberPage, pageOf, type MemberPage } from './member-page.js';
import type { MemberRow, MembersRepository } from './members.repository.js';

/** A profile's like count; the likes module answers it (composition.ts), members do not import likes. */
export interface LikeCounts {
  countLikers(userId: number): Promise<number>;
}

export interface MemberDetail {
  row: MemberRow;
  likecount: number;
  backphotos: BackPhotoRow[];
  newfeedcount: number;
  at: number;
}

/** Candidates per sex for recommend: bounds one request's work whatever the community's size. */
export const RECOMMEND_POOL = 200;

const oppositeSex = (viewer: Member) => (viewer.sex === Sex.male ? Sex.female : Sex.male);

export class MembersService {
  constructor(
    private readonly members: MembersRepository,
    private readonly likes: LikeCounts,
    private readonly photos: PhotosRepository,
    private readonly trends: TrendsRepository,
    private readonly can: Can,
    private readonly now: () => number = Date.now,
  ) {}

  /** userlist: every filter of docs/product-rules.md §3 (see calls/members.ts for the scheme). */
  async list(viewer: Member, { page, type, vip, username }: UserListBody): Promise<MemberPage> {
    // Searching by name is the Search_users privilege, whichever call carries the name.
    if (username && !(await this.can(viewer, 'Search_users'))) throw fail('no_permission');
    return memberPage(this.members, viewer, this.query(viewer, type, { vip, username }), page);
  }

  online(viewer: Member, page: number): Promise<MemberPage> {
    return memberPage(this.members, viewer, this.query(viewer, 'online'), page);
  }

  newOppositeSex(viewer: Member, page: number): Promise<MemberPage> {
    return memberPage(this.members, viewer, this.query(viewer, 'latest', { sex: oppositeSex(viewer) }), page);
  }

  /** The desktop's search: members of the opposite sex whose name starts with the text. */
  async searchOppositeSex(viewer: Member, { username, page }: SearchOppositeSexBody): Promise<MemberPage> {
    const result = await memberPage(this.members, viewer, this.query(viewer, 'all', { username, sex: oppositeSex(viewer) }), page);
    // The spec's clients show "No users found" and clear the list on a failed search.
    if (result.total === 0) throw fail('no_users_found');
    return result;
  }

  async recommend(viewer: Member, page: number): Promise<MemberPage> {
    assertMayPage(viewer, page);
    const q = { viewerId: viewer.id, viewerSex: viewer.sex, now: this.now(), pool: RECOMMEND_POOL };
    const slice = { offset: (page - 1) * MEMBER_PAGE_SIZE, limit: MEMBER_PAGE_SIZE };
    const [rows, total] = await Promise.all([this.members.recommend(q, slice), this.members.countRecommend(q)]);
    return pageOf(viewer, rows, page, total, q.now);
  }

  async wall(viewer: Member): Promise<MemberPage> {
    const at = this.now();
    const rows = await this.members.wall(viewer, LIMITS.memberWallSize);
    return { rows, page: 1, lastPage: 1, total: rows.length, viewerVip: viewer.vip, at };
  }

  /** A profile: pending, disabled and unknown accounts are all "user does not exist". */
  async detail(viewer: Member, id: number): Promise<MemberDetail> {
    const at = this.now();
    const row = await this.members.findActive(id, viewer.id);
    if (!row) throw fail('user_not_found');
    const [likecount, backphotos, newfeedcount] = await Promise.all([
      this.likes.countLikers(id),
      this.photos.listBackPhotos(id, LIMITS.backphotosShown),
      this.trends.countByUser(id),
    ]);
    return { row, likecount, backphotos, newfeedcount, at };
  }

  private query(viewer: Member, type: MemberListType, extra: Pick<MemberQuery, 'vip' | 'username' | 'sex'> = {}): MemberQuery {
    return { viewerId: viewer.id, viewerSex: viewer.sex, type, now: this.now(), ...extra };
  }
}
