import { describe, expect, it } from 'vitest';
import { buildVip, conversationRow, say, storedMessages } from './helpers/chat.js';
import { connectMember } from './helpers/socket-client.js';
import { useSharedApp } from './helpers/test-app.js';

/**
 * A socket reads its next frame once a message is queued for its transaction, not once it
 * committed (handlers/send.ts): several of a member's messages are then written at once, in
 * pipelined batches (group-commit.ts). What must hold: they are stored, acknowledged and delivered
 * in the order sent, a refused one is refused in its place, and any other frame after them sees
 * them stored and is answered after them.
 */
const app = useSharedApp();

describe('messages sent without waiting for their acknowledgements (opt 1)', () => {
  it('are stored, acknowledged and delivered in the order sent, to several recipients, a refused one in its place', async () => {
    const ctx = app();
    const her = await buildVip(ctx, 2, { sex: 0 });
    const him = await buildVip(ctx, 2, { sex: 1 });
    const other = await buildVip(ctx, 2, { sex: 1 });
    const { socket } = await connectMember(ctx, her.token);
    const { socket: his } = await connectMember(ctx, him.token);

    const texts = Array.from({ length: 30 }, (_, i) => (i === 13 ? '   ' : `m${i}`));
    const answers = await Promise.all(texts.map((text, i) => say(socket, i % 3 === 2 ? other.user.id : him.user.id, text)));

    // Acknowledgements (and the one refusal) arrive in the order the messages were sent.
    const order = socket.received.filter((m) => m.kind === 2 || m.kind === 10).map((m) => (m.kind === 2 ? m.message.content : 'refused'));
    expect(order).toEqual(texts.map((t) => (t.trim() ? t : 'refused')));
    expect(answers[13]).toMatchObject({ kind: 10, error: 'content_empty' });

    // Stored in that order: ids grow with the order sent, whoever the recipient.
    const stored = await storedMessages(ctx, her.user.id);
    expect(stored.map((m) => m.content)).toEqual(texts.filter((t) => t.trim()));

    // The recipient hears his messages in the order sent.
    const his20 = texts.filter((t, i) => t.trim() && i % 3 !== 2);
    for (const text of his20) expect((await his.next(1)).message.content).toBe(text);
    expect((await conversationRow(ctx, him.user.id, her.user.id))?.unread).toBe(his20.length);
  });

  it('are stored before a later frame of the same socket is handled (a delete after them hides them)', async () => {
    const ctx = app();
    const her = await buildVip(ctx, 2, { sex: 0 });
    const him = await buildVip(ctx, 2, { sex: 1 });
    const { socket } = await connectMember(ctx, her.token);

    const sends = Array.from({ length: 10 }, (_, i) => say(socket, him.user.id, `before delete ${i}`));
    const removed = socket.request({ opt: 5, uid: him.user.id }, 5);
    const acknowledged = await Promise.all(sends);
    await removed;

    expect(acknowledged.every((a) => a.kind === 2)).toBe(true);
    // The delete came after every acknowledgement, and hid the conversation they had written.
    const kinds = socket.received.filter((m) => m.kind === 2 || m.kind === 5).map((m) => m.kind);
    expect(kinds).toEqual([...Array(10).fill(2), 5]);
    expect((await conversationRow(ctx, her.user.id, him.user.id))?.hidden).toBe(1);
  });
});
