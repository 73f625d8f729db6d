import { LIMITS, SUPPORT_ACCOUNT_ID, TrendType } from '@kindred/protocol';
import type { Db } from '../database.js';
import type { PasswordHasher } from '../../infra/passwords.js';
import type { Storage } from '../../infra/storage.js';
import { newUserRow } from '../../modules/users/new-user-row.js';
import { avatarPng, photoJpg } from './images.js';
import { COUNTRIES, FEMALE_NAMES, MALE_NAMES, POSTS, SIGNATURES } from './names.js';
import { seeded } from './random.js';

export const DEMO_PASSWORD = 'kindred123';
export const DEMO_STAFF_PASSWORD = 'kindred-admin';

/** The accounts the console names (never their passwords: the README has them): one of each kind a newcomer wants to try. */
export const DEMO_ACCOUNTS = [
  { username: 'alice', sex: 0, vip: 0, note: 'woman, free member' },
  { username: 'bob', sex: 1, vip: 0, note: 'man, free member' },
  { username: 'carol', sex: 0, vip: 1, note: 'woman, VIP (silver)' },
  { username: 'david', sex: 1, vip: 2, note: 'man, SVIP (gold)' },
] as const;

const DAY = 86_400_000;
type NewTrend = { user_id: number; type: TrendType; content: string; img: string; created_at: number };
const MEMBERS = 240;

export interface SeedResult {
  members: number;
}

export interface SeedDeps {
  hasher: PasswordHasher;
  storage: Storage;
  now?: number;
  /**
   * Give the staff accounts the demo staff password (default true). start-accounts.ts passes false
   * in production: staff there have no usable password until ADMIN_PASSWORD / SUPPORT_PASSWORD.
   */
  demoStaffPassword?: boolean;
}

/**
 * A believable community: ~240 members of both sexes from 30 countries and every membership level,
 * DiceBear avatars rendered offline, trends, photos and likes (prices are product data: migration 0013). Never runs on a
 * database that already has members.
 */
export async function seedDemo(db: Db, deps: SeedDeps): Promise<SeedResult | null> {
  const existing = await db.selectFrom('users').select('id').where('role', '=', 'member').limit(1).executeTakeFirst();
  if (existing) return null;
  const now = deps.now ?? Date.now();
  const rnd = seeded(20261122);
  // One hash for every demo member: scrypt per account would make the first start take a minute.
  const memberHash = await deps.hasher.hash(DEMO_PASSWORD);
  const staffHash = deps.demoStaffPassword === false ? undefined : await deps.hasher.hash(DEMO_STAFF_PASSWORD);

  const supportAvatar = await deps.storage.put(`avatar/${SUPPORT_ACCOUNT_ID}/support.png`, await avatarPng('kindred-support', 0));
  await db
    .updateTable('users')
    .set({ ...(staffHash ? { password_hash: staffHash } : {}), avatar: supportAvatar, signature: 'We are here to help.' })
    .where('id', 'in', [1, SUPPORT_ACCOUNT_ID])
    .execute();

  const specs = Array.from({ length: MEMBERS }, (_, i) => {
    const fixed = DEMO_ACCOUNTS[i];
    const sex = fixed ? fixed.sex : i % 2;
    const base = fixed ? fixed.username : `${rnd.pick(sex === 0 ? FEMALE_NAMES : MALE_NAMES)}${rnd.int(1, 99)}`;
    const username = fixed ? base : `${base}${i}`.slice(0, LIMITS.usernameMax);
    const roll = rnd.next();
    const vip = fixed ? fixed.vip : roll < 0.6 ? 0 : roll < 0.85 ? 1 : 2;
    return { username, sex, vip };
  });

  const pendingTrends: NewTrend[] = [];
  for (const [i, spec] of specs.entries()) {
    const id = await insertMember(db, spec, i, memberHash, now, rnd, pendingTrends);
    const avatar = await deps.storage.put(`avatar/${id}/demo.png`, await avatarPng(spec.username, spec.sex));
    await db.updateTable('users').set({ avatar }).where('id', '=', id).execute();
    await seedActivity(db, deps.storage, id, i, now, rnd, pendingTrends);
  }
  // Feeds page by id, so trends go in oldest first: the demo feed then reads in time order.
  pendingTrends.sort((a, b) => a.created_at - b.created_at);
  for (let i = 0; i < pendingTrends.length; i += 200) await db.insertInto('trends').values(pendingTrends.slice(i, i + 200)).execute();
  await seedLikes(db, now, rnd);
  return { members: specs.length };
}

async function insertMember(db: Db, spec: { username: string; sex: number; vip: number }, i: number, hash: string, now: number, rnd: ReturnType<typeof seeded>, pendingTrends: NewTrend[]) {
  const joined = now - rnd.int(1, 400) * DAY;
  const activeAgo = i < 4 || rnd.chance(0.3) ? rnd.int(0, 4) * 60_000 : rnd.int(1, 72) * 3_600_000;
  const row = await db
    .insertInto('users')
    .values(
      newUserRow(
        {
          username: spec.username,
          email: `${spec.username.toLowerCase()}@demo.kindred.local`,
          passwordHash: hash,
          sex: spec.sex,
          birthday: Date.UTC(rnd.int(1970, 2004), rnd.int(0, 11), rnd.int(1, 28)),
          country: rnd.pick(COUNTRIES),
          now: joined,
        },
        {
          signature: rnd.pick(SIGNATURES),
          lang: rnd.pick(['en', 'en', 'zh-CN', 'zh-TW']),
          vip: spec.vip,
          vip1_until: spec.vip === 1 ? now + rnd.int(20, 300) * DAY : 0,
          vip2_until: spec.vip === 2 ? now + rnd.int(20, 300) * DAY : 0,
          credits: rnd.int(0, 2000) * 100,
          is_yin: spec.sex === 0 && rnd.chance(0.2) ? 0 : 1,
          is_auth: rnd.chance(0.3) ? 1 : 0,
          last_login_at: now - activeAgo,
          last_active_at: now - activeAgo,
          shown_active_at: now - activeAgo,
        },
      ),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  pendingTrends.push({ user_id: row.id, type: TrendType.joined, content: '', img: '', created_at: joined });
  return row.id;
}

async function seedActivity(db: Db, storage: Storage, id: number, i: number, now: number, rnd: ReturnType<typeof seeded>, pendingTrends: NewTrend[]) {
  if (rnd.chance(0.5)) {
    const at = now - rnd.int(1, 30 * 24) * 3_600_000;
    pendingTrends.push({ user_id: id, type: TrendType.post, content: rnd.pick(POSTS), img: '', created_at: at });
  }
  // Photos for a fifth of the community keeps the first start quick and the albums believable.
  if (i < 8 || rnd.chance(0.15)) {
    const count = rnd.int(1, 3);
    for (let n = 0; n < count; n++) {
      const img = await storage.put(`photo/${id}/demo-${n}.jpg`, await photoJpg(`${id}-${n}`));
      await db.insertInto('photos').values({ user_id: id, img, created_at: now - rnd.int(1, 60) * DAY }).execute();
      if (n === 0) pendingTrends.push({ user_id: id, type: TrendType.post, content: rnd.pick(POSTS), img, created_at: now - rnd.int(1, 20) * DAY });
    }
    const back = await storage.put(`photo/${id}/background.jpg`, await photoJpg(`bg-${id}`));
    await db.insertInto('background_photos').values({ user_id: id, img: back, created_at: now }).execute();
  }
}

async function seedLikes(db: Db, now: number, rnd: ReturnType<typeof seeded>) {
  const ids = (await db.selectFrom('users').select('id').where('role', '=', 'member').execute()).map((r) => r.id);
  const pairs = new Set<string>();
  const rows: { liker_id: number; target_id: number; created_at: number }[] = [];
  for (let n = 0; n < ids.length * 4; n++) {
    const liker = rnd.pick(ids);
    const target = rnd.pick(ids);
    const key = `${liker}:${target}`;
    if (liker === target || pairs.has(key)) continue;
    pairs.add(key);
    rows.push({ liker_id: liker, target_id: target, created_at: now - rnd.int(1, 100) * DAY });
  }
  for (let i = 0; i < rows.length; i += 200) await db.insertInto('likes').values(rows.slice(i, i + 200)).execute();
}

