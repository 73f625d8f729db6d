import type { TrendType } from '@kindred/protocol';
import type { Db, DbOrTx } from '../../db/database.js';
import { fixedQuery, shapedQuery } from '../../db/fixed-query.js';
import type { UserRow } from '../../db/schema.js';
import { notBlockedWith } from '../blocks/block-filters.js';

// The member's own figures (userinfo) count on every call: compiled once (fixed-query.ts).
const countOfUser = fixedQuery((db, userId: number) =>
  db
    .selectFrom('trends')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId),
);

/**
 * A page of trends, newest first by id: the feed walks the primary key, an author's trends
 * trends_user. Compiled once per combination of the optional filters (fixed-query.ts, shapedQuery).
 */
const feedPage = shapedQuery(
  () => 'feed',
  (db, _shape: null, v: { authorId?: number; before?: number; viewerId?: number; offset: number; limit: number }) =>
    withAuthor(db)
      .$if(v.authorId != null, (qb) => qb.where('trends.user_id', '=', v.authorId!))
      .$if(v.viewerId != null, (qb) => qb.where((eb) => notBlockedWith(eb, v.viewerId!, 'trends.user_id')))
      .$if(v.before != null, (qb) => qb.where('trends.id', '<', v.before!))
      .orderBy('trends.id', 'desc')
      .offset(v.offset)
      .limit(v.limit),
);

/** A trend with what its card shows of the author. */
export interface TrendRow {
  id: number;
  user_id: number;
  type: number;
  content: string;
  img: string;
  created_at: number;
  author: Pick<UserRow, 'username' | 'avatar' | 'sex' | 'birthday' | 'vip' | 'vip1_until' | 'vip2_until'>;
}

export interface FeedQuery {
  /** Only this author's trends (his_trend, my_trend); the whole feed otherwise. */
  authorId?: number;
  /** Keyset: trends older than this id. */
  before?: number;
  offset: number;
  limit: number;
  /** Leaves out authors on either side of a block with this member. */
  viewerId?: number;
}

export class TrendsRepository {
  constructor(private readonly db: Db) {}

  async insert(row: { user_id: number; type: TrendType; content?: string; img?: string; created_at: number }, trx: DbOrTx = this.db): Promise<number> {
    const inserted = await trx
      .insertInto('trends')
      .values({ content: '', img: '', ...row })
      .returning('id')
      .executeTakeFirstOrThrow();
    return inserted.id;
  }

  async countByUser(userId: number, trx: DbOrTx = this.db): Promise<number> {
    const [row] = await countOfUser(trx, userId);
    return Number(row?.n ?? 0);
  }

  /**
   * Newest first, by id: the feed walks the primary key, an author's trends trends_user. Trends of
   * pending or disabled accounts stay out of sight.
   */
  async list({ authorId, before, offset, limit, viewerId }: FeedQuery, trx: DbOrTx = this.db): Promise<TrendRow[]> {
    const rows = await feedPage(trx, null, { authorId, before, viewerId, offset, limit });
    return rows.map(toTrendRow);
  }

  async findById(id: number, trx: DbOrTx = this.db): Promise<TrendRow | undefined> {
    const row = await withAuthor(trx).where('trends.id', '=', id).executeTakeFirst();
    return row && toTrendRow(row);
  }

  /** Deletes the trend only if `userId` wrote it; answers the deleted row's image, if one was deleted. */
  async deleteOwned(id: number, userId: number, trx: DbOrTx = this.db): Promise<{ img: string } | undefined> {
    return trx.deleteFrom('trends').where('id', '=', id).where('user_id', '=', userId).returning('img').executeTakeFirst();
  }
}

function withAuthor(trx: DbOrTx) {
  return trx
    .selectFrom('trends')
    .innerJoin('users', 'users.id', 'trends.user_id')
    .select([
      'trends.id',
      'trends.user_id',
      'trends.type',
      'trends.content',
      'trends.img',
      'trends.created_at',
      'users.username',
      'users.avatar',
      'users.sex',
      'users.birthday',
      'users.vip',
      'users.vip1_until',
      'users.vip2_until',
    ])
    // Authors in good standing only. As a correlated EXISTS (not a filter on the joined row) the
    // planner keeps walking trends by id; SQLite, without statistics, would otherwise start from
    // the users status index and sort every trend.
    .where((eb) => eb.exists(eb.selectFrom('users as author').select('author.id').whereRef('author.id', '=', 'trends.user_id').where('author.status', '=', 1)));
}

// Field by field: a rest spread per row cost more than the rest of the feed's own code.
function toTrendRow(r: Omit<TrendRow, 'author'> & TrendRow['author']): TrendRow {
  return {
    id: r.id,
    user_id: r.user_id,
    type: r.type,
    content: r.content,
    img: r.img,
    created_at: r.created_at,
    author: { username: r.username, avatar: r.avatar, sex: r.sex, birthday: r.birthday, vip: r.vip, vip1_until: r.vip1_until, vip2_until: r.vip2_until },
  };
}
