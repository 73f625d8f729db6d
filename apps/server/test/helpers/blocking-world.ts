import { expect } from 'vitest';
import { as, type BuiltUser } from './factories.js';
import { buildPhoto, buildTrend, buildVip } from './discovery-factories.js';
import { startApp, type TestApp } from './test-app.js';

/**
 * Two gold members who can see and reach each other everywhere (opposite sexes, both online, verified,
 * with an avatar, a photo and a trend): `a` is the one who blocks, `b` the one blocked. Gold has
 * every permission, so anything hidden or refused after the block is the block's doing.
 */
export interface BlockingWorld {
  ctx: TestApp;
  a: BuiltUser;
  b: BuiltUser;
}

export async function blockingWorld(ctx?: TestApp): Promise<BlockingWorld> {
  const app = ctx ?? (await startApp());
  // Credits for a gift (hundredths).
  const common = { is_auth: 1, last_active_at: app.now(), shown_active_at: app.now(), credits: 1_000_000 };
  const a = await buildVip(app, 2, { sex: 0, username: `ann${Math.random().toString(36).slice(2, 8)}`, avatar: '/uploads/avatar/a.jpg', ...common });
  const b = await buildVip(app, 2, { sex: 1, username: `bob${Math.random().toString(36).slice(2, 8)}`, avatar: '/uploads/avatar/b.jpg', ...common });
  for (const member of [a, b]) {
    await buildPhoto(app, member);
    await buildTrend(app, member, { content: `trend of ${member.user.username}` });
  }
  return { ctx: app, a, b };
}

/** `blocker` blocks `blocked` through the call, which must succeed. */
export async function block(ctx: TestApp, blocker: BuiltUser, blocked: BuiltUser): Promise<void> {
  const res = await as(ctx, blocker.token).post('/member/block/add', { userid: blocked.user.id });
  expect(res.body).toMatchObject({ status: 200, data: { userid: blocked.user.id, blocked: 1 } });
}

export async function unblock(ctx: TestApp, blocker: BuiltUser, blocked: BuiltUser): Promise<void> {
  const res = await as(ctx, blocker.token).post('/member/block/remove', { userid: blocked.user.id });
  expect(res.body).toMatchObject({ status: 200, data: { userid: blocked.user.id, blocked: 0 } });
}

/** Both viewing directions: [viewer, the other member]. */
export const bothWays = (w: BlockingWorld): [BuiltUser, BuiltUser][] => [
  [w.a, w.b],
  [w.b, w.a],
];

/** The member ids a list answer carries (member pages: data.data[].id). */
export const listedIds = (body: { status: number; data: { data?: { id: number }[] } | null }): number[] => body.data?.data?.map((m) => m.id) ?? [];
