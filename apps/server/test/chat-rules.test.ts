import { SUPPORT_ACCOUNT_ID } from '@kindred/protocol';
import { describe, expect, it } from 'vitest';
import { buildVip, conversationRow, say, sayOk, setPermission, storedMessages } from './helpers/chat.js';
import { buildUser, signIn } from './helpers/factories.js';
import { connectMember } from './helpers/socket-client.js';
import { startApp } from './helpers/test-app.js';

const usedFreeChats = async (ctx: Awaited<ReturnType<typeof startApp>>, id: number) => (await ctx.services.repositories.users.findById(id))!.free_chats_used;

describe('free members (vip 0) opening a chat', () => {
  it('may not open one from the chat list or a trend (kind 8), except with the support account', async () => {
    const ctx = await startApp();
    const free = await buildUser(ctx);
    const other = await buildVip(ctx, 1, { sex: 1 });
    const { socket: o } = await connectMember(ctx, other.token);
    await sayOk(o, free.user.id, 'hi');
    const { socket } = await connectMember(ctx, free.token);

    for (const address of ['list', 'trend'] as const) {
      expect(await socket.request({ opt: 0, uid: other.user.id, address }, 8)).toMatchObject({
        kind: 8,
        opt: 0,
        status: 'error',
        error: 'need_upgrade',
        msg: 'Need to upgrade~',
        uid: other.user.id,
      });
      expect(await socket.request({ opt: 0, uid: SUPPORT_ACCOUNT_ID, address }, 3)).toMatchObject({ kind: 3, uid: SUPPORT_ACCOUNT_ID });
    }
    expect(await conversationRow(ctx, free.user.id, other.user.id)).toMatchObject({ unread: 1 });
    expect(await socket.request({ opt: 0, uid: other.user.id, address: 'profile' }, 3)).toMatchObject({ kind: 3, contact: { count: 0 } });
  });

  it('a silver member opens from anywhere', async () => {
    const ctx = await startApp();
    const silver = await buildVip(ctx, 1);
    const other = await buildVip(ctx, 1, { sex: 1 });
    const { socket } = await connectMember(ctx, silver.token);

    expect(await socket.request({ opt: 0, uid: other.user.id, address: 'list' }, 3)).toMatchObject({ kind: 3 });
  });
});

describe('free chats (FREE_CHATS, members without Send_chat_messages_for_free)', () => {
  it('lets a member start FREE_CHATS conversations, then answers kind 7 and stores nothing', async () => {
    const ctx = await startApp({ env: { FREE_CHATS: '2' } });
    const free = await buildUser(ctx);
    const [a, b, c] = [await buildVip(ctx, 1, { sex: 1 }), await buildVip(ctx, 1, { sex: 1 }), await buildVip(ctx, 1, { sex: 1 })];
    const { socket } = await connectMember(ctx, free.token);

    await sayOk(socket, a.user.id, 'first');
    await sayOk(socket, b.user.id, 'second');
    const refused = await say(socket, c.user.id, 'third');

    expect(refused).toMatchObject({
      kind: 7,
      opt: 1,
      status: 'error',
      error: 'no_free_chat',
      msg: 'Frequency is used up. Please Upgrade membership and continue.',
      uid: c.user.id,
    });
    expect((await storedMessages(ctx, free.user.id)).map((m) => m.content)).toEqual(['first', 'second']);
    expect(await conversationRow(ctx, free.user.id, c.user.id)).toBeUndefined();
    expect(await usedFreeChats(ctx, free.user.id)).toBe(2);
    // Opening a new conversation says so at once, before the member types.
    expect(await socket.request({ opt: 0, uid: c.user.id }, 7)).toMatchObject({ opt: 0, error: 'no_free_chat' });
  });

  it('costs nothing to go on in a started conversation, to reply to a member who wrote first, to write to support, or to delete and write again', async () => {
    const ctx = await startApp({ env: { FREE_CHATS: '1' } });
    const free = await buildUser(ctx);
    const a = await buildVip(ctx, 1, { sex: 1 });
    const writer = await buildVip(ctx, 1, { sex: 1 });
    const { socket } = await connectMember(ctx, free.token);
    const { socket: w } = await connectMember(ctx, writer.token);

    await sayOk(socket, a.user.id, 'start');
    await sayOk(socket, a.user.id, 'go on');
    await sayOk(w, free.user.id, 'hello free member');
    await sayOk(socket, writer.user.id, 'reply');
    await sayOk(socket, SUPPORT_ACCOUNT_ID, 'help');
    await socket.request({ opt: 5, uid: a.user.id }, 5);
    await sayOk(socket, a.user.id, 'again');

    expect(await usedFreeChats(ctx, free.user.id)).toBe(1);
  });

  it('two first messages at once to the same member cost one free chat', async () => {
    const ctx = await startApp({ env: { FREE_CHATS: '2' } });
    const free = await buildUser(ctx);
    const a = await buildVip(ctx, 1, { sex: 1 });
    const { socket: s1 } = await connectMember(ctx, free.token);
    const { socket: s2 } = await connectMember(ctx, free.token);

    const answers = await Promise.all([say(s1, a.user.id, 'one'), say(s2, a.user.id, 'two')]);

    expect(answers.map((x) => x.kind)).toEqual([2, 2]);
    expect(await usedFreeChats(ctx, free.user.id)).toBe(1);
  });

  it('does not limit members with Send_chat_messages_for_free, nor staff', async () => {
    const ctx = await startApp({ env: { FREE_CHATS: '0' } });
    const silver = await buildVip(ctx, 1);
    const free = await buildUser(ctx, { sex: 1 });
    const { socket } = await connectMember(ctx, silver.token);
    const { socket: support } = await connectMember(ctx, await signIn(ctx, SUPPORT_ACCOUNT_ID));

    expect(await say(socket, free.user.id, 'hi')).toMatchObject({ kind: 2 });
    expect(await say(support, free.user.id, 'welcome')).toMatchObject({ kind: 2 });
    expect(await usedFreeChats(ctx, silver.user.id)).toBe(0);
  });
});

describe('permission flags', () => {
  it('Start_chat_dialog: without it no new conversation (kind 8), support still reachable', async () => {
    const ctx = await startApp();
    await setPermission(ctx, 0, 'Start_chat_dialog', false);
    const free = await buildUser(ctx);
    const other = await buildVip(ctx, 1, { sex: 1 });
    const { socket } = await connectMember(ctx, free.token);

    expect(await say(socket, other.user.id, 'hi')).toMatchObject({ kind: 8, opt: 1, error: 'need_upgrade' });
    expect(await socket.request({ opt: 0, uid: other.user.id }, 8)).toMatchObject({ opt: 0 });
    expect(await say(socket, SUPPORT_ACCOUNT_ID, 'help')).toMatchObject({ kind: 2 });
  });

  it('Continue_chat_dialog: without it no message in an existing conversation (kind 8)', async () => {
    const ctx = await startApp();
    await setPermission(ctx, 0, 'Continue_chat_dialog', false);
    const free = await buildUser(ctx);
    const writer = await buildVip(ctx, 1, { sex: 1 });
    const { socket: w } = await connectMember(ctx, writer.token);
    await sayOk(w, free.user.id, 'hello');
    const { socket } = await connectMember(ctx, free.token);

    expect(await say(socket, writer.user.id, 'reply')).toMatchObject({ kind: 8, error: 'need_upgrade' });
    expect(await storedMessages(ctx, free.user.id)).toEqual([]);
  });

  it('Read_chat_messages: without it messages arrive locked and conversations do not open, until an upgrade (picked up by the next ping)', async () => {
    const ctx = await startApp();
    await setPermission(ctx, 0, 'Read_chat_messages', false);
    const free = await buildUser(ctx);
    const writer = await buildVip(ctx, 1, { sex: 1 });
    const { socket: w } = await connectMember(ctx, writer.token);
    await sayOk(w, free.user.id, 'secret');
    const { socket, contacts } = await connectMember(ctx, free.token);

    expect(contacts.messages).toEqual([expect.objectContaining({ content: '', locked: 1, sender_id: writer.user.id })]);
    expect(contacts.contacts[0]).toMatchObject({ uid: writer.user.id, count: 1, content: '' });
    await sayOk(w, free.user.id, 'more');
    expect((await socket.next(1)).message).toMatchObject({ content: '', img: '', locked: 1 });
    expect(await socket.request({ opt: 0, uid: writer.user.id, address: 'member' }, 8)).toMatchObject({ error: 'need_upgrade' });
    expect(await socket.request({ opt: 3, uid: writer.user.id }, 8)).toMatchObject({ error: 'need_upgrade' });

    // Support's messages are always readable.
    const { socket: support } = await connectMember(ctx, await signIn(ctx, SUPPORT_ACCOUNT_ID));
    await sayOk(support, free.user.id, 'from support');
    expect((await socket.next(1)).message).toMatchObject({ content: 'from support', locked: 0 });

    await ctx.services.repositories.users.update(free.user.id, { vip: 1, vip1_until: ctx.now() + 86_400_000 });
    await socket.request({ opt: 101 }, 14);
    expect((await socket.request({ opt: 0, uid: writer.user.id }, 3)).messages.map((m) => m.content)).toEqual(['secret', 'more']);
  });
});
