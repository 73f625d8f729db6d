import { afterEach, describe, expect, it, vi } from 'vitest';
import { GroupCommit } from '../src/db/group-commit.js';
import type { Member } from '../src/domain/member.js';
import { ConversationsRepository } from '../src/modules/chat/conversations.repository.js';
import { MessagesRepository } from '../src/modules/chat/messages.repository.js';
import { buildVip } from './helpers/chat.js';
import { buildUser, type BuiltUser } from './helpers/factories.js';
import { startApp, type TestApp } from './helpers/test-app.js';

const text = (uid: number, content: string) => ({ uid, client_id: `c-${content}`, type: 'text' as const, content, img: '' });

async function members(ctx: TestApp, built: BuiltUser[]): Promise<Member[]> {
  return Promise.all(built.map(async (b) => (await ctx.services.auth.authenticate(b.token))!));
}

/** Every conversation side of these members, by their position in the list and by message content, not ids. */
async function sides(ctx: TestApp, ids: number[]) {
  const rows = await ctx.db.selectFrom('conversations').selectAll().where('user_id', 'in', ids).orderBy('user_id').orderBy('peer_id').execute();
  const messages = await ctx.db.selectFrom('messages').select(['id', 'content']).where('sender_id', 'in', ids).execute();
  const content = (id: number | null) => messages.find((m) => m.id === id)?.content ?? null;
  return rows.map((r) => ({
    user: ids.indexOf(r.user_id),
    peer: ids.indexOf(r.peer_id),
    unread: r.unread,
    hidden: r.hidden,
    last: content(r.last_message_id),
    read: content(r.last_read_id),
  }));
}

afterEach(() => vi.restoreAllMocks());

describe('messages written together (group commit with set-based statements)', () => {
  /** Who writes to whom, in order: both directions of a pair, three pairs, a member deleting a conversation first. */
  const script: [number, number, string][] = [
    [0, 1, 'm1'],
    [1, 0, 'm2'],
    [0, 2, 'm3'],
    [0, 1, 'm4'],
    [2, 1, 'm5'],
    [1, 0, 'm6'],
    [2, 0, 'm7'],
  ];

  /**
   * The statements are counted on this process's writer: the server writes chat messages on a
   * thread of its own unless CHAT_WRITER=inline (the next test compares the two).
   */
  async function run(together: boolean, env: Record<string, string> = { CHAT_WRITER: 'inline' }) {
    const ctx = await startApp({ env });
    const built = [await buildVip(ctx, 1, { sex: 0 }), await buildVip(ctx, 1, { sex: 1 }), await buildVip(ctx, 2, { sex: 1 })];
    const people = await members(ctx, built);
    // An earlier conversation that member 1 deleted: writing in it shows it again.
    await ctx.services.chat.send(people[2]!, text(people[1]!.id, 'm0'));
    await ctx.services.chat.remove(people[1]!, people[2]!.id);
    const send = ([from, to, content]: [number, number, string]) => ctx.services.chat.send(people[from]!, text(people[to]!.id, content));
    if (together) await Promise.all(script.map(send));
    else for (const step of script) await send(step);
    return sides(ctx, people.map((p) => p.id));
  }

  it('leaves the rows the same messages leave when written one by one', async () => {
    // Committed batches, whichever way they are written (on PostgreSQL one statement each,
    // db/chat-batch-statement.ts; otherwise a transaction of set-based statements).
    const commits = vi.spyOn(GroupCommit.prototype as unknown as { committed(batch: unknown[]): void }, 'committed');
    const together = await run(true);
    const togetherTransactions = commits.mock.calls.length;
    commits.mockClear();
    const alone = await run(false);
    // One writer writes both ways: alone, each message (m0 and the script) is a batch of its own;
    // together, the script's messages share transactions.
    expect(commits).toHaveBeenCalledTimes(script.length + 1);
    expect(togetherTransactions).toBeLessThan(script.length + 1);

    expect(together).toEqual(alone);
    expect(alone).toEqual([
      { user: 0, peer: 1, unread: 2, hidden: 0, last: 'm6', read: 'm4' },
      { user: 0, peer: 2, unread: 1, hidden: 0, last: 'm7', read: 'm3' },
      { user: 1, peer: 0, unread: 2, hidden: 0, last: 'm6', read: 'm6' },
      { user: 1, peer: 2, unread: 1, hidden: 0, last: 'm5', read: 'm0' },
      { user: 2, peer: 0, unread: 1, hidden: 0, last: 'm7', read: 'm7' },
      { user: 2, peer: 1, unread: 0, hidden: 0, last: 'm5', read: 'm5' },
    ]);
  });

  it('leaves the same rows when the writer thread writes them, none of its statements in this process', async () => {
    const settle = vi.spyOn(ConversationsRepository.prototype, 'settleMany');
    const threaded = await run(true, {});
    expect(settle).not.toHaveBeenCalled();
    expect(threaded).toEqual(await run(false));
  });

  it('applies the free-chat rule in the batch’s order; a refused message is refused alone and the others are stored', async () => {
    const ctx = await startApp({ env: { FREE_CHATS: '1' } });
    const built = [await buildUser(ctx, { sex: 0 }), await buildVip(ctx, 1, { sex: 1 }), await buildVip(ctx, 1, { sex: 1 })];
    const [free, a, b] = await members(ctx, built);
    // The permission matrix in cache: the four sends reach the writer in the same turn, one batch.
    await Promise.all([free, a, b].map((m) => ctx.services.chat.canRead(m!)));

    const results = await Promise.allSettled([
      ctx.services.chat.send(free!, text(a!.id, 'start')),
      ctx.services.chat.send(free!, text(a!.id, 'go on')),
      ctx.services.chat.send(a!, text(free!.id, 'reply')),
      ctx.services.chat.send(free!, text(b!.id, 'second start')),
    ]);

    expect(results.map((r) => (r.status === 'fulfilled' ? 'stored' : (r.reason as { id?: string }).id))).toEqual(['stored', 'stored', 'stored', 'no_free_chat']);
    expect((await ctx.services.repositories.users.findById(free!.id))!.free_chats_used).toBe(1);
    expect(await sides(ctx, [free!.id, a!.id, b!.id])).toEqual([
      { user: 0, peer: 1, unread: 1, hidden: 0, last: 'reply', read: 'go on' },
      { user: 1, peer: 0, unread: 2, hidden: 0, last: 'reply', read: 'reply' },
    ]);
  });

  it('reads the messages other nodes announce in one query per turn, each answered with its own row', async () => {
    const ctx = await startApp();
    const [her, him] = await members(ctx, [await buildVip(ctx, 1, { sex: 0 }), await buildVip(ctx, 1, { sex: 1 })]);
    const a = (await ctx.services.chat.send(her!, text(him!.id, 'first'))).message;
    const b = (await ctx.services.chat.send(him!, text(her!.id, 'second'))).message;
    const reads = vi.spyOn(MessagesRepository.prototype, 'findByIds');

    const found = await Promise.all([b.id, a.id, 999_999, a.id].map((id) => ctx.services.chat.findMessage(id)));

    expect(found.map((m) => m?.content)).toEqual(['second', 'first', undefined, 'first']);
    expect(reads).toHaveBeenCalledTimes(1);
  });
});
