import { SUPPORT_ACCOUNT_ID } from '@kindred/protocol';
import { describe, expect, it } from 'vitest';
import { barrier, buildVip, conversationRow, say, sayOk, storedMessages } from './helpers/chat.js';
import { buildUser } from './helpers/factories.js';
import { clientId, connectMember } from './helpers/socket-client.js';
import { startApp } from './helpers/test-app.js';

/**
 * Issue 13: a woman pressing Send with nothing typed left an empty bubble in both histories. No
 * blank text is ever stored, whoever writes to whomever (docs/product-rules.md §5, read as meant).
 */
describe('blank chat texts (opt 1)', () => {
  it('refuses a blank text from a woman to a member: nothing stored, nothing delivered, no conversation started', async () => {
    const ctx = await startApp();
    const her = await buildVip(ctx, 1, { sex: 0 });
    const him = await buildVip(ctx, 1, { sex: 1 });
    const { socket: woman } = await connectMember(ctx, her.token);
    const { socket: man } = await connectMember(ctx, him.token);

    for (const blank of ['', ' ', '   ', '\n', ' \n\t ']) {
      expect(await say(woman, him.user.id, blank)).toMatchObject({ kind: 10, opt: 1, error: 'content_empty', uid: him.user.id });
    }
    // The spec's `txt` spelling is the same message.
    const viaTxt = await woman.request({ opt: 1, uid: him.user.id, client_id: clientId(), txt: '  ' }, 10);
    expect(viaTxt).toMatchObject({ error: 'content_empty' });

    expect(await storedMessages(ctx, her.user.id)).toEqual([]);
    expect(await conversationRow(ctx, her.user.id, him.user.id)).toBeUndefined();
    expect(await conversationRow(ctx, him.user.id, her.user.id)).toBeUndefined();
    await barrier(man);
    expect(man.pending(1)).toEqual([]);
  });

  it('refuses a blank text from a man, and to the support account from anyone', async () => {
    const ctx = await startApp();
    const her = await buildVip(ctx, 1, { sex: 0 });
    const him = await buildVip(ctx, 1, { sex: 1 });
    const { socket: man } = await connectMember(ctx, him.token);
    const { socket: woman } = await connectMember(ctx, her.token);

    expect(await say(man, her.user.id, ' ')).toMatchObject({ kind: 10, error: 'content_empty' });
    expect(await say(woman, SUPPORT_ACCOUNT_ID, '')).toMatchObject({ kind: 10, error: 'content_empty' });
    expect(await say(man, SUPPORT_ACCOUNT_ID, '\t')).toMatchObject({ kind: 10, error: 'content_empty' });
    expect([...(await storedMessages(ctx, her.user.id)), ...(await storedMessages(ctx, him.user.id))]).toEqual([]);
  });

  it('costs a free member no free chat, and text around blanks is stored trimmed', async () => {
    const ctx = await startApp();
    const free = await buildUser(ctx, { sex: 0, vip: 0 });
    const peers = await Promise.all([1, 2, 3].map(() => buildUser(ctx, { sex: 1 })));
    const { socket } = await connectMember(ctx, free.token);

    // Blank attempts at three members first: had they counted, the real first messages would be refused.
    for (const peer of peers) expect(await say(socket, peer.user.id, '  ')).toMatchObject({ error: 'content_empty' });
    for (const peer of peers) await sayOk(socket, peer.user.id, '  hello [Smile] ');

    const stored = await storedMessages(ctx, free.user.id);
    expect(stored.map((m) => m.content)).toEqual(['hello [Smile]', 'hello [Smile]', 'hello [Smile]']);
    expect(stored.every((m) => m.content.trim() !== '')).toBe(true);
  });
});
