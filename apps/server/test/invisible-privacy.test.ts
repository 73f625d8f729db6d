import { Migrator } from 'kysely';
import { describe, expect, it, onTestFinished } from 'vitest';
import { migrateToLatest } from '../src/db/migrate.js';
import { migrationsFor } from '../src/db/migrations/index.js';
import { as, DEFAULT_PASSWORD, type BuiltUser } from './helpers/factories.js';
import { buildMan, buildVip, buildWoman, idsOf } from './helpers/discovery-factories.js';
import { createTestDatabase, startApp, type TestApp } from './helpers/test-app.js';

/**
 * Hardening finding 8: nothing a viewer who cannot see through invisible mode (everyone but women,
 * docs/product-rules.md §4) can read — order, count, filter or time — may move when an invisible member is
 * active. Each test runs on its own app with its own clock, so "active" is a real request at a
 * known instant.
 */
const MINUTE = 60_000;

async function appWithClock(): Promise<{ ctx: TestApp; advance(ms: number): void }> {
  let clock = Date.now();
  const ctx = await startApp({ now: () => clock });
  return { ctx, advance: (ms) => void (clock += ms) };
}

const face = (i: number) => ({ avatar: `/uploads/avatar/${i}/face.png` });

/** Everything a member list tells this viewer: per list, the order, the count and each card. */
async function whatTheySee(ctx: TestApp, viewer: BuiltUser, profileOf: BuiltUser) {
  const seen: Record<string, unknown> = {};
  const post = (url: string, form: Record<string, string | number> = {}) => as(ctx, viewer.token).post(url, form);
  for (const type of ['all', 'latest', 'invisible', 'offline', 'online', 'auth', 'vip']) {
    const res = await post('/member/index/userlist', { type });
    expect(res.body.status).toBe(200);
    seen[`userlist ${type}`] = { ids: idsOf(res.body), total: res.body.data.total, cards: res.body.data.data };
  }
  for (const url of ['/member/index/onlinelist', '/member/index/recommend', '/member/index/memberwall', '/member/index/new_opposite_sex']) {
    const res = await post(url);
    expect(res.body.status).toBe(200);
    seen[url] = { ids: idsOf(res.body), total: res.body.data.total, cards: res.body.data.data };
  }
  const detail = await post('/member/index/userdetail', { id: profileOf.user.id });
  expect(detail.body.status).toBe(200);
  seen.userdetail = detail.body.data;
  return seen;
}

/** Activity as the product records it: an authenticated call after the once-a-minute touch interval, then a sign-in. */
async function beActive(ctx: TestApp, member: BuiltUser): Promise<void> {
  expect((await as(ctx, member.token).post('/member/index/userinfo')).body.status).toBe(200);
  expect((await as(ctx).post('/member/index/login', { account: member.user.username, password: DEFAULT_PASSWORD })).body.status).toBe(200);
  expect((await ctx.services.repositories.users.findById(member.user.id))!.last_active_at).toBe(ctx.now());
}

describe('invisible mode hides activity from those who may not see it', () => {
  it('an invisible woman who becomes active moves in no list, count or time a man sees', async () => {
    const { ctx, advance } = await appWithClock();
    const ago = (minutes: number) => ctx.now() - minutes * MINUTE;
    const man = await buildVip(ctx, 2, { sex: 1 });
    const woman = await buildVip(ctx, 2, { sex: 0 });
    const her = await buildWoman(ctx, { is_yin: 0, is_auth: 1, vip: 1, vip1_until: ctx.now() + 30 * 86_400_000, last_active_at: ago(40), ...face(1) });
    const online = await buildWoman(ctx, { last_active_at: ago(2), ...face(2) });
    const recent = await buildWoman(ctx, { is_auth: 1, last_active_at: ago(20), ...face(3) });
    const older = await buildWoman(ctx, { is_yin: 0, last_active_at: ago(60), ...face(4) });
    await buildMan(ctx, { last_active_at: ago(10), ...face(5) });

    advance(2 * MINUTE);
    const before = await whatTheySee(ctx, man, her);
    // The lists are not empty by accident: she is among them, behind more recently visible members.
    expect((before['userlist all'] as { ids: number[] }).ids).toEqual(
      expect.arrayContaining([her.user.id, online.user.id, recent.user.id, older.user.id]),
    );
    expect((before['userlist invisible'] as { ids: number[] }).ids).toEqual([her.user.id, older.user.id]);

    await beActive(ctx, her);

    expect(await whatTheySee(ctx, man, her)).toEqual(before);
    // A woman sees through invisible mode (docs/product-rules.md §4): to her she is online, and first.
    const forWoman = await as(ctx, woman.token).post('/member/index/userlist', { type: 'all' });
    expect(idsOf(forWoman.body)[0]).toBe(her.user.id);
    expect(forWoman.body.data.data[0]).toMatchObject({ is_online: 1, is_yin: 0 });
  });

  it('going invisible freezes her where she was last seen; going visible shows her as she is', async () => {
    const { ctx, advance } = await appWithClock();
    const ago = (minutes: number) => ctx.now() - minutes * MINUTE;
    const man = await buildVip(ctx, 2, { sex: 1 });
    const her = await buildWoman(ctx, { last_active_at: ago(30) });
    const other = await buildWoman(ctx, { last_active_at: ago(20) });
    const all = async () => idsOf((await as(ctx, man.token).post('/member/index/userlist', { type: 'all' })).body);
    const onlineIds = async () => idsOf((await as(ctx, man.token).post('/member/index/onlinelist')).body);
    expect(await all()).toEqual([other.user.id, her.user.id]);

    advance(2 * MINUTE);
    await beActive(ctx, her);
    expect(await all()).toEqual([her.user.id, other.user.id]);
    expect(await onlineIds()).toEqual([her.user.id]);

    expect((await as(ctx, her.token).post('/member/index/visibility', { is_yin: 0 })).body.status).toBe(200);
    expect(await onlineIds()).toEqual([]);

    // Another member's visible activity still moves her up the lists...
    advance(3 * MINUTE);
    await beActive(ctx, other);
    expect(await all()).toEqual([other.user.id, her.user.id]);
    const frozen = await whatTheySee(ctx, man, her);

    // ...while hers, invisible, moves nothing.
    advance(3 * MINUTE);
    await beActive(ctx, her);
    expect(await whatTheySee(ctx, man, her)).toEqual(frozen);

    expect((await as(ctx, her.token).post('/member/index/visibility', { is_yin: 1 })).body.status).toBe(200);
    expect(await all()).toEqual([her.user.id, other.user.id]);
    expect(await onlineIds()).toEqual([her.user.id, other.user.id]);
    const card = (await as(ctx, man.token).post('/member/index/userdetail', { id: her.user.id })).body.data;
    expect(card).toMatchObject({ is_online: 1, is_yin: 1 });
  });

  it('migration 0006 starts everyone shown as last active', async () => {
    const database = await createTestDatabase();
    onTestFinished(() => database.drop());
    const migrator = new Migrator({ db: database.handle.db, provider: { getMigrations: async () => migrationsFor(database.handle.dialect) } });
    expect((await migrator.migrateTo('0005-member-list-counts')).error).toBeUndefined();
    await database.handle.db.updateTable('users').set({ last_active_at: 1_234_567 }).where('id', '=', 2).execute();

    expect(await migrateToLatest(database.handle)).toContain('0006-visible-activity');

    const row = await database.handle.db.selectFrom('users').select(['last_active_at', 'shown_active_at']).where('id', '=', 2).executeTakeFirstOrThrow();
    expect(row).toEqual({ last_active_at: 1_234_567, shown_active_at: 1_234_567 });
  });
});
