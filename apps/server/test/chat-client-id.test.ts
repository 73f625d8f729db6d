import { describe, expect, it } from 'vitest';
import { buildVip, say, sayOk, storedMessages } from './helpers/chat.js';
import { clientId, connectMember } from './helpers/socket-client.js';
import { useSharedApp, type TestApp } from './helpers/test-app.js';

/**
 * Issue 9, finding 12: a client_id reused for another recipient or text was acknowledged as a
 * duplicate of the first message, so the client believed a message was delivered that never was.
 * Only a true resend (same recipient, same content) is a duplicate; anything else is refused.
 */
const app = useSharedApp();

async function trio(ctx: TestApp) {
  const her = await buildVip(ctx, 1, { sex: 0 });
  const him = await buildVip(ctx, 1, { sex: 1 });
  const another = await buildVip(ctx, 1, { sex: 1 });
  return { her, him, another };
}

describe('a reused client_id (opt 1)', () => {
  it('is a duplicate only for the same recipient and content; another text or recipient is refused and nothing is stored', async () => {
    const ctx = app();
    const { her, him, another } = await trio(ctx);
    const { socket } = await connectMember(ctx, her.token);
    const id = clientId();
    const first = await sayOk(socket, him.user.id, 'hello', id);

    // The same message again (the text is stored trimmed): the stored one, marked duplicate.
    expect(await say(socket, him.user.id, ' hello ', id)).toMatchObject({ kind: 2, duplicate: 1, message: { id: first.message.id } });

    const otherText = await say(socket, him.user.id, 'something else', id);
    const otherRecipient = await say(socket, another.user.id, 'hello', id);

    for (const refused of [otherText, otherRecipient]) {
      expect(refused).toMatchObject({ kind: 10, opt: 1, status: 'error', error: 'validation', client_id: id, fields: { client_id: expect.any(String) } });
    }
    expect((await storedMessages(ctx, her.user.id)).map((m) => [m.reciver_id, m.content])).toEqual([[him.user.id, 'hello']]);
  });

  it('stores one of two different messages sent with one client_id at the same moment and refuses the other', async () => {
    const ctx = app();
    const { her, him } = await trio(ctx);
    const { socket: phone } = await connectMember(ctx, her.token);
    const { socket: desktop } = await connectMember(ctx, her.token);
    const id = clientId();

    const answers = await Promise.all([say(phone, him.user.id, 'from the phone', id), say(desktop, him.user.id, 'from the desktop', id)]);

    expect(answers.map((a) => a.kind).sort((a, b) => a - b)).toEqual([2, 10]);
    const stored = await storedMessages(ctx, her.user.id);
    expect(stored).toHaveLength(1);
    const acknowledged = answers.find((a) => a.kind === 2) as { message: { id: number; content: string } };
    expect(acknowledged.message).toMatchObject({ id: stored[0]!.id, content: stored[0]!.content });
  });
});
