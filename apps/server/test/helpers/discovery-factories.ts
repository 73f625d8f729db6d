import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { ONLINE_WINDOW_MS, TrendType } from '@kindred/protocol';
import { as, buildUser, type BuiltUser, type UserOverrides } from './factories.js';
import { imagePart, makeImage } from './images.js';
import type { TestApp } from './test-app.js';

/** Factories for the discovery features (members, likes, trends, photos); users come from factories.ts. */

const MINUTE = 60_000;
const DAY = 86_400_000;

/** A last_active_at that counts as online / offline at the app's `now`. */
export const activeNow = (ctx: TestApp, minutesAgo = 0) => ctx.now() - minutesAgo * MINUTE;
export const activeLongAgo = (ctx: TestApp, days = 3) => ctx.now() - ONLINE_WINDOW_MS - days * DAY;

/** A woman (sex 0) or man (sex 1) with the given overrides. */
export const buildWoman = (ctx: TestApp, overrides: UserOverrides = {}) => buildUser(ctx, { sex: 0, ...overrides });
export const buildMan = (ctx: TestApp, overrides: UserOverrides = {}) => buildUser(ctx, { sex: 1, ...overrides });

/** A paying member: silver (1) or gold (2), running for a month. */
export const buildVip = (ctx: TestApp, level: 1 | 2, overrides: UserOverrides = {}) =>
  buildUser(ctx, { vip: level, [level === 1 ? 'vip1_until' : 'vip2_until']: ctx.now() + 30 * DAY, ...overrides });

/** `count` members, each a minute less recently active than the one before (so the order is known). */
export async function buildMembers(ctx: TestApp, count: number, overrides: (i: number) => UserOverrides = () => ({})): Promise<BuiltUser[]> {
  const built: BuiltUser[] = [];
  for (let i = 0; i < count; i++) built.push(await buildUser(ctx, { last_active_at: ctx.now() - (i + 10) * MINUTE, ...overrides(i) }));
  return built;
}

export async function buildLike(ctx: TestApp, liker: BuiltUser | number, target: BuiltUser | number, at = ctx.now()): Promise<void> {
  const id = (u: BuiltUser | number) => (typeof u === 'number' ? u : u.user.id);
  await ctx.services.repositories.likes.insert(id(liker), id(target), at);
}

export async function buildTrend(ctx: TestApp, author: BuiltUser, fields: { type?: number; content?: string; img?: string; created_at?: number } = {}): Promise<number> {
  return ctx.services.repositories.trends.insert({
    user_id: author.user.id,
    type: (fields.type ?? TrendType.post) as TrendType,
    content: fields.content ?? 'hello',
    img: fields.img ?? '',
    created_at: fields.created_at ?? ctx.now(),
  });
}

export async function buildPhoto(ctx: TestApp, owner: BuiltUser, img?: string): Promise<number> {
  return ctx.services.repositories.photos.insertPhoto({ user_id: owner.user.id, img: img ?? `/uploads/photo/${owner.user.id}/seeded.jpg`, created_at: ctx.now() });
}

export async function buildBackPhoto(ctx: TestApp, owner: BuiltUser, img?: string): Promise<number> {
  return ctx.services.repositories.photos.insertBackPhoto({ user_id: owner.user.id, img: img ?? `/uploads/photo/${owner.user.id}/back.jpg`, created_at: ctx.now() });
}

/** A real upload through /member/index/uploads (dir dynamic or photo): answers the url it stored. */
export async function uploadImage(ctx: TestApp, member: BuiltUser, dir: 'dynamic' | 'photo' = 'photo'): Promise<string> {
  const res = await as(ctx, member.token).postMultipart('/member/index/uploads', { dir }, [imagePart('file', await makeImage('jpeg', 64, 48), 'jpeg')]);
  expect(res.body.status).toBe(200);
  return res.body.data.url as string;
}

/** Whether the file behind an /uploads/... url is on disk. */
export const storedFileExists = (ctx: TestApp, url: string) => fs.existsSync(path.join(ctx.config.uploadsDir, url.replace(/^\/uploads\//, '')));

/** Turns one permission flag of one level on or off, as an administrator would, and drops the cache. */
export async function setPermission(ctx: TestApp, vip: 0 | 1 | 2, flag: string, allowed: boolean): Promise<void> {
  await ctx.services.repositories.permissions.set(vip, flag, allowed);
  ctx.services.permissions.invalidate();
}

/**
 * Member lists see every member of the database. Tests of one file run one after another, so a
 * file's shared app becomes an empty community again by deleting every account but the two base
 * staff accounts (likes, trends, photos and sessions go with them: foreign keys cascade).
 */
export async function emptyCommunity(ctx: TestApp): Promise<TestApp> {
  await ctx.db.deleteFrom('users').where('id', '>', 2).execute();
  return ctx;
}

/** The ids of a member page's cards, in order. */
export const idsOf = (body: { data: { data: { id: number }[] } }) => body.data.data.map((m) => m.id);
