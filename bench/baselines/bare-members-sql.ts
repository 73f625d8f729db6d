/**
 * The SQL of the bare member-list baseline: the very statements our server sends (session by token
 * hash, the caller's row, a page of a member list with its count, the trend feed), written out as
 * text. members.bench.ts checks before every run that these texts and parameters equal what the
 * server's repositories compile for the same request, so the baseline cannot drift into a strawman.
 */
import { ONLINE_WINDOW_MS, Sex } from '@kindred/protocol';
import { prefixUpperBound } from '../../apps/server/src/modules/members/member-filters.js';

export type Dialect = 'sqlite' | 'postgres';

export interface Stmt {
  sql: string;
  params: unknown[];
}

export type ListType = 'all' | 'online' | 'invisible' | 'offline' | 'auth' | 'vip' | 'latest' | 'i_like' | 'love_me' | 'mutual';

export interface ListInput {
  viewerId: number;
  viewerSex: number;
  type: ListType;
  vip?: number;
  username?: string;
  now: number;
  offset: number;
  limit: number;
}


/** Collects parameters; answers each one's placeholder in the dialect's spelling. */
class Params {
  readonly values: unknown[] = [];
  constructor(private readonly dialect: Dialect) {}
  p(value: unknown): string {
    this.values.push(value);
    return this.dialect === 'postgres' ? `$${this.values.length}` : '?';
  }
}

export function sessionStatements(dialect: Dialect): { session: string; user: string; touchSession: string; touchUser: string } {
  const [a, b] = dialect === 'postgres' ? ['$1', '$2'] : ['?', '?'];
  return {
    session: `select "id", "user_id", "last_seen_at", "expires_at" from "sessions" where "token_hash" = ${a} and "expires_at" > ${b}`,
    user: `select * from "users" where "id" = ${a}`,
    touchSession: `update "sessions" set "last_seen_at" = ${a} where "id" = ${b}`,
    // Params: now, 1, now, id (UsersRepository.touchActive: the shown activity moves only while visible).
    touchUser:
      dialect === 'postgres'
        ? 'update "users" set "last_active_at" = $1, "shown_active_at" = case when "is_yin" = $2 then $3 else "shown_active_at" end where "id" = $4'
        : 'update "users" set "last_active_at" = ?, "shown_active_at" = case when "is_yin" = ? then ? else "shown_active_at" end where "id" = ?',
  };
}

const CARD =
  '"users"."id", "users"."username", "users"."avatar", "users"."sex", "users"."birthday", "users"."country", "users"."signature", ' +
  '"users"."vip", "users"."vip1_until", "users"."vip2_until", "users"."is_yin", "users"."is_auth", "users"."last_active_at", "users"."shown_active_at", "users"."role"';

/** The activity a viewer may know of (member-filters.ts activityColumn): women see through invisible mode. */
export const activityColumn = (viewerSex: number) => (viewerSex === Sex.female ? 'last_active_at' : 'shown_active_at');

function isLike(q: Params, viewerId: number): string {
  return `exists (select "mine"."id" from "likes" as "mine" where "mine"."liker_id" = ${q.p(viewerId)} and "mine"."target_id" = "users"."id") as "is_like"`;
}

function shownOnline(q: Params, i: ListInput): string {
  const active = `"users"."${activityColumn(i.viewerSex)}" > ${q.p(i.now - ONLINE_WINDOW_MS)}`;
  return i.viewerSex === Sex.female ? active : `(${active} and "users"."is_yin" = ${q.p(1)})`;
}

function levelIs(q: Params, level: number | 'paid', now: number): string {
  const next = (Math.floor(now / 1000) + 1) * 1000;
  const running = (c: string) => `("users"."${c}" = ${q.p(0)} or "users"."${c}" >= ${q.p(next)})`;
  const gold = () => `("users"."vip" >= ${q.p(2)} and ${running('vip2_until')})`;
  const silver = () => {
    const a = `("users"."vip" = ${q.p(1)} and ${running('vip1_until')})`;
    const b = `("users"."vip" >= ${q.p(2)} and "users"."vip2_until" != ${q.p(0)} and "users"."vip2_until" < ${q.p(next)} and "users"."vip1_until" >= ${q.p(next)})`;
    return `(${a} or ${b})`;
  };
  if (level === 2) return gold();
  if (level === 1) return silver();
  const either = `(${gold()} or ${silver()})`;
  return level === 'paid' ? either : `not ${either}`;
}

function usernameStartsWith(q: Params, username: string): string {
  const key = username.toLowerCase();
  if (!/^[a-z0-9]+$/.test(key)) return '1 = 0';
  const upper = prefixUpperBound(key);
  const from = `"users"."username_key" >= ${q.p(key)}`;
  return upper ? `(${from} and "users"."username_key" < ${q.p(upper)})` : from;
}

/** Members on either side of a block with the viewer (modules/blocks/block-filters.ts). */
function blockedIds(q: Params, viewerId: number): string {
  const mine = `select "blk_out"."blocked_id" as "member_id" from "blocks" as "blk_out" where "blk_out"."blocker_id" = ${q.p(viewerId)}`;
  const theirs = `select "blk_in"."blocker_id" as "member_id" from "blocks" as "blk_in" where "blk_in"."blocked_id" = ${q.p(viewerId)}`;
  return `(${mine} union all ${theirs})`;
}
const notBlockedWith = (q: Params, viewerId: number, column: string) => `${column} not in ${blockedIds(q, viewerId)}`;

/** The conditions on the listed member's row, in the server's order (member-filters.ts). */
function conditions(q: Params, i: ListInput, blocks = true): string {
  const c = [`"users"."status" = ${q.p(1)}`, `"users"."role" = ${q.p('member')}`, `"users"."id" != ${q.p(i.viewerId)}`];
  if (blocks) c.push(notBlockedWith(q, i.viewerId, '"users"."id"'));
  if (i.type === 'online') c.push(shownOnline(q, i));
  if (i.type === 'offline') {
    const shown = shownOnline(q, i);
    c.push(`not ${shown}`);
  }
  if (i.type === 'invisible') c.push(`"users"."is_yin" = ${q.p(0)}`);
  if (i.type === 'auth') c.push(`"users"."is_auth" = ${q.p(1)}`);
  if (i.vip != null) c.push(levelIs(q, i.vip, i.now));
  else if (i.type === 'vip') c.push(levelIs(q, 'paid', i.now));
  if (i.username) c.push(usernameStartsWith(q, i.username));
  return `(${c.join(' and ')})`;
}

const LIKE_LISTS = new Set<ListType>(['i_like', 'love_me', 'mutual']);

function likesFrom(q: Params, i: ListInput): string {
  const theyLikeMe = i.type === 'love_me';
  const other = theyLikeMe ? '"l"."liker_id"' : '"l"."target_id"';
  let where = `where ${theyLikeMe ? '"l"."target_id"' : '"l"."liker_id"'} = ${q.p(i.viewerId)}`;
  where += ` and exists (select "users"."id" from "users" where "users"."id" = ${other} and ${conditions(q, i)})`;
  if (i.type === 'mutual') where += ` and exists (select "back"."id" from "likes" as "back" where "back"."liker_id" = "l"."target_id" and "back"."target_id" = ${q.p(i.viewerId)})`;
  return where;
}

/** A page of a member list (MembersRepository.list). */
export function listStatement(dialect: Dialect, i: ListInput): Stmt {
  const q = new Params(dialect);
  if (LIKE_LISTS.has(i.type)) {
    const join = i.type === 'love_me' ? '"l"."liker_id"' : '"l"."target_id"';
    const head = `select ${CARD}, ${isLike(q, i.viewerId)} from "likes" as "l" inner join "users" on "users"."id" = ${join}`;
    const where = likesFrom(q, i);
    return { sql: `${head} ${where} order by "l"."id" desc limit ${q.p(i.limit)} offset ${q.p(i.offset)}`, params: q.values };
  }
  const order = i.username
    ? 'order by "users"."username_key" asc'
    : i.type === 'latest'
      ? 'order by "users"."id" desc'
      : `order by "users"."${activityColumn(i.viewerSex)}" desc, "users"."id" desc`;
  const head = `select ${CARD}, ${isLike(q, i.viewerId)} from "users"`;
  const ids = `select "users"."id" from "users" where ${conditions(q, i)} ${order} limit ${q.p(i.limit)} offset ${q.p(i.offset)}`;
  return { sql: `${head} where "users"."id" in (${ids}) ${order}`, params: q.values };
}

/**
 * How many members the list holds (MembersRepository.count): a like list in one count; a users list
 * as every member matching without the block filter, less those of them on either side of a block.
 */
export function countStatements(dialect: Dialect, i: ListInput): Stmt[] {
  if (LIKE_LISTS.has(i.type)) {
    const q = new Params(dialect);
    return [{ sql: `select count(*) as "n" from "likes" as "l" ${likesFrom(q, i)}`, params: q.values }];
  }
  const all = new Params(dialect);
  const blocked = new Params(dialect);
  const ids = blockedIds(blocked, i.viewerId);
  return [
    { sql: `select count(*) as "n" from "users" where ${conditions(all, i, false)}`, params: all.values },
    { sql: `select count(*) as "n" from "users" where ("users"."id" in ${ids} and ${conditions(blocked, i, false)})`, params: blocked.values },
  ];
}

/** A page of the whole trend feed as `viewerId` sees it (TrendsRepository.list without author or keyset). */
export function trendStatement(dialect: Dialect, offset: number, limit: number, viewerId: number): Stmt {
  const q = new Params(dialect);
  const sql =
    'select "trends"."id", "trends"."user_id", "trends"."type", "trends"."content", "trends"."img", "trends"."created_at", ' +
    '"users"."username", "users"."avatar", "users"."sex", "users"."birthday", "users"."vip", "users"."vip1_until", "users"."vip2_until" ' +
    'from "trends" inner join "users" on "users"."id" = "trends"."user_id" ' +
    `where exists (select "author"."id" from "users" as "author" where "author"."id" = "trends"."user_id" and "author"."status" = ${q.p(1)}) ` +
    `and ${notBlockedWith(q, viewerId, '"trends"."user_id"')} ` +
    `order by "trends"."id" desc limit ${q.p(limit)} offset ${q.p(offset)}`;
  return { sql, params: q.values };
}
