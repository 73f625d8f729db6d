import { COUNTRIES, FEMALE_NAMES, MALE_NAMES, POSTS, SIGNATURES } from '../../apps/server/src/db/seed/names.js';
import type { Random } from '../../apps/server/src/db/seed/random.js';

/**
 * What the benchmark community looks like, row by row (written by seed-scale.ts): members of both
 * sexes and every membership state, likes leaning to popular members, and the newsfeed.
 */
export interface ScaleOptions {
  members: number;
  likes: number;
  trends: number;
}

export const FULL_SCALE: ScaleOptions = { members: 100_000, likes: 1_000_000, trends: 200_000 };

export const MINUTE = 60_000;
export const DAY = 86_400_000;
export const YEAR = 365 * DAY;

/** The first seeded id: 1 and 2 are the staff accounts of migration 0002. */
export const FIRST_ID = 3;

export type Column = { name: string; pgType: 'int4' | 'int8' | 'text' };
export const USER_COLUMNS: Column[] = [
  { name: 'id', pgType: 'int4' },
  { name: 'username', pgType: 'text' },
  { name: 'username_key', pgType: 'text' },
  { name: 'email', pgType: 'text' },
  { name: 'password_hash', pgType: 'text' },
  { name: 'role', pgType: 'text' },
  { name: 'sex', pgType: 'int4' },
  { name: 'birthday', pgType: 'int8' },
  { name: 'country', pgType: 'text' },
  { name: 'avatar', pgType: 'text' },
  { name: 'signature', pgType: 'text' },
  { name: 'lang', pgType: 'text' },
  { name: 'vip', pgType: 'int4' },
  { name: 'vip1_until', pgType: 'int8' },
  { name: 'vip2_until', pgType: 'int8' },
  { name: 'credits', pgType: 'int8' },
  { name: 'invitation_code', pgType: 'text' },
  { name: 'laid', pgType: 'text' },
  { name: 'status', pgType: 'int4' },
  { name: 'is_yin', pgType: 'int4' },
  { name: 'is_auth', pgType: 'int4' },
  { name: 'free_chats_used', pgType: 'int4' },
  { name: 'last_login_at', pgType: 'int8' },
  { name: 'last_active_at', pgType: 'int8' },
  { name: 'shown_active_at', pgType: 'int8' },
  { name: 'created_at', pgType: 'int8' },
  { name: 'updated_at', pgType: 'int8' },
];
export const LIKE_COLUMNS: Column[] = [
  { name: 'liker_id', pgType: 'int4' },
  { name: 'target_id', pgType: 'int4' },
  { name: 'created_at', pgType: 'int8' },
];
export const TREND_COLUMNS: Column[] = [
  { name: 'user_id', pgType: 'int4' },
  { name: 'type', pgType: 'int4' },
  { name: 'content', pgType: 'text' },
  { name: 'img', pgType: 'text' },
  { name: 'created_at', pgType: 'int8' },
];

export type Row = (string | number)[];

/** How the community looks: a member's attributes from its index (0 = the man viewer, 1 = the woman). */
export function memberRow(i: number, rnd: Random, now: number, members: number): Row {
  const id = FIRST_ID + i;
  const viewer = i < 2;
  const sex = viewer ? (i === 0 ? 1 : 0) : rnd.chance(0.55) ? 1 : 0;
  const name = viewer ? (i === 0 ? 'BenchMan' : 'BenchWoman') : rnd.pick(sex === 1 ? MALE_NAMES : FEMALE_NAMES);
  const username = viewer ? name : `${name}${id}`;
  // Registrations spread over three years, in id order.
  const createdAt = now - 3 * YEAR + Math.floor(((i + 1) / members) * (3 * YEAR - DAY));
  // Activity: ~3% within the online window, ~12% today, the rest over half a year.
  const r = rnd.next();
  const lastActive = viewer
    ? now
    : r < 0.03
      ? now - rnd.int(0, 4 * MINUTE)
      : r < 0.15
        ? now - rnd.int(6 * MINUTE, DAY)
        : Math.max(createdAt, now - rnd.int(DAY, 180 * DAY));
  // Membership: 75% free; silver 15% (some lapsed, some without end); gold 10% (some lapsed to silver).
  let vip = 0;
  let vip1 = 0;
  let vip2 = 0;
  const m = rnd.next();
  if (viewer) {
    vip = 2;
  } else if (m < 0.15) {
    vip = 1;
    const k = rnd.next();
    vip1 = k < 0.8 ? now + rnd.int(1, 365) * DAY : k < 0.9 ? now - rnd.int(1, 365) * DAY : 0;
  } else if (m < 0.25) {
    vip = 2;
    const k = rnd.next();
    vip2 = k < 0.85 ? now + rnd.int(1, 365) * DAY : now - rnd.int(1, 60) * DAY;
    if (k >= 0.85 && rnd.chance(0.5)) vip1 = now + rnd.int(1, 200) * DAY;
  }
  const s = rnd.next();
  const status = viewer ? 1 : s < 0.97 ? 1 : s < 0.99 ? 2 : 3;
  return [
    id,
    username,
    username.toLowerCase(),
    `m${id}@bench.kindred.local`,
    '',
    'member',
    sex,
    now - rnd.int(18 * 365, 60 * 365) * DAY,
    rnd.pick(COUNTRIES),
    rnd.chance(0.7) ? `/uploads/avatar/${id}/a.jpg` : '',
    rnd.pick(SIGNATURES),
    'en',
    vip,
    vip1,
    vip2,
    rnd.int(0, 5) * 100,
    `B${id.toString(36).toUpperCase()}`,
    '',
    status,
    viewer ? 1 : rnd.chance(0.1) ? 0 : 1,
    viewer ? 1 : rnd.chance(0.2) ? 1 : 0,
    0,
    lastActive,
    lastActive,
    // shown_active_at (migration 0006): as if invisible members went invisible after their last activity.
    lastActive,
    createdAt,
    createdAt,
  ];
}

/**
 * The like pairs, unique, in a random order (ids follow it). Likers are uniform; targets lean to
 * popular members. Each viewer likes 400 members, is liked by 600, and 200 of its likes are mutual.
 */
export function likePairs(rnd: Random, opts: ScaleOptions, viewers: number[]): { liker: Int32Array; target: Int32Array } {
  const n = opts.likes;
  const liker = new Int32Array(n);
  const target = new Int32Array(n);
  const seen = new Set<number>();
  const key = (a: number, b: number) => a * 262_144 + b;
  let k = 0;
  const add = (a: number, b: number) => {
    if (a === b || k >= n || seen.has(key(a, b))) return false;
    seen.add(key(a, b));
    liker[k] = a;
    target[k] = b;
    k++;
    return true;
  };
  const anyone = () => FIRST_ID + 2 + Math.floor(rnd.next() * (opts.members - 2));
  const popular = () => FIRST_ID + 2 + Math.floor(rnd.next() ** 2 * (opts.members - 2));
  for (const v of viewers) {
    const liked: number[] = [];
    while (liked.length < 400) {
      const t = anyone();
      if (add(v, t)) liked.push(t);
    }
    for (let j = 0; j < 200; j++) add(liked[j]!, v);
    let fans = 0;
    while (fans < 400) if (add(anyone(), v)) fans++;
  }
  while (k < n) add(anyone(), popular());
  // Shuffle so the viewers' likes are spread over the whole id range.
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(rnd.next() * (i + 1));
    [liker[i], liker[j]] = [liker[j]!, liker[i]!];
    [target[i], target[j]] = [target[j]!, target[i]!];
  }
  return { liker, target };
}

export function trendRow(i: number, rnd: Random, now: number, opts: ScaleOptions): Row {
  const type = rnd.chance(0.7) ? 1 : rnd.int(0, 3);
  return [
    FIRST_ID + Math.floor(rnd.next() * opts.members),
    type,
    type === 1 ? rnd.pick(POSTS) : '',
    type === 1 && rnd.chance(0.3) ? `/uploads/dynamic/${i}.jpg` : '',
    now - YEAR + Math.floor((i / opts.trends) * YEAR),
  ];
}
