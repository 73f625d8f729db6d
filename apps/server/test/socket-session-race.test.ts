import { KIND, OPT, SOCKET_CLOSE } from '@kindred/protocol';
import { describe, expect, it, vi } from 'vitest';
import type { Member } from '../src/domain/member.js';
import { LocalHub } from '../src/realtime/hub.js';
import { ConnectionRegistry } from '../src/realtime/registry.js';
import { SessionRevocation } from '../src/realtime/session-revocation.js';
import type { SessionsRepository } from '../src/modules/auth/sessions.repository.js';
import { buildUser } from './helpers/factories.js';
import { connectMember, connectSocket } from './helpers/socket-client.js';
import { startApp, type TestApp } from './helpers/test-app.js';

/**
 * A session that ends while its socket is being authenticated is announced before anyone can find
 * the socket: the socket is checked once more after it is registered, but only when this node heard
 * an end of sessions since the read began (SessionRevocation.mark / stillLive) — a connect burst
 * otherwise paid one more statement per batch for nothing.
 */
describe('a session ending while its socket authenticates', () => {
  /** The socket's session is read (live), then ended before the socket is registered. */
  function endAfterRead(ctx: TestApp) {
    const auth = ctx.services.auth;
    const original = auth.authenticateBatched.bind(auth);
    vi.spyOn(auth, 'authenticateBatched').mockImplementation(async (token) => {
      const member: Member | null = await original(token);
      if (member) await ctx.services.sessionRevocation.endSessions({ userId: member.id, sessionIds: [member.sessionId] });
      return member;
    });
  }

  it('closes (4401) a socket whose token was in its URL', async () => {
    const ctx = await startApp();
    const { token } = await buildUser(ctx);
    endAfterRead(ctx);
    const liveChecks = vi.spyOn(ctx.services.repositories.sessions, 'liveIds');

    const socket = await connectSocket(ctx, token);

    expect((await socket.closed).code).toBe(SOCKET_CLOSE.unauthorized);
    expect(liveChecks).toHaveBeenCalledTimes(1);
    expect(socket.pending(KIND.contacts)).toEqual([]);
  });

  it('closes (4401) a socket authenticated by its init message', async () => {
    const ctx = await startApp();
    const { user, token } = await buildUser(ctx);
    endAfterRead(ctx);

    const socket = await connectSocket(ctx);
    socket.send({ opt: OPT.init, uid: user.id, token, req: 'i1' });

    expect((await socket.closed).code).toBe(SOCKET_CLOSE.unauthorized);
    expect(socket.pending(KIND.contacts)).toEqual([]);
  });

  it('reads nothing more when no session ended meanwhile: the socket is served', async () => {
    const ctx = await startApp();
    const { token } = await buildUser(ctx);
    const liveChecks = vi.spyOn(ctx.services.repositories.sessions, 'liveIds');

    const { socket, contacts } = await connectMember(ctx, token);

    expect(contacts.status).toBe('success');
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);
    expect(liveChecks).not.toHaveBeenCalled();
  });
});

describe('SessionRevocation.stillLive', () => {
  function revocation(listening = () => true) {
    const hub = new LocalHub();
    const liveIds = vi.fn(async (ids: readonly number[]) => new Set(ids.filter((id) => id !== 7)));
    const sessions = { liveIds } as unknown as SessionsRepository;
    const resyncs: (() => void)[] = [];
    const onResync = hub.onResync.bind(hub);
    hub.onResync = (listener) => (resyncs.push(listener), onResync(listener));
    const log = { error: vi.fn() };
    return { hub, liveIds, resync: () => resyncs.forEach((r) => r()), revocation: new SessionRevocation(sessions, hub, new ConnectionRegistry(), log, Date.now, listening) };
  }

  it('answers live without a query when nothing was heard since the mark', async () => {
    const { revocation: r, liveIds } = revocation();
    const mark = r.mark();
    expect(await r.stillLive(7, mark)).toBe(true);
    expect(liveIds).not.toHaveBeenCalled();
  });

  it('asks the database after an end of sessions (anyone’s) was heard, and without a mark', async () => {
    const { revocation: r, liveIds, hub } = revocation();
    const mark = r.mark();
    await hub.publish({ type: 'sessions-ended', to: [99], sessionIds: [1] });
    expect(await r.stillLive(7, mark)).toBe(false);
    expect(await r.stillLive(8, mark)).toBe(true);
    expect(await r.stillLive(7)).toBe(false);
    expect(liveIds).toHaveBeenCalledTimes(3);
  });

  it('asks the database after a resync (events may have been missed)', async () => {
    const { revocation: r, liveIds, resync } = revocation();
    const mark = r.mark();
    resync();
    expect(await r.stillLive(7, mark)).toBe(false);
    expect(liveIds).toHaveBeenCalledTimes(1);
  });

  it('asks the database while the node cannot hear, and for marks taken then', async () => {
    let listening = false;
    const { revocation: r, liveIds } = revocation(() => listening);
    const deaf = r.mark();
    listening = true;
    expect(await r.stillLive(7, deaf)).toBe(false);
    const mark = r.mark();
    listening = false;
    expect(await r.stillLive(7, mark)).toBe(false);
    expect(liveIds).toHaveBeenCalledTimes(2);
  });

  it('other events change nothing', async () => {
    const { revocation: r, liveIds, hub } = revocation();
    const mark = r.mark();
    await hub.publish({ type: 'member-changed', to: [3] });
    expect(await r.stillLive(7, mark)).toBe(true);
    expect(liveIds).not.toHaveBeenCalled();
  });
});
