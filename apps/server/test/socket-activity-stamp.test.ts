import { describe, expect, it, vi } from 'vitest';
import { buildUser } from './helpers/factories.js';
import { connectMember } from './helpers/socket-client.js';
import { startApp } from './helpers/test-app.js';

/**
 * A socket's connect stamps the member's activity as HTTP calls do: at most once a minute, and not
 * a second time when the session's own stamp (AuthService) has just written it.
 */
describe('activity stamp of a connecting socket', () => {
  async function world() {
    let clock = Date.now();
    const ctx = await startApp({ now: () => clock });
    const users = ctx.services.repositories.users;
    const socketStamps = vi.spyOn(users, 'touchActiveReturning');
    const anyStamps = vi.spyOn(users, 'touchActive');
    const activity = async (id: number) => {
      const row = await ctx.db.selectFrom('users').select(['last_active_at', 'shown_active_at']).where('id', '=', id).executeTakeFirstOrThrow();
      return { last: Number(row.last_active_at), shown: Number(row.shown_active_at) };
    };
    return { ctx, socketStamps, anyStamps, activity, tick: (ms: number) => (clock += ms), now: () => clock };
  }

  it('writes nothing when the member was active within the minute', async () => {
    const { ctx, socketStamps, anyStamps, activity, tick } = await world();
    const { user, token } = await buildUser(ctx);
    tick(30_000);
    const before = await activity(user.id);

    await connectMember(ctx, token);

    expect(socketStamps).not.toHaveBeenCalled();
    expect(anyStamps).not.toHaveBeenCalled();
    expect(await activity(user.id)).toEqual(before);
  });

  it('stamps a member last active over a minute ago whose session was seen within it (one UPDATE … RETURNING)', async () => {
    const { ctx, socketStamps, anyStamps, activity, now } = await world();
    const { user, token } = await buildUser(ctx, { last_active_at: now() - 5 * 60_000 });

    await connectMember(ctx, token);

    expect(socketStamps).toHaveBeenCalledTimes(1);
    expect(anyStamps).not.toHaveBeenCalled();
    expect(await activity(user.id)).toEqual({ last: now(), shown: now() });
  });

  it('stamps once when the session was seen over a minute ago: the session stamp speaks for the socket too', async () => {
    const { ctx, socketStamps, anyStamps, activity, tick, now } = await world();
    const { user, token } = await buildUser(ctx);
    tick(2 * 60_000);

    await connectMember(ctx, token);

    expect(anyStamps).toHaveBeenCalledTimes(1);
    expect(socketStamps).not.toHaveBeenCalled();
    expect(await activity(user.id)).toEqual({ last: now(), shown: now() });
    const session = await ctx.db.selectFrom('sessions').select('last_seen_at').where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(Number(session.last_seen_at)).toBe(now());
  });

  it('always stamps the leaving of the last socket', async () => {
    const { ctx, socketStamps, activity, tick, now } = await world();
    const { user, token } = await buildUser(ctx);
    const { socket } = await connectMember(ctx, token);
    tick(10_000);

    await socket.close();

    await vi.waitFor(async () => expect((await activity(user.id)).last).toBe(now()));
    expect(socketStamps).toHaveBeenCalledTimes(1);
  });
});
