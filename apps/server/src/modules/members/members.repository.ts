import type { ExpressionBuilder, SelectQueryBuilder } from 'kysely';
import type { Db, DbOrTx } from '../../db/database.js';
import type { Database, UserRow } from '../../db/schema.js';
import { blockedWith, notBlockedWith } from '../blocks/block-filters.js';
import { onlineCutoff } from '@kindred/protocol';
import { shapedQuery } from '../../db/fixed-query.js';
import { activityColumn, listedMembers, memberConditions, memberShapeKey, shapeOf, shownOnline, type MemberQuery, type MemberShape, type MemberValues } from './member-filters.js';

/** A member as lists and profiles need them; is_like arrives as 0/1 (SQLite) or a boolean (PostgreSQL). */
export type MemberRow = Pick<
  UserRow,
  'id' | 'username' | 'avatar' | 'sex' | 'birthday' | 'country' | 'signature' | 'vip' | 'vip1_until' | 'vip2_until' | 'is_yin' | 'is_auth' | 'last_active_at' | 'shown_active_at' | 'role'
> & { is_like: number | boolean };

export interface Slice {
  offset: number;
  limit: number;
}

export interface RecommendQuery {
  viewerId: number;
  viewerSex: number;
  now: number;
  /** Candidates taken per sex, most recently active first: bounds the work of one request. */
  pool: number;
}

const LIKE_LISTS = new Set<MemberQuery['type']>(['i_like', 'love_me', 'mutual']);

/** Card columns plus whether the viewer likes the member (one probe of likes_pair per row). */
function cardColumns(viewerId: number) {
  return (eb: ExpressionBuilder<Database, 'users'>) => [
    'users.id' as const,
    'users.username' as const,
    'users.avatar' as const,
    'users.sex' as const,
    'users.birthday' as const,
    'users.country' as const,
    'users.signature' as const,
    'users.vip' as const,
    'users.vip1_until' as const,
    'users.vip2_until' as const,
    'users.is_yin' as const,
    'users.is_auth' as const,
    'users.last_active_at' as const,
    'users.shown_active_at' as const,
    'users.role' as const,
    eb
      .exists(eb.selectFrom('likes as mine').select('mine.id').where('mine.liker_id', '=', viewerId).whereRef('mine.target_id', '=', 'users.id'))
      .as('is_like'),
  ];
}

type Paged = MemberValues & Slice;

/** The users lists read the page's ids from the list's index, then the cards of those ids. */
function usersFrom(db: DbOrTx, s: MemberShape, v: MemberValues) {
  return db.selectFrom('users').where((eb) => memberConditions(eb, s, v));
}

/**
 * The like lists start from the viewer's likes rows (an index range), never from all members:
 * the conditions on the member sit in a correlated EXISTS, and a list joins users for the card
 * columns on the primary key only, so no planner (SQLite has no statistics) starts from users.
 */
function likesFrom(db: DbOrTx, s: MemberShape, v: MemberValues) {
  const theyLikeMe = s.type === 'love_me';
  const other = theyLikeMe ? 'l.liker_id' : 'l.target_id';
  return db
    .selectFrom('likes as l')
    .where(theyLikeMe ? 'l.target_id' : 'l.liker_id', '=', v.viewerId)
    // Inside the EXISTS, "users" is the subquery's own users row (the innermost scope wins in SQL).
    .where((eb) => eb.exists(eb.selectFrom('users').select('users.id').whereRef('users.id', '=', other).where((inner) => memberConditions(inner, s, v))))
    .$if(s.type === 'mutual', (qb) =>
      qb.where((eb) =>
        eb.exists(eb.selectFrom('likes as back').select('back.id').whereRef('back.liker_id', '=', 'l.target_id').where('back.target_id', '=', v.viewerId)),
      ),
    );
}

// Each list's statements compiled once per shape (fixed-query.ts, shapedQuery): building and
// compiling them cost about as much as SQLite running the cheap lists.

/** Most recent like first: likes_liker_recent / likes_target_recent give that order. */
const likesPage = shapedQuery(memberShapeKey, (db, s: MemberShape, v: Paged) =>
  likesFrom(db, s, v)
    .innerJoin('users', 'users.id', s.type === 'love_me' ? 'l.liker_id' : 'l.target_id')
    .select(cardColumns(v.viewerId))
    .orderBy('l.id', 'desc')
    .offset(v.offset)
    .limit(v.limit),
);

/**
 * Two steps: the page's ids come from the list's index alone (an index-only walk, so a deep page
 * skips index entries, not rows), then the cards of those 20 ids, in the list's own order (each
 * order has its index, migrations 0003, 0005 and, for the activity this viewer may know of, 0006).
 */
const usersPage = shapedQuery(memberShapeKey, (db, s: MemberShape, v: Paged) => {
  const order = <Q extends SelectQueryBuilder<Database, 'users', any>>(qb: Q): Q =>
    s.username !== 'none'
      ? (qb.orderBy('users.username_key', 'asc') as Q)
      : s.type === 'latest'
        ? (qb.orderBy('users.id', 'desc') as Q)
        : (qb.orderBy(activityColumn(s.viewerSex), 'desc').orderBy('users.id', 'desc') as Q);
  const pageIds = order(usersFrom(db, s, v).select('users.id')).offset(v.offset).limit(v.limit);
  return order(db.selectFrom('users').select(cardColumns(v.viewerId)).where('users.id', 'in', pageIds));
});

const likesCount = shapedQuery(memberShapeKey, (db, s: MemberShape, v: MemberValues) => likesFrom(db, s, v).select((eb) => eb.fn.countAll<number>().as('n')));

const usersCount = shapedQuery(memberShapeKey, (db, s: MemberShape, v: MemberValues) =>
  db
    .selectFrom('users')
    .where((eb) => memberConditions(eb, s, v, { blocks: false }))
    .select((eb) => eb.fn.countAll<number>().as('n')),
);

const blockedCount = shapedQuery(memberShapeKey, (db, s: MemberShape, v: MemberValues) =>
  db
    .selectFrom('users')
    .where((eb) => eb.and([blockedWith(eb, v.viewerId, 'users.id'), memberConditions(eb, s, v, { blocks: false })]))
    .select((eb) => eb.fn.countAll<number>().as('n')),
);

export class MembersRepository {
  constructor(private readonly db: Db) {}

  /**
   * Any account in good standing (status 1), staff included: profiles of support are viewable.
   * Members on either side of a block with the viewer are not found.
   */
  findActive(id: number, viewerId: number, trx: DbOrTx = this.db): Promise<MemberRow | undefined> {
    return trx
      .selectFrom('users')
      .select(cardColumns(viewerId))
      .where('users.id', '=', id)
      .where('users.status', '=', 1)
      .where((eb) => notBlockedWith(eb, viewerId, 'users.id'))
      .executeTakeFirst();
  }

  /**
   * One page of a member list, in the list's own order (each order has its index, migrations 0003,
   * 0005 and, for the activity this viewer may know of, 0006).
   */
  list(q: MemberQuery, { offset, limit }: Slice, trx: DbOrTx = this.db): Promise<MemberRow[]> {
    const { shape, values } = shapeOf(q);
    return (LIKE_LISTS.has(q.type) ? likesPage : usersPage)(trx, shape, { ...values, offset, limit });
  }

  /**
   * How many members the same list holds (for last_page): the same indexed filter, counted. For the
   * users lists the block filter stays out of the walk (a probe per member made the 100k count
   * 1.7-2.7x slower on SQLite); the few blocked members the list would hold are counted from the
   * viewer's blocks instead (a short range, then users by key) and taken away.
   */
  async count(q: MemberQuery, trx: DbOrTx = this.db): Promise<number> {
    const n = (rows: { n: number | string | bigint }[]) => Number(rows[0]!.n);
    const { shape, values } = shapeOf(q);
    if (LIKE_LISTS.has(q.type)) return n(await likesCount(trx, shape, values));
    const [all, blocked] = await Promise.all([usersCount(trx, shape, values), blockedCount(trx, shape, values)]);
    return n(all) - n(blocked);
  }

  /**
   * The recommend ranking (documented in the README): among members the viewer has not liked yet,
   * the `pool` most recently active of each sex are candidates; they rank opposite sex first, then
   * online (as the viewer may see it), then with an avatar, then most recently active (activity as
   * the viewer may know it, see activityColumn).
   */
  recommend(q: RecommendQuery, { offset, limit }: Slice, trx: DbOrTx = this.db): Promise<MemberRow[]> {
    const opposite = q.viewerSex === 1 ? 0 : 1;
    return this.recommendCandidates(q, trx)
      .select(cardColumns(q.viewerId))
      .orderBy((eb) => eb.case().when('users.sex', '=', opposite).then(0).else(1).end())
      .orderBy((eb) => eb.case().when(shownOnline(eb, q.viewerSex, onlineCutoff(q.now))).then(0).else(1).end())
      .orderBy((eb) => eb.case().when('users.avatar', '!=', '').then(0).else(1).end())
      .orderBy(activityColumn(q.viewerSex), 'desc')
      .orderBy('users.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
  }

  async countRecommend(q: RecommendQuery, trx: DbOrTx = this.db): Promise<number> {
    const row = await this.recommendCandidates(q, trx)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The desktop home's wall: recently active members (as this viewer may know it) who show a face. */
  wall(viewer: { id: number; sex: number }, limit: number, trx: DbOrTx = this.db): Promise<MemberRow[]> {
    return trx
      .selectFrom('users')
      .select(cardColumns(viewer.id))
      .where((eb) => eb.and([...listedMembers(eb, viewer.id), eb('users.avatar', '!=', '')]))
      .orderBy(activityColumn(viewer.sex), 'desc')
      .orderBy('users.id', 'desc')
      .limit(limit)
      .execute();
  }

  /** Each pool walks users_members_sex_active (or _sex_shown) from the most recently active member down. */
  private recommendCandidates(q: RecommendQuery, trx: DbOrTx) {
    const pool = (sex: number) =>
      trx
        .selectFrom('users')
        .select('users.id')
        .where((eb) =>
          eb.and([
            ...listedMembers(eb, q.viewerId),
            eb('users.sex', '=', sex),
            eb.not(eb.exists(eb.selectFrom('likes as mine').select('mine.id').where('mine.liker_id', '=', q.viewerId).whereRef('mine.target_id', '=', 'users.id'))),
          ]),
        )
        .orderBy(activityColumn(q.viewerSex), 'desc')
        .limit(q.pool);
    // One IN over a UNION ALL (each pool wrapped, as SQLite allows no LIMIT inside a compound member):
    // an OR of two INs would make PostgreSQL test every member against both.
    const pools = trx
      .selectFrom(pool(0).as('women'))
      .select('women.id')
      .unionAll(trx.selectFrom(pool(1).as('men')).select('men.id'));
    return trx.selectFrom('users').where('users.id', 'in', pools);
  }
}
