import { UserStatus } from '@kindred/protocol';
import { describe, expect, it, vi } from 'vitest';
import type { MessageRow } from '../src/db/schema.js';
import { CatchUpLoader } from '../src/modules/chat/catch-up.loader.js';
import { CatchUpRepository } from '../src/modules/chat/catch-up.repository.js';
import { ConversationsRepository } from '../src/modules/chat/conversations.repository.js';
import { MessagesRepository } from '../src/modules/chat/messages.repository.js';
import { buildVip, sayOk } from './helpers/chat.js';
import { buildUser, type BuiltUser } from './helpers/factories.js';
import { connectMember } from './helpers/socket-client.js';
import { startApp, type TestApp } from './helpers/test-app.js';

/**
 * The catch-up of sockets connecting together is read in one statement per part for all of them
 * (modules/chat/catch-up.loader.ts). Each member must still get exactly the catch-up the one-member
 * queries give, and a failed batch must answer every socket waiting on it.
 */

/** A message and both conversation sides written straight into the tables, as the writer leaves them. */
async function message(ctx: TestApp, from: number, to: number, content: string, { read = false } = {}): Promise<MessageRow> {
  const now = ctx.now();
  const row = await ctx.db
    .insertInto('messages')
    .values({ sender_id: from, reciver_id: to, type: 'text', content, img: '', client_id: `m-${from}-${to}-${content}-${Math.random()}`, created_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  for (const [user, peer, received] of [
    [from, to, 0],
    [to, from, read ? 0 : 1],
  ] as const) {
    await ctx.db
      .insertInto('conversations')
      .values({ user_id: user, peer_id: peer, unread: received, last_message_id: row.id, last_read_id: received ? 0 : row.id, cleared_before_id: 0, hidden: 0, updated_at: now + row.id })
      .onConflict((oc) =>
        oc.columns(['user_id', 'peer_id']).doUpdateSet((eb) => ({
          unread: received ? eb('conversations.unread', '+', 1) : 0,
          last_message_id: row.id,
          last_read_id: received ? eb.ref('conversations.last_read_id') : row.id,
          hidden: 0,
          updated_at: now + row.id,
        })),
      )
      .execute();
  }
  return row;
}

describe('batched catch-up reads', () => {
  it('answer each member exactly what the one-member queries answer (hidden, blocked, suspended, cleared, over the limits)', async () => {
    const ctx = await startApp();
    const members: BuiltUser[] = [];
    for (let i = 0; i < 7; i++) members.push(await buildUser(ctx, { sex: i % 2 }));
    const [a, b, c, d, e, f, lone] = members.map((m) => m.user.id) as [number, number, number, number, number, number, number];
    // a: several conversations with unread messages (over the small limits used below).
    for (const [peer, n] of [
      [b, 3],
      [c, 2],
      [d, 1],
      [e, 2],
    ] as const)
      for (let i = 0; i < n; i++) await message(ctx, peer, a, `to-a-${i}`);
    await message(ctx, a, b, 'a-to-b');
    await message(ctx, f, b, 'f-to-b', { read: true });
    await message(ctx, c, d, 'c-to-d');
    // b hid (deleted) the conversation with c after reading it; d cleared part of one.
    await message(ctx, c, b, 'c-to-b');
    await ctx.db.updateTable('conversations').set({ hidden: 1, unread: 0, cleared_before_id: 1_000_000, last_read_id: 1_000_000 }).where('user_id', '=', b).where('peer_id', '=', c).execute();
    await message(ctx, e, d, 'e-to-d-old');
    const cleared = await message(ctx, e, d, 'e-to-d-cleared');
    await message(ctx, e, d, 'e-to-d-new');
    await ctx.db.updateTable('conversations').set({ cleared_before_id: cleared.id }).where('user_id', '=', d).where('peer_id', '=', e).execute();
    // a blocked e (both of them lose the conversation); f is suspended (gone from lists while it lasts).
    await ctx.db.insertInto('blocks').values({ blocker_id: a, blocked_id: e, created_at: ctx.now() }).execute();
    await message(ctx, f, a, 'f-to-a');
    await ctx.db.updateTable('users').set({ status: UserStatus.suspended }).where('id', '=', f).execute();

    const batch = new CatchUpRepository(ctx.db);
    const conversations = new ConversationsRepository(ctx.db);
    const messages = new MessagesRepository(ctx.db);
    const ids = [a, b, c, d, e, f, lone];
    for (const limit of [1, 2, 200]) {
      const [summaries, contacts, unread, watchers] = await Promise.all([batch.summaries(ids), batch.contacts(ids, limit), batch.unreadMessages(ids, limit), batch.watchers(ids)]);
      for (const id of ids) {
        expect(contacts.get(id) ?? []).toEqual(await conversations.listContacts(id, limit));
        expect(unread.get(id) ?? []).toEqual(await messages.unreadFor(id, limit));
        expect(summaries.get(id)?.unread ?? 0).toBe(await conversations.totalUnread(id));
        expect([...(watchers.get(id) ?? [])].sort()).toEqual((await conversations.watchersOf(id)).sort());
      }
    }
    // What makes this test mean something: the world has each case.
    expect((await conversations.listContacts(a, 200)).length).toBeGreaterThan(1);
    // b's three are behind a's own reply (the read mark moved), e's are behind the block.
    expect((await messages.unreadFor(a, 200)).map((m) => m.content)).toEqual(['f-to-a', 'to-a-0', 'to-a-1', 'to-a-0']);
    expect((await messages.unreadFor(d, 200)).map((m) => m.content)).toEqual(['e-to-d-new', 'c-to-d']);
    // The badge counts what the list shows: c's 2 and d's 1, not blocked e's, not suspended f's.
    expect(await conversations.totalUnread(a)).toBe(3);
    expect(await batch.summaries([lone])).toEqual(new Map());
  }, 60_000);

  it('gives several members connecting at once each exactly their own catch-up, the one they get alone', async () => {
    const ctx = await startApp();
    const sender = await buildVip(ctx, 2, { sex: 1 });
    const readers = await Promise.all(Array.from({ length: 12 }, () => buildVip(ctx, 2)));
    const strangers = await Promise.all(Array.from({ length: 4 }, () => buildUser(ctx)));
    const { socket } = await connectMember(ctx, sender.token);
    for (const [i, reader] of readers.entries()) for (let n = 0; n <= i % 3; n++) await sayOk(socket, reader.user.id, `for ${reader.user.username} #${n}`);

    const everyone = [...readers, ...strangers];
    const batches = vi.spyOn(CatchUpRepository.prototype, 'summaries');
    const together = await Promise.all(everyone.map((m) => connectMember(ctx, m.token)));
    // They were read together (not one batch each), yet each got only their own.
    expect(batches.mock.calls.length).toBeLessThan(everyone.length);
    expect(batches.mock.calls.flatMap(([ids]) => ids).sort()).toEqual(everyone.map((m) => m.user.id).sort());
    batches.mockRestore();
    const alone = [];
    for (const m of everyone) alone.push(await connectMember(ctx, m.token));

    const shown = ({ contacts }: (typeof together)[number]) => ({ uid: contacts.uid, contacts: contacts.contacts, messages: contacts.messages, unread: contacts.unread, more: contacts.more });
    for (const [i, m] of everyone.entries()) {
      const got = shown(together[i]!);
      expect(got).toEqual(shown(alone[i]!));
      expect(got.uid).toBe(m.user.id);
      if (i < readers.length) {
        expect(got.messages.map((x) => x.content)).toEqual(Array.from({ length: (i % 3) + 1 }, (_, n) => `for ${m.user.username} #${n}`));
        expect(got.unread).toBe((i % 3) + 1);
        expect(got.contacts.map((x) => x.uid)).toEqual([sender.user.id]);
      } else expect(got).toMatchObject({ contacts: [], messages: [], unread: 0 });
    }
  }, 60_000);
});

describe('the catch-up loader', () => {
  it('answers every catch-up of a failed batch with its error, and reads the next batch afresh', async () => {
    let calls = 0;
    const failing = {
      async summaries(ids: readonly number[]) {
        calls += 1;
        if (calls === 1) throw new Error('database away');
        return new Map(ids.map((id) => [id, { unread: id, visibleSides: 0, unreadSides: 0 }]));
      },
      contacts: async () => new Map(),
      unreadMessages: async () => new Map(),
      watchers: async () => new Map(),
    } as unknown as CatchUpRepository;
    const loader = new CatchUpLoader(failing);

    const first = await Promise.allSettled([loader.load(1), loader.load(2), loader.load(2), loader.load(3)]);
    expect(first.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected', 'rejected']);
    expect(first.map((r) => (r as PromiseRejectedResult).reason.message)).toEqual(Array(4).fill('database away'));
    expect(calls).toBe(1);

    const second = await Promise.all([loader.load(1), loader.load(4)]);
    expect(second.map((r) => r.unread)).toEqual([1, 4]);
    expect(calls).toBe(2);
  });

  it('reads the members asked for in one turn with one statement per part, and only the parts they need', async () => {
    const asked: string[] = [];
    const repository = {
      async summaries(ids: readonly number[]) {
        asked.push(`summaries ${ids.join(',')}`);
        return new Map([
          [1, { unread: 2, visibleSides: 1, unreadSides: 1 }],
          [2, { unread: 0, visibleSides: 1, unreadSides: 0 }],
        ]);
      },
      async contacts(ids: readonly number[]) {
        asked.push(`contacts ${ids.join(',')}`);
        return new Map();
      },
      async unreadMessages(ids: readonly number[]) {
        asked.push(`unread ${ids.join(',')}`);
        return new Map();
      },
    } as unknown as CatchUpRepository;
    const loader = new CatchUpLoader(repository);
    const rows = await Promise.all([1, 2, 3].map((id) => loader.load(id)));
    expect(asked).toEqual(['summaries 1,2,3', 'contacts 1,2', 'unread 1']);
    expect(rows.map((r) => r.unread)).toEqual([2, 0, 0]);
  });
});
