import { onlineCutoff, seesThroughInvisible, type MemberListType } from '@kindred/protocol';
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../db/schema.js';
import { notBlockedWith } from '../blocks/block-filters.js';

/** What a member list asks for, as the repository understands it (built by the service). */
export interface MemberQuery {
  viewerId: number;
  /** Decides what "online" means to this viewer (docs/product-rules.md §4). */
  viewerSex: number;
  type: MemberListType;
  /** Membership level in force; with type 'vip' and no level: any paid level. */
  vip?: number;
  /** Username prefix, any case. */
  username?: string;
  /** Only members of this sex (the opposite-sex lists). */
  sex?: number;
  now: number;
}

type Eb = ExpressionBuilder<Database, 'users'>;

/**
 * The activity this viewer may know of: the real one for viewers who see through invisible mode,
 * else the last *visible* one (shown_active_at, frozen while a member is invisible). Every list
 * orders and filters by it, so no order, count or time moves when an invisible member is active.
 */
export function activityColumn(viewerSex: number): 'users.last_active_at' | 'users.shown_active_at' {
  return seesThroughInvisible(viewerSex) ? 'users.last_active_at' : 'users.shown_active_at';
}

/**
 * Online as this viewer may see it: non-female viewers never learn that an invisible member is
 * online. For them "recent visible activity and visible now" is the same set as "recent activity
 * and visible" (the two times are equal while is_yin is 1), read from the shown_active_at indexes.
 */
export function shownOnline(eb: Eb, viewerSex: number, now: number): Expression<SqlBool> {
  const active = eb(activityColumn(viewerSex), '>', onlineCutoff(now));
  return seesThroughInvisible(viewerSex) ? active : eb.and([active, eb('users.is_yin', '=', 1)]);
}

/**
 * The level in force in SQL, matching protocol's effectiveVip: expiries are stored in ms, 0 means
 * "no end"; lapsed gold falls back to a still-running silver period. `running(until)` is
 * effectiveVip's `until > nowSec` on whole seconds.
 */
export function levelIs(eb: Eb, level: number | 'paid', now: number): Expression<SqlBool> {
  const nextSecond = (Math.floor(now / 1000) + 1) * 1000;
  const running = (column: 'users.vip1_until' | 'users.vip2_until') => eb.or([eb(column, '=', 0), eb(column, '>=', nextSecond)]);
  const gold = eb.and([eb('users.vip', '>=', 2), running('users.vip2_until')]);
  const silver = eb.or([
    eb.and([eb('users.vip', '=', 1), running('users.vip1_until')]),
    eb.and([eb('users.vip', '>=', 2), eb('users.vip2_until', '!=', 0), eb('users.vip2_until', '<', nextSecond), eb('users.vip1_until', '>=', nextSecond)]),
  ]);
  if (level === 2) return gold;
  if (level === 1) return silver;
  if (level === 'paid') return eb.or([gold, silver]);
  return eb.not(eb.or([gold, silver]));
}

const KEY_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

/**
 * The smallest key after every key starting with `prefix`, over the username alphabet (letters and
 * digits, lower-cased): 'ann' -> 'ano', 'an9' -> 'ana', 'anz' -> 'ao'. A range on username_key then
 * walks its index in both dialects, whatever the collation (digits sort before letters in all of them).
 */
export function prefixUpperBound(prefix: string): string | null {
  let head = prefix;
  while (head.length > 0) {
    const next = KEY_ALPHABET.indexOf(head[head.length - 1]!) + 1;
    head = head.slice(0, -1);
    if (next < KEY_ALPHABET.length) return head + KEY_ALPHABET[next];
  }
  return null;
}

export function usernameStartsWith(eb: Eb, username: string): Expression<SqlBool> {
  const key = username.toLowerCase();
  // Usernames are letters and digits only: anything else cannot match (and never reaches SQL LIKE).
  if (!/^[a-z0-9]+$/.test(key)) return sql<SqlBool>`1 = 0`;
  const upper = prefixUpperBound(key);
  const from = eb('users.username_key', '>=', key);
  return upper ? eb.and([from, eb('users.username_key', '<', upper)]) : from;
}

/**
 * Who appears in member lists at all: active members other than the viewer (never staff), no block
 * between them. `blocks: false` leaves the block out, for a count that takes the blocked away itself
 * (MembersRepository.count).
 */
export function listedMembers(eb: Eb, viewerId: number, { blocks = true }: { blocks?: boolean } = {}): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = [eb('users.status', '=', 1), eb('users.role', '=', 'member'), eb('users.id', '!=', viewerId)];
  if (blocks) conditions.push(notBlockedWith(eb, viewerId, 'users.id'));
  return conditions;
}

/** Every condition on the users row of a member list; the like lists add theirs on the likes rows. */
export function memberConditions(eb: Eb, q: MemberQuery, { blocks = true }: { blocks?: boolean } = {}): Expression<SqlBool> {
  const conditions = listedMembers(eb, q.viewerId, { blocks });
  if (q.type === 'online') conditions.push(shownOnline(eb, q.viewerSex, q.now));
  if (q.type === 'offline') conditions.push(eb.not(shownOnline(eb, q.viewerSex, q.now)));
  if (q.type === 'invisible') conditions.push(eb('users.is_yin', '=', 0));
  if (q.type === 'auth') conditions.push(eb('users.is_auth', '=', 1));
  if (q.vip != null) conditions.push(levelIs(eb, q.vip, q.now));
  else if (q.type === 'vip') conditions.push(levelIs(eb, 'paid', q.now));
  if (q.sex != null) conditions.push(eb('users.sex', '=', q.sex));
  if (q.username) conditions.push(usernameStartsWith(eb, q.username));
  return eb.and(conditions);
}
