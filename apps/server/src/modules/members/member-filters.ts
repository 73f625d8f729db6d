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
export function shownOnline(eb: Eb, viewerSex: number, cutoff: number): Expression<SqlBool> {
  const active = eb(activityColumn(viewerSex), '>', cutoff);
  return seesThroughInvisible(viewerSex) ? active : eb.and([active, eb('users.is_yin', '=', 1)]);
}

/**
 * The level in force in SQL, matching protocol's effectiveVip: expiries are stored in ms, 0 means
 * "no end"; lapsed gold falls back to a still-running silver period. `running(until)` is
 * effectiveVip's `until > nowSec` on whole seconds; `nextSecond` is nextSecondOf(now).
 */
export function levelIs(eb: Eb, level: number | 'paid', nextSecond: number): Expression<SqlBool> {
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

/** The first whole second after `now`, in ms (levelIs). */
export const nextSecondOf = (now: number) => (Math.floor(now / 1000) + 1) * 1000;

/**
 * A username prefix as a range on username_key: `from` and, unless the prefix is all z's, `below`.
 * Usernames are letters and digits only: any other prefix matches nobody (null).
 */
export function usernameRange(username: string): { from: string; below?: string } | null {
  const key = username.toLowerCase();
  if (!/^[a-z0-9]+$/.test(key)) return null;
  const upper = prefixUpperBound(key);
  return upper ? { from: key, below: upper } : { from: key };
}

/**
 * What chooses the form of a member list's SQL, apart from the values it compares with
 * (MemberValues): a list's statement is compiled once per shape (members.repository.ts).
 */
export interface MemberShape {
  type: MemberListType;
  viewerSex: number;
  vip?: number;
  sex: boolean;
  /** none: no name filter; never: a prefix nobody's name has; from / range: the username_key range. */
  username: 'none' | 'never' | 'from' | 'range';
}

/** The values a member list compares with, each worked out here (the SQL builders never compute with them). */
export interface MemberValues {
  viewerId: number;
  /** Online since (onlineCutoff), for the online and offline lists. */
  cutoff?: number;
  /** For a membership level filter (levelIs). */
  nextSecond?: number;
  sex?: number;
  from?: string;
  below?: string;
  [name: string]: unknown;
}

export const memberShapeKey = (s: MemberShape) => `${s.type}:${s.viewerSex}:${s.vip ?? ''}:${s.sex ? 1 : 0}:${s.username}`;

/** A list query split into its shape and its values (only the values its shape uses). */
export function shapeOf(q: MemberQuery): { shape: MemberShape; values: MemberValues } {
  const range = q.username ? usernameRange(q.username) : undefined;
  const shape: MemberShape = {
    type: q.type,
    viewerSex: q.viewerSex,
    vip: q.vip ?? undefined,
    sex: q.sex != null,
    username: range === undefined ? 'none' : range === null ? 'never' : range.below ? 'range' : 'from',
  };
  const values: MemberValues = { viewerId: q.viewerId };
  if (q.type === 'online' || q.type === 'offline') values.cutoff = onlineCutoff(q.now);
  if (q.vip != null || q.type === 'vip') values.nextSecond = nextSecondOf(q.now);
  if (q.sex != null) values.sex = q.sex;
  if (range) Object.assign(values, range);
  return { shape, values };
}

function usernameStartsWith(eb: Eb, shape: MemberShape, v: MemberValues): Expression<SqlBool> {
  if (shape.username === 'never') return sql<SqlBool>`1 = 0`;
  const from = eb('users.username_key', '>=', v.from!);
  return shape.username === 'range' ? eb.and([from, eb('users.username_key', '<', v.below!)]) : from;
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
export function memberConditions(eb: Eb, s: MemberShape, v: MemberValues, { blocks = true }: { blocks?: boolean } = {}): Expression<SqlBool> {
  const conditions = listedMembers(eb, v.viewerId, { blocks });
  if (s.type === 'online') conditions.push(shownOnline(eb, s.viewerSex, v.cutoff!));
  if (s.type === 'offline') conditions.push(eb.not(shownOnline(eb, s.viewerSex, v.cutoff!)));
  if (s.type === 'invisible') conditions.push(eb('users.is_yin', '=', 0));
  if (s.type === 'auth') conditions.push(eb('users.is_auth', '=', 1));
  if (s.vip != null) conditions.push(levelIs(eb, s.vip, v.nextSecond!));
  else if (s.type === 'vip') conditions.push(levelIs(eb, 'paid', v.nextSecond!));
  if (s.sex) conditions.push(eb('users.sex', '=', v.sex!));
  if (s.username !== 'none') conditions.push(usernameStartsWith(eb, s, v));
  return eb.and(conditions);
}
