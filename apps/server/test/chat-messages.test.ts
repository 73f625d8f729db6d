import { SUPPORT_ACCOUNT_ID } from '@kindred/protocol';
import { describe, expect, it } from 'vitest';
import { barrier, buildVip, conversationRow, say, sayOk, storedMessages } from './helpers/chat.js';
import { as, buildUser, signIn } from './helpers/factories.js';
import { imagePart, makeImage } from './helpers/images.js';
import { clientId, connectMember } from './helpers/socket-client.js';
import { startApp, type TestApp } from './helpers/test-app.js';

/** Two silver members (no chat restrictions): a woman and a man. */
async function pair(ctx: TestApp) {
  const her = await buildVip(ctx, 1, { sex: 0 });
  const him = await buildVip(ctx, 1, { sex: 1 });
  return { her, him };
}

describe('send (opt 1)', () => {
  it('stores the message, then acknowledges it (kind 2) and delivers it (kind 1) to the recipient and the sender’s other sockets', async () => {
    const ctx = await startApp();
    const { her, him } = await pair(ctx);
    const { socket: s } = await connectMember(ctx, her.token);
    const { socket: other } = await connectMember(ctx, her.token);
    const { socket: r } = await connectMember(ctx, him.token);
    const id = clientId();

    const ack = await sayOk(s, him.user.id, '  hello [Smile]  ', id);

    const [row] = await storedMessages(ctx, her.user.id);
    expect(row).toMatchObject({ id: ack.message.id, reciver_id: him.user.id, type: 'text', content: 'hello [Smile]', client_id: id });
    expect(ack).toMatchObject({ kind: 2, opt: 1, status: 'success', client_id: id, duplicate: 0 });
    expect(ack.message).toMatchObject({ sender_id: her.user.id, reciver_id: him.user.id, mid: her.user.id, type: 'text', content: 'hello [Smile]', img: '', locked: 0 });
    expect(ack.message.create_time).toBe(Math.floor(ack.message.ndate / 1000));
    expect((await r.next(1)).message).toEqual(ack.message);
    expect((await other.next(1)).message).toEqual(ack.message);
    await barrier(s);
    expect(s.pending(1)).toEqual([]);
  });

  it('stores every message when two members write to each other at the same moment (no deadlock between their two sides)', async () => {
    const ctx = await startApp();
    const { her, him } = await pair(ctx);
    const [she, he] = await Promise.all([ctx.services.auth.authenticate(her.token), ctx.services.auth.authenticate(him.token)]);
    const text = (uid: number, id: string) => ({ uid, client_id: id, type: 'text' as const, content: id, img: '' });

    const sends = [];
    for (let i = 0; i < 20; i++) sends.push(ctx.services.chat.send(she!, text(him.user.id, `her-${i}`)), ctx.services.chat.send(he!, text(her.user.id, `him-${i}`)));
    const results = await Promise.allSettled(sends);

    expect(results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
    expect(await storedMessages(ctx, her.user.id)).toHaveLength(20);
    expect(await storedMessages(ctx, him.user.id)).toHaveLength(20);
    const [hers, his] = [await conversationRow(ctx, her.user.id, him.user.id), await conversationRow(ctx, him.user.id, her.user.id)];
    expect(hers!.last_message_id).toBe(his!.last_message_id);
  });

  it('keeps unread per conversation: +1 per message on the recipient’s side only', async () => {
    const ctx = await startApp();
    const { her, him } = await pair(ctx);
    const { socket: s } = await connectMember(ctx, her.token);
    for (const text of ['a', 'b', 'c']) await sayOk(s, him.user.id, text);

    expect(await conversationRow(ctx, him.user.id, her.user.id)).toMatchObject({ unread: 3, hidden: 0 });
    expect(await conversationRow(ctx, her.user.id, him.user.id)).toMatchObject({ unread: 0 });
  });

  it('answers a resend of the same client_id with the stored message: no second row, no second unread', async () => {
    const ctx = await startApp();
    const { her, him } = await pair(ctx);
    const { socket: s } = await connectMember(ctx, her.token);
    const { socket: r } = await connectMember(ctx, him.token);
    const id = clientId();

    const first = await sayOk(s, him.user.id, 'once', id);
    await s.close();
    const { socket: again } = await connectMember(ctx, her.token);
    const resent = await sayOk(again, him.user.id, 'once', id);
    // Two resends racing (two sockets after a reconnect) still store one message.
    const { socket: third } = await connectMember(ctx, her.token);
    const raced = await Promise.all([sayOk(again, him.user.id, 'twice', 'race-1'), sayOk(third, him.user.id, 'twice', 'race-1')]);

    expect(resent).toMatchObject({ duplicate: 1, client_id: id, message: first.message });
    expect(raced.map((a) => a.message.id)).toEqual([raced[0].message.id, raced[0].message.id]);
    expect((await storedMessages(ctx, her.user.id)).map((m) => m.client_id)).toEqual([id, 'race-1']);
    expect(await conversationRow(ctx, him.user.id, her.user.id)).toMatchObject({ unread: 2 });
    expect((await r.next(1)).message.id).toBe(first.message.id);
  });

  it('refuses a blank text from anyone, to a member or to the support account (more in chat-blank.test.ts)', async () => {
    const ctx = await startApp();
    const { her, him } = await pair(ctx);
    const { socket: man } = await connectMember(ctx, him.token);
    const { socket: woman } = await connectMember(ctx, her.token);

    expect(await say(man, her.user.id, '   ')).toMatchObject({ kind: 10, opt: 1, error: 'content_empty', uid: her.user.id });
    expect(await say(woman, SUPPORT_ACCOUNT_ID, '')).toMatchObject({ kind: 10, error: 'content_empty' });
    expect(await say(woman, him.user.id, ' ')).toMatchObject({ kind: 10, error: 'content_empty' });
    expect([...(await storedMessages(ctx, him.user.id)), ...(await storedMessages(ctx, her.user.id))]).toEqual([]);
  });

  it('sends an image uploaded through the image pipeline, and refuses someone else’s upload or any other path', async () => {
    const ctx = await startApp();
    const { her, him } = await pair(ctx);
    const upload = await as(ctx, her.token).postMultipart('/member/index/uploads', {}, [imagePart('file', await makeImage('png', 400, 300), 'png')]);
    const img = upload.body.data.url as string;
    const { socket: s } = await connectMember(ctx, her.token);
    const { socket: r } = await connectMember(ctx, him.token);

    const ack = await s.request({ opt: 1, uid: him.user.id, client_id: clientId(), type: 'img', img }, 2);
    expect(ack.message).toMatchObject({ type: 'img', img, content: '' });
    expect((await r.next(1)).message.img).toBe(img);

    // Her upload is not his to send; nor is anything outside the uploads folders.
    for (const bad of [img, 'https://evil.example/x.png', `/uploads/dynamic/${him.user.id}/../x.png`, '']) {
      expect(await r.request({ opt: 1, uid: her.user.id, client_id: clientId(), type: 'img', img: bad }, 10)).toMatchObject({ error: 'image_not_owned' });
    }
  });

  it('refuses messages to oneself, to unknown, pending or administrator accounts', async () => {
    const ctx = await startApp();
    const { her } = await pair(ctx);
    const pending = await buildUser(ctx, { status: 2 });
    const { socket } = await connectMember(ctx, her.token);

    expect(await say(socket, her.user.id, 'me')).toMatchObject({ kind: 10, error: 'validation' });
    for (const uid of [999_999, pending.user.id, 1]) expect(await say(socket, uid, 'hi')).toMatchObject({ kind: 10, error: 'user_not_found', uid });
  });
});

describe('catch-up (kind 0)', () => {
  it('lists conversations newest first with unread counts (capped at 99) and last content, and carries the unread messages', async () => {
    const ctx = await startApp();
    const { her, him } = await pair(ctx);
    const third = await buildVip(ctx, 1, { sex: 1 });
    const { socket: h } = await connectMember(ctx, him.token);
    const { socket: t } = await connectMember(ctx, third.token);
    for (let i = 0; i < 3; i++) await sayOk(h, her.user.id, `from him ${i}`);
    const last = await sayOk(t, her.user.id, 'from third');
    await ctx.db.updateTable('conversations').set({ unread: 150 }).where('user_id', '=', her.user.id).where('peer_id', '=', third.user.id).execute();

    const { contacts } = await connectMember(ctx, her.token);

    expect(contacts.contacts.map((c) => [c.uid, c.count, c.content])).toEqual([
      [third.user.id, 99, 'from third'],
      [him.user.id, 3, 'from him 2'],
    ]);
    expect(contacts.contacts[0]).toMatchObject({ username: third.user.username, vip: 1, sex: 1, is_online: 1, is_yin: 1, last_type: 'text', is_service: 0 });
    expect(contacts.contacts[0]!.create_time).toBe(last.message.create_time);
    expect(contacts.messages.map((m) => m.content)).toEqual(['from him 0', 'from him 1', 'from him 2', 'from third']);
    expect(contacts.unread).toBe(99);
  });

  it('after an init with last_id carries every message after it, both directions, instead', async () => {
    const ctx = await startApp();
    const { her, him } = await pair(ctx);
    const { socket: s } = await connectMember(ctx, her.token);
    const { socket: h } = await connectMember(ctx, him.token);
    const a = await sayOk(s, him.user.id, 'a');
    await sayOk(h, her.user.id, 'b');
    await sayOk(s, him.user.id, 'c');

    const resumed = await s.request({ opt: 100, uid: her.user.id, last_id: a.message.id }, 0);

    expect(resumed.messages.map((m) => m.content)).toEqual(['b', 'c']);
  });
});

describe('open (opt 0), history (opt 3) and read (opt 4)', () => {
  it('opens a conversation: its newest page (kind 3), the contact, unread to 0, and kind 13 to the member’s other sockets', async () => {
    const ctx = await startApp();
    const { her, him } = await pair(ctx);
    const { socket: h } = await connectMember(ctx, him.token);
    for (let i = 1; i <= 25; i++) await sayOk(h, her.user.id, `m${i}`);
    const { socket: s } = await connectMember(ctx, her.token);
    const { socket: other } = await connectMember(ctx, her.token);

    const opened = await s.request({ opt: 0, uid: him.user.id }, 3);

    expect(opened).toMatchObject({ kind: 3, opt: 0, status: 'success', uid: him.user.id, more: 1, contact: { uid: him.user.id, count: 0 } });
    expect(opened.messages.map((m) => m.content)).toEqual(Array.from({ length: 20 }, (_, i) => `m${i + 6}`));
    expect(await conversationRow(ctx, her.user.id, him.user.id)).toMatchObject({ unread: 0 });
    expect(await other.next(13)).toMatchObject({ kind: 13, opt: 0, uid: him.user.id });

    const older = await s.request({ opt: 3, uid: him.user.id, before_id: opened.messages[0]!.id }, 3);
    expect(older).toMatchObject({ opt: 3, more: 0 });
    expect(older.messages.map((m) => m.content)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    const small = await s.request({ opt: 3, uid: him.user.id, limit: 2 }, 3);
    expect(small.messages.map((m) => m.content)).toEqual(['m24', 'm25']);
  });

  it('opens a conversation that does not exist yet with the member as a new contact', async () => {
    const ctx = await startApp();
    const { her, him } = await pair(ctx);
    const { socket } = await connectMember(ctx, her.token);

    expect(await socket.request({ opt: 0, uid: him.user.id, address: 'profile' }, 3)).toMatchObject({ messages: [], more: 0, contact: { id: 0, uid: him.user.id, count: 0 } });
    expect(await socket.request({ opt: 3, uid: him.user.id }, 3)).toMatchObject({ messages: [], more: 0 });
  });

  it('marks the open conversation read (opt 4): kind 13 to this socket and the others', async () => {
    const ctx = await startApp();
    const { her, him } = await pair(ctx);
    const { socket: h } = await connectMember(ctx, him.token);
    const { socket: s } = await connectMember(ctx, her.token);
    const { socket: other } = await connectMember(ctx, her.token);
    await sayOk(h, her.user.id, 'new');

    expect(await s.request({ opt: 4, uid: him.user.id }, 13)).toMatchObject({ kind: 13, opt: 4, uid: him.user.id });
    expect(await other.next(13)).toMatchObject({ uid: him.user.id });
    expect(await conversationRow(ctx, her.user.id, him.user.id)).toMatchObject({ unread: 0 });
    expect((await connectMember(ctx, her.token)).contacts.messages).toEqual([]);
  });
});

describe('delete (opt 5)', () => {
  it('removes the conversation and its history for the deleting side only (kind 5, kind 6 on every own socket)', async () => {
    const ctx = await startApp();
    const { her, him } = await pair(ctx);
    const { socket: s } = await connectMember(ctx, her.token);
    const { socket: other } = await connectMember(ctx, her.token);
    const { socket: h } = await connectMember(ctx, him.token);
    await sayOk(s, him.user.id, 'before');
    await sayOk(h, her.user.id, 'reply');

    expect(await s.request({ opt: 5, uid: him.user.id }, 5)).toMatchObject({ kind: 5, opt: 5, status: 'success', uid: him.user.id });
    expect(await s.next(6)).toMatchObject({ kind: 6, uid: him.user.id });
    expect(await other.next(6)).toMatchObject({ uid: him.user.id });

    expect((await connectMember(ctx, her.token)).contacts.contacts).toEqual([]);
    expect((await s.request({ opt: 3, uid: him.user.id }, 3)).messages).toEqual([]);
    await barrier(h);
    expect(h.pending(6)).toEqual([]);
    expect((await h.request({ opt: 3, uid: her.user.id }, 3)).messages.map((m) => m.content)).toEqual(['before', 'reply']);

    // A new message brings the conversation back, without the deleted history.
    await sayOk(h, her.user.id, 'after');
    const back = (await connectMember(ctx, her.token)).contacts;
    expect(back.contacts.map((c) => [c.uid, c.count])).toEqual([[him.user.id, 1]]);
    expect((await s.request({ opt: 3, uid: him.user.id }, 3)).messages.map((m) => m.content)).toEqual(['after']);
  });

  it('answers user_not_found for a conversation the member does not have', async () => {
    const ctx = await startApp();
    const { her, him } = await pair(ctx);
    const { socket } = await connectMember(ctx, her.token);

    expect(await socket.request({ opt: 5, uid: him.user.id }, 10)).toMatchObject({ opt: 5, error: 'user_not_found' });
  });
});

describe('support account', () => {
  it('marks its conversation as the service one', async () => {
    const ctx = await startApp();
    const member = await buildUser(ctx);
    const { socket } = await connectMember(ctx, member.token);
    await sayOk(socket, SUPPORT_ACCOUNT_ID, 'hello');
    const { contacts } = await connectMember(ctx, await signIn(ctx, SUPPORT_ACCOUNT_ID));

    expect(contacts.contacts[0]).toMatchObject({ uid: member.user.id, is_service: 0 });
    expect((await connectMember(ctx, member.token)).contacts.contacts[0]).toMatchObject({ uid: SUPPORT_ACCOUNT_ID, is_service: 1 });
  });
});
