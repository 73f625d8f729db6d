import { UserStatus } from '@kindred/protocol';
import { describe, expect, it } from 'vitest';
import { buildUser, signIn } from './helpers/factories.js';
import { useSharedApp } from './helpers/test-app.js';

/**
 * SessionsRepository.liveIds: which of a node's sockets' sessions may stay open (the keep-alive's
 * check of every socket, and a socket registered after an end of sessions it may have missed). A
 * session is live while it exists, has not expired, and its member is neither disabled nor
 * suspended; the member is read by key for each session, on both databases.
 */
const app = useSharedApp();

const sessionIdOf = async (userId: number) => {
  const rows = await app().db.selectFrom('sessions').select('id').where('user_id', '=', userId).orderBy('id', 'desc').execute();
  return rows[0]!.id;
};

describe('SessionsRepository.liveIds', () => {
  it('keeps the sessions of active and pending members, and drops the expired, the deleted and those of disabled or suspended members', async () => {
    const ctx = app();
    const sessions = ctx.services.repositories.sessions;
    const active = (await buildUser(ctx)).user;
    const pending = (await buildUser(ctx, { status: UserStatus.pending })).user;
    const disabled = (await buildUser(ctx, { status: UserStatus.disabled })).user;
    const suspended = (await buildUser(ctx, { status: UserStatus.suspended })).user;
    const expiring = (await buildUser(ctx)).user;
    const ids = {
      active: await sessionIdOf(active.id),
      pending: await sessionIdOf(pending.id),
      disabled: await sessionIdOf(disabled.id),
      suspended: await sessionIdOf(suspended.id),
      expired: await sessionIdOf(expiring.id),
    };
    const now = ctx.now();
    await ctx.db.updateTable('sessions').set({ expires_at: now - 1 }).where('id', '=', ids.expired).execute();
    const gone = ids.active + 1_000_000;

    const live = await sessions.liveIds([...Object.values(ids), gone], now);

    expect([...live].sort((a, b) => a - b)).toEqual([ids.active, ids.pending].sort((a, b) => a - b));
  });

  it('answers for more ids than one query takes (500 a query), live ones in each part', async () => {
    const ctx = app();
    const member = (await buildUser(ctx)).user;
    const first = await sessionIdOf(member.id);
    await signIn(ctx, member.id);
    const second = await sessionIdOf(member.id);
    const unknown = Array.from({ length: 600 }, (_, i) => second + 2_000_000 + i);
    // One live session among the first 500 ids, the other past them.
    const ids = [...unknown.slice(0, 250), first, ...unknown.slice(250, 549), second, ...unknown.slice(549)];

    const live = await ctx.services.repositories.sessions.liveIds(ids, ctx.now());

    expect(ids.indexOf(second)).toBeGreaterThan(500);
    expect([...live].sort((a, b) => a - b)).toEqual([first, second]);
  });

  it('answers nothing for no ids', async () => {
    expect((await app().services.repositories.sessions.liveIds([], app().now())).size).toBe(0);
  });
});
