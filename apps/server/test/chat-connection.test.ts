import { SOCKET_CLOSE, SUPPORT_ACCOUNT_ID } from '@kindred/protocol';
import { describe, expect, it } from 'vitest';
import { inTransaction } from '../src/db/transaction.js';
import { barrier, buildVip, sayOk } from './helpers/chat.js';
import { as, buildUser, signIn } from './helpers/factories.js';
import { WebSocket } from 'ws';
import { connectMember, connectSocket, socketUrl } from './helpers/socket-client.js';
import { startApp } from './helpers/test-app.js';

describe('/socket authentication', () => {
  it('accepts a token in the URL and answers kind 0 at once', async () => {
    const ctx = await startApp();
    const member = await buildUser(ctx);

    const { contacts } = await connectMember(ctx, member.token);

    expect(contacts).toMatchObject({ kind: 0, opt: 100, status: 'success', uid: member.user.id, contacts: [], messages: [], unread: 0, ping_ms: 30_000 });
  });

  it('refuses the upgrade (HTTP 401) for an unknown token and 403 for an account pending approval', async () => {
    const ctx = await startApp();
    const pending = await buildUser(ctx, { status: 2 });

    await expect(connectSocket(ctx, 'not-a-token')).rejects.toMatchObject({ statusCode: 401 });
    await expect(connectSocket(ctx, pending.token)).rejects.toMatchObject({ statusCode: 403 });
  });

  it('authenticates a socket opened without a token by the init message (opt 100 with uid and token), sent twice', async () => {
    const ctx = await startApp();
    const member = await buildUser(ctx);
    const socket = await connectSocket(ctx);

    const first = await socket.request({ opt: 100, uid: member.user.id, token: member.token }, 0);
    const second = await socket.request({ opt: 100, uid: member.user.id }, 0);

    expect(first).toMatchObject({ kind: 0, uid: member.user.id });
    expect(second).toMatchObject({ kind: 0, uid: member.user.id });
  });

  it('refuses an init whose uid is not the token’s member, and closes the socket (4403)', async () => {
    const ctx = await startApp();
    const member = await buildUser(ctx);
    const other = await buildUser(ctx);
    const { socket } = await connectMember(ctx, member.token);

    const refused = await socket.request({ opt: 100, uid: other.user.id }, 10);

    expect(refused).toMatchObject({ status: 'error', opt: 100, error: 'no_permission' });
    expect((await socket.closed).code).toBe(SOCKET_CLOSE.forbidden);
  });

  it('refuses an init by token for another uid, and a bad token (4401), without authenticating', async () => {
    const ctx = await startApp();
    const member = await buildUser(ctx);
    const other = await buildUser(ctx);

    const mismatch = await connectSocket(ctx);
    expect(await mismatch.request({ opt: 100, uid: other.user.id, token: member.token }, 10)).toMatchObject({ error: 'no_permission' });
    expect((await mismatch.closed).code).toBe(SOCKET_CLOSE.forbidden);

    const bad = await connectSocket(ctx);
    expect(await bad.request({ opt: 100, uid: member.user.id, token: 'nope' }, 10)).toMatchObject({ error: 'unauthorized' });
    expect((await bad.closed).code).toBe(SOCKET_CLOSE.unauthorized);
  });

  it('closes (4401) a socket that sends anything but init before it is authenticated', async () => {
    const ctx = await startApp();
    const socket = await connectSocket(ctx);

    expect(await socket.request({ opt: 3, uid: SUPPORT_ACCOUNT_ID }, 10)).toMatchObject({ error: 'unauthorized', opt: 3 });
    expect((await socket.closed).code).toBe(SOCKET_CLOSE.unauthorized);
  });

  it('closes a socket that never sends its init (4408)', async () => {
    const ctx = await startApp({ env: { SOCKET_INIT_TIMEOUT_MS: '200' } });
    const socket = await connectSocket(ctx);

    expect((await socket.closed).code).toBe(SOCKET_CLOSE.initTimeout);
  });
});

describe('idle sockets', () => {
  it('keep nothing of their upgrade request: no response on the TCP socket, only the gateway’s error listener', async () => {
    const ctx = await startApp();
    const member = await buildUser(ctx);
    await connectMember(ctx, member.token);

    const [connection] = [...(ctx.services.realtime.registry.forUser(member.user.id) ?? [])];
    const tcp = (connection!.ws as unknown as { _socket: { _httpMessage?: unknown } })._socket;
    expect(tcp._httpMessage ?? null).toBeNull();
    expect(connection!.ws.listenerCount('error')).toBe(1);
  });
});

describe('ping (opt 101)', () => {
  it('answers kind 14, and the keep-alive closes the socket (4401) once its session row is gone without a sign-out', async () => {
    // Every product path that ends a session announces it (socket-revocation.test.ts, session-cache.test.ts);
    // a row deleted behind the server's back is found by the keep-alive sweep, which reads the database
    // itself rather than the per-node session cache.
    const ctx = await startApp({ env: { SOCKET_PING_MS: '1000' } });
    const member = await buildUser(ctx);
    const { socket } = await connectMember(ctx, member.token);

    expect(await socket.request({ opt: 101 }, 14)).toMatchObject({ kind: 14, opt: 101, status: 'success' });
    await ctx.db.deleteFrom('sessions').where('user_id', '=', member.user.id).execute();
    expect((await socket.closed).code).toBe(SOCKET_CLOSE.unauthorized);
  });
});

describe('keep-alive', () => {
  it('drops a socket that stops answering pings within two or three intervals, and keeps one that answers', async () => {
    const ctx = await startApp({ env: { SOCKET_PING_MS: '1000' } });
    const silent = await buildUser(ctx);
    const answering = await buildUser(ctx);
    const base = await socketUrl(ctx);
    // ws answers pings by itself; this client does not (a peer that vanished without closing).
    const mute = new WebSocket(`${base}/socket?token=${silent.token}`, { autoPong: false });
    const closed = new Promise<number>((resolve) => mute.on('close', (code) => resolve(code)));
    const { socket } = await connectMember(ctx, answering.token);
    const started = Date.now();
    const code = await closed;
    // Terminated, not closed with a frame (1006), after its unanswered ping was seen at the next round.
    expect(code).toBe(1006);
    expect(Date.now() - started).toBeLessThan(3_500);
    expect(await socket.request({ opt: 101 }, 14)).toMatchObject({ kind: 14, status: 'success' });
  });
});

describe('protocol errors (kind 10)', () => {
  it('answers unreadable JSON, an unknown opt and a bad field with a validation refusal, and stays open', async () => {
    const ctx = await startApp();
    const member = await buildUser(ctx);
    const { socket } = await connectMember(ctx, member.token);

    socket.sendRaw('{nope');
    expect(await socket.next(10)).toMatchObject({ opt: -1, error: 'validation' });
    expect(await socket.request({ opt: 42 }, 10)).toMatchObject({ opt: 42, error: 'validation' });
    expect(await socket.request({ opt: 1, uid: 'x', client_id: 'a' }, 10)).toMatchObject({ opt: 1, error: 'validation', fields: { uid: expect.any(String) } });
    expect(await socket.request({ opt: '101' }, 14)).toMatchObject({ kind: 14 });
  });

  it('limits messages per minute (CHAT_RATE_LIMIT; per member across sockets: socket-flood.test.ts)', async () => {
    const ctx = await startApp({ env: { CHAT_RATE_LIMIT: '3' } });
    const member = await buildUser(ctx);
    const { socket } = await connectMember(ctx, member.token);

    for (let i = 0; i < 3; i++) await socket.request({ opt: 101 }, 14);
    expect(await socket.request({ opt: 101 }, 10)).toMatchObject({ error: 'rate_limited' });
  });
});

describe('presence (kind 4)', () => {
  it('tells members with a conversation when a contact comes online and goes offline, and stamps last_active_at', async () => {
    const ctx = await startApp();
    const watcher = await buildVip(ctx, 1);
    const contact = await buildVip(ctx, 1, { sex: 1, last_active_at: 0 });
    const { socket: w } = await connectMember(ctx, watcher.token);
    const first = await connectMember(ctx, contact.token);
    await sayOk(first.socket, watcher.user.id, 'hi');
    await first.socket.close();
    expect(await w.next(4, (m) => m.is_online === 0)).toMatchObject({ uid: contact.user.id, opt: 100, is_online: 0 });

    const { socket: c } = await connectMember(ctx, contact.token);
    expect(await w.next(4)).toMatchObject({ kind: 4, opt: 100, uid: contact.user.id, is_online: 1, is_yin: 1 });
    expect(await ctx.services.presence.isOnline(contact.user.id)).toBe(true);
    const row = await ctx.services.repositories.users.findById(contact.user.id);
    expect(row!.last_active_at).toBeGreaterThan(0);

    await c.close();
    expect(await w.next(4)).toMatchObject({ uid: contact.user.id, is_online: 0 });
    expect(await ctx.services.presence.isOnline(contact.user.id)).toBe(false);
  });

  it('announces nothing while the member still has another socket open', async () => {
    const ctx = await startApp();
    const watcher = await buildVip(ctx, 1);
    const contact = await buildVip(ctx, 1, { sex: 1 });
    const { socket: w } = await connectMember(ctx, watcher.token);
    const { socket: phone } = await connectMember(ctx, contact.token);
    await sayOk(phone, watcher.user.id, 'hi');
    const { socket: desktop } = await connectMember(ctx, contact.token);

    await desktop.close();
    await barrier(phone);
    await sayOk(phone, watcher.user.id, 'still here');
    await w.next(1, (m) => m.message.content === 'still here');

    expect(w.pending(4)).toEqual([]);
  });
});

describe('visibility (opt 9)', () => {
  it('lets a woman go invisible: she gets kind 4, men with her in their list see her offline, women see her online', async () => {
    const ctx = await startApp();
    const her = await buildVip(ctx, 1, { sex: 0 });
    const man = await buildVip(ctx, 1, { sex: 1 });
    const woman = await buildVip(ctx, 1, { sex: 0 });
    const { socket: s } = await connectMember(ctx, her.token);
    const { socket: other } = await connectMember(ctx, her.token);
    await sayOk(s, man.user.id, 'hi');
    await sayOk(s, woman.user.id, 'hi');
    const { socket: m } = await connectMember(ctx, man.token);
    const { socket: w } = await connectMember(ctx, woman.token);

    const ack = await s.request({ opt: 9, is_yin: 0 }, 4);

    expect(ack).toMatchObject({ kind: 4, opt: 9, status: 'success', uid: her.user.id, is_online: 1, is_yin: 0 });
    expect(await m.next(4, (e) => e.opt === 9)).toMatchObject({ uid: her.user.id, is_online: 0, is_yin: 0 });
    expect(await w.next(4, (e) => e.opt === 9)).toMatchObject({ uid: her.user.id, is_online: 1, is_yin: 0 });
    expect(await other.next(4, (e) => e.opt === 9)).toMatchObject({ uid: her.user.id, is_yin: 0 });
    expect((await ctx.services.repositories.users.findById(her.user.id))!.is_yin).toBe(0);

    // Without is_yin the switch toggles.
    expect(await s.request({ opt: 9 }, 4)).toMatchObject({ is_yin: 1 });
    expect(await m.next(4, (e) => e.opt === 9 && e.is_yin === 1)).toMatchObject({ is_online: 1 });
  });

  it('announces POST /member/index/visibility exactly as opt 9: to her contacts and to all her sockets', async () => {
    const ctx = await startApp();
    const her = await buildVip(ctx, 1, { sex: 0 });
    const man = await buildVip(ctx, 1, { sex: 1 });
    const woman = await buildVip(ctx, 1, { sex: 0 });
    const { socket: s } = await connectMember(ctx, her.token);
    await sayOk(s, man.user.id, 'hi');
    await sayOk(s, woman.user.id, 'hi');
    const { socket: m } = await connectMember(ctx, man.token);
    const { socket: w } = await connectMember(ctx, woman.token);

    const res = await as(ctx, her.token).post('/member/index/visibility', { is_yin: 0 });

    expect(res.body.status).toBe(200);
    expect(await m.next(4, (e) => e.opt === 9)).toMatchObject({ uid: her.user.id, is_online: 0, is_yin: 0 });
    expect(await w.next(4, (e) => e.opt === 9)).toMatchObject({ uid: her.user.id, is_online: 1, is_yin: 0 });
    expect(await s.next(4, (e) => e.opt === 9)).toMatchObject({ uid: her.user.id, is_online: 1, is_yin: 0 });

    // Signed in but not connected: her contacts learn the change, and that she is offline.
    await s.close();
    await w.next(4, (e) => e.opt === 100 && e.is_online === 0);
    await as(ctx, her.token).post('/member/index/visibility', { is_yin: 1 });
    expect(await w.next(4, (e) => e.opt === 9)).toMatchObject({ uid: her.user.id, is_online: 0, is_yin: 1 });
    expect(await m.next(4, (e) => e.opt === 9 && e.is_yin === 1)).toMatchObject({ is_online: 0 });
  });

  it('toggles (opt 9 without is_yin) from the stored state, also when it was changed on another device', async () => {
    const ctx = await startApp();
    const her = await buildVip(ctx, 1, { sex: 0 });
    const { socket: phone } = await connectMember(ctx, her.token);
    const { socket: desktop } = await connectMember(ctx, her.token);

    expect(await desktop.request({ opt: 9, is_yin: 0 }, 4)).toMatchObject({ is_yin: 0 });
    expect(await phone.request({ opt: 9 }, 4)).toMatchObject({ is_yin: 1 });
    await as(ctx, her.token).post('/member/index/visibility', { is_yin: 0 });
    expect(await desktop.request({ opt: 9 }, 4)).toMatchObject({ is_yin: 1 });
    expect((await ctx.services.repositories.users.findById(her.user.id))!.is_yin).toBe(1);
  });

  it('is for women only', async () => {
    const ctx = await startApp();
    const man = await buildUser(ctx, { sex: 1 });
    const { socket } = await connectMember(ctx, man.token);

    expect(await socket.request({ opt: 9, is_yin: 0 }, 10)).toMatchObject({ opt: 9, error: 'no_permission' });
    expect((await ctx.services.repositories.users.findById(man.user.id))!.is_yin).toBe(1);
  });
});

describe('notices pushed live (kind 11)', () => {
  it('pushes a notice to every socket of its member the moment NoticesService.create stores it', async () => {
    const ctx = await startApp();
    const member = await buildUser(ctx);
    const other = await buildUser(ctx);
    const { socket: a } = await connectMember(ctx, member.token);
    const { socket: b } = await connectMember(ctx, member.token);
    const { socket: o } = await connectMember(ctx, other.token);

    const row = await ctx.services.notices.create(member.user.id, 'report', { content: 'About your report', result: 'warned' });

    for (const socket of [a, b]) {
      expect(await socket.next(11)).toMatchObject({ kind: 11, notice: { id: row.id, type: 'report', status: 0, result: 'warned' }, unread: 1 });
    }
    await barrier(o);
    expect(o.pending(11)).toEqual([]);
  });

  it('pushes a notice created inside a transaction only after the commit, and nothing for one rolled back', async () => {
    const ctx = await startApp();
    const member = await buildUser(ctx);
    const { socket } = await connectMember(ctx, member.token);
    const report = { content: 'About your report', result: 'warned' };

    await expect(
      inTransaction(ctx.db, async (unit) => {
        await ctx.services.notices.create(member.user.id, 'report', report, unit);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const kept = await inTransaction(ctx.db, (unit) => ctx.services.notices.create(member.user.id, 'report', report, unit));

    // Pushed in order: had the rolled-back one gone out, it would come first.
    expect(await socket.next(11)).toMatchObject({ notice: { id: kept.id }, unread: 1 });
    await barrier(socket);
    expect(socket.pending(11)).toEqual([]);
  });
});

describe('staff', () => {
  it('signs in to the support account from several places at once; each sees its conversations', async () => {
    const ctx = await startApp();
    const member = await buildUser(ctx);
    const supportToken = await signIn(ctx, SUPPORT_ACCOUNT_ID);
    const { socket: m } = await connectMember(ctx, member.token);
    const { socket: staff1 } = await connectMember(ctx, supportToken);
    const { socket: staff2 } = await connectMember(ctx, supportToken);

    await sayOk(m, SUPPORT_ACCOUNT_ID, 'help');
    expect((await staff1.next(1)).message).toMatchObject({ sender_id: member.user.id, content: 'help' });
    expect((await staff2.next(1)).message).toMatchObject({ content: 'help' });
    await sayOk(staff1, member.user.id, 'how can we help?');
    expect((await m.next(1)).message).toMatchObject({ sender_id: SUPPORT_ACCOUNT_ID, content: 'how can we help?', locked: 0 });
    expect((await staff2.next(1)).message).toMatchObject({ content: 'how can we help?' });
  });
});
