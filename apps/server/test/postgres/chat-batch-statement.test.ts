import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { chatBatchStatement, type NewChatMessage } from '../../src/db/chat-batch-statement.js';
import type { Database } from '../../src/db/schema.js';
import { inTransaction } from '../../src/db/transaction.js';
import { BlocksRepository } from '../../src/modules/blocks/blocks.repository.js';
import { BlocksService } from '../../src/modules/blocks/blocks.service.js';
import { ConversationsRepository } from '../../src/modules/chat/conversations.repository.js';
import { FreeChatsRepository } from '../../src/modules/chat/free-chats.repository.js';
import { MessageWriter, type PendingMessage } from '../../src/modules/chat/message-writer.js';
import { MessagesRepository } from '../../src/modules/chat/messages.repository.js';
import { UsersRepository } from '../../src/modules/users/users.repository.js';
import type { Member } from '../../src/domain/member.js';
import { buildVip } from '../helpers/chat.js';
import { buildUser, type UserOverrides } from '../helpers/factories.js';
import { startApp, useSharedApp, type TestApp } from '../helpers/test-app.js';

// PostgreSQL only: the server-sqlite project excludes this folder (vitest.config.ts).
const app = useSharedApp();
const atOnce = chatBatchStatement('postgres')!;
let seq = 0;
const none = (rows: unknown[]) => rows.map(() => false);

const message = (from: number, to: number, content: string, now = 1_000 + ++seq): NewChatMessage => ({
  sender_id: from,
  reciver_id: to,
  type: 'text',
  content,
  img: '',
  client_id: `s-${++seq}`,
  created_at: now,
});

/** The portable way (MessageWriter in a transaction), for senders no chat rule can refuse. */
function portable(ctx: TestApp, rows: NewChatMessage[]) {
  const users = new UsersRepository(ctx.db);
  const writer = new MessageWriter(
    ctx.db,
    new ConversationsRepository(ctx.db),
    new MessagesRepository(ctx.db),
    new FreeChatsRepository(ctx.db),
    users,
    async () => 3,
    new BlocksService(ctx.db, new BlocksRepository(ctx.db), users),
  );
  const pending: PendingMessage[] = rows.map((r) => ({
    senderId: r.sender_id,
    peerId: r.reciver_id,
    body: { type: r.type, content: r.content, img: r.img },
    clientId: r.client_id,
    rights: null,
    now: r.created_at,
  }));
  return inTransaction(ctx.db, ({ trx }) => writer.writeWithin(trx, pending));
}

async function people(ctx: TestApp, n: number, overrides: UserOverrides = {}): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) ids.push((await buildUser(ctx, overrides)).user.id);
  return ids;
}

/** These members' conversation sides and messages, by position in `ids` and by content instead of ids. */
async function world(ctx: TestApp, ids: number[]) {
  const messages = await ctx.db.selectFrom('messages').selectAll().where('sender_id', 'in', ids).orderBy('id').execute();
  const content = (id: number | null) => (id === null || id === 0 ? id : messages.find((m) => m.id === id)?.content);
  const sides = await ctx.db.selectFrom('conversations').selectAll().where('user_id', 'in', ids).orderBy('user_id').orderBy('peer_id').execute();
  return {
    messages: messages.map((m) => [ids.indexOf(m.sender_id), ids.indexOf(m.reciver_id), m.content, m.created_at]),
    sides: sides.map((s) => ({
      user: ids.indexOf(s.user_id),
      peer: ids.indexOf(s.peer_id),
      unread: s.unread,
      hidden: s.hidden,
      cleared: content(s.cleared_before_id),
      last: content(s.last_message_id),
      read: content(s.last_read_id),
      updated_at: s.updated_at,
    })),
  };
}

describe('a chat batch in one statement (PostgreSQL)', () => {
  it('leaves the messages and conversation sides the portable transaction leaves', async () => {
    const ctx = app();
    type Step = [number, number, string][];
    const script: Step[] = [
      [[0, 1, 'hello']],
      [
        [1, 0, 'hi'],
        [0, 1, 'how are you'],
        [2, 0, 'me too'],
        [0, 2, 'and you'],
        [1, 0, 'fine'],
        [3, 1, 'new here'],
      ],
      [[2, 0, 'after the delete']],
    ];
    /** The same script through `write`, with member 0 deleting the conversation with 2 before the last step. */
    const play = async (write: (ctx: TestApp, rows: NewChatMessage[]) => Promise<unknown>) => {
      const ids = await people(ctx, 4);
      let clock = 50_000;
      for (const [i, step] of script.entries()) {
        if (i === script.length - 1) await new ConversationsRepository(ctx.db).hide(ids[0]!, ids[2]!);
        await write(ctx, step.map(([from, to, content]) => message(ids[from]!, ids[to]!, content, ++clock)));
      }
      return world(ctx, ids);
    };

    const ours = await play((ctx, rows) => atOnce(ctx.db, rows, none(rows), Math.max(...rows.map((r) => r.created_at))));
    const theirs = await play(portable);

    expect(ours).toEqual(theirs);
    expect(ours.sides).toContainEqual(expect.objectContaining({ user: 0, peer: 2, hidden: 0, cleared: 'and you', last: 'after the delete', unread: 1 }));
    expect(ours.sides).toContainEqual(expect.objectContaining({ user: 1, peer: 0, unread: 2, last: 'fine', read: 'fine' }));
  });

  it('answers the stored rows in the order given, their ids in that order too', async () => {
    const ctx = app();
    const ids = await people(ctx, 6);
    const rows = Array.from({ length: 128 }, (_, i) => message(ids[i % 6]!, ids[(i * 5 + 1) % 6 === i % 6 ? (i + 1) % 6 : (i * 5 + 1) % 6]!, `m${i}`));

    const stored = (await atOnce(ctx.db, rows, none(rows), 9_999))!;

    expect(stored.map((m) => m.content)).toEqual(rows.map((r) => r.content));
    expect(stored.map((m) => m.id)).toEqual([...stored.map((m) => m.id)].sort((a, b) => a - b));
    expect(stored[0]).toEqual({ ...rows[0], id: expect.any(Number) });
  });

  it.each<[string, (ctx: TestApp, me: number, other: number) => Promise<number>]>([
    ['to the sender', async (_, me) => me],
    ['to nobody', async () => 2_000_000_000],
    ['to a pending member', async (ctx) => (await people(ctx, 1, { status: 2 }))[0]!],
    ['to a disabled member', async (ctx) => (await people(ctx, 1, { status: 3 }))[0]!],
    ['to a suspended member', async (ctx) => (await people(ctx, 1, { status: 4 }))[0]!],
    ['to an administrator', async (ctx) => (await people(ctx, 1, { role: 'admin' }))[0]!],
    ['to a member the sender blocked', async (ctx, me, other) => (await block(ctx, me, other), other)],
    ['to a member who blocked the sender', async (ctx, me, other) => (await block(ctx, other, me), other)],
  ])('stores nothing of a batch with a message %s, and answers undefined', async (_, recipient) => {
    const ctx = app();
    const [me, other, third] = await people(ctx, 3);
    await atOnce(ctx.db, [message(me!, third!, 'before')], [false], 1);
    const before = await world(ctx, [me!, other!, third!]);
    const refused = await recipient(ctx, me!, other!);

    expect(await atOnce(ctx.db, [message(me!, third!, 'fine'), message(me!, refused, 'refused'), message(third!, me!, 'fine too')], [false, false, false], 2)).toBeUndefined();
    expect(await world(ctx, [me!, other!, third!])).toEqual(before);
  });

  it('takes a message marked onlyContinuing only in a conversation someone already wrote in', async () => {
    const ctx = app();
    const [me, her, him] = await people(ctx, 3);
    const stored = () => ctx.db.selectFrom('messages').select('content').where('sender_id', '=', me!).orderBy('id').execute();

    // Nobody wrote to her yet: starting, which the statement leaves to the rules.
    expect(await atOnce(ctx.db, [message(me!, her!, 'first')], [true], 1)).toBeUndefined();
    // Not even behind an earlier message of the same batch (the rules see that one; the statement is cautious).
    expect(await atOnce(ctx.db, [message(her!, me!, 'hi'), message(me!, her!, 'reply')], [false, true], 1)).toBeUndefined();
    expect(await stored()).toEqual([]);

    await atOnce(ctx.db, [message(her!, me!, 'hi')], [false], 2);
    await atOnce(ctx.db, [message(him!, me!, 'hey')], [false], 2);
    // He wrote first; she too, and then I deleted our conversation (its last message stays): both continue.
    await new ConversationsRepository(ctx.db).hide(me!, her!);
    const answered = await atOnce(ctx.db, [message(me!, her!, 'back'), message(me!, him!, 'yo')], [true, true], 3);
    expect(answered?.map((m) => m.content)).toEqual(['back', 'yo']);
  });

  it('stores any text as given, whatever an array literal would make of it', async () => {
    const ctx = app();
    const [me, her] = await people(ctx, 2);
    const texts = ['NULL', '', 'a "quoted" {brace}, comma', 'back\\slash \\"', "it's\nnew line\ttab", '😀 表情 ,{}', ' spaced '];
    const rows = texts.map((t, i) => ({ ...message(me!, her!, `x${i}`), content: t }));

    const stored = (await atOnce(ctx.db, rows, none(rows), 5))!;

    expect(stored.map((m) => m.content)).toEqual(texts);
    const read = await ctx.db.selectFrom('messages').select('content').where('sender_id', '=', me!).orderBy('id').execute();
    expect(read.map((m) => m.content)).toEqual(texts);
  });

  it('writes to the support account, whatever its status', async () => {
    const ctx = app();
    const [me] = await people(ctx, 1);
    const [support] = await people(ctx, 1, { role: 'support', status: 3 });
    expect((await atOnce(ctx.db, [message(me!, support!, 'help')], [false], 1))?.map((m) => m.content)).toEqual(['help']);
  });

  it('is one SQL text whatever the batch’s size (one prepared statement per connection)', async () => {
    const ctx = app();
    const ids = await people(ctx, 3);
    const texts = new Set<string>();
    const url = ctx.config.database.kind === 'postgres' ? ctx.config.database.url : '';
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) }), log: (event) => void texts.add(event.query.sql) });
    onTestFinished(() => db.destroy());
    texts.clear();

    for (const size of [1, 2, 7, 40]) {
      const rows = Array.from({ length: size }, (_, i) => message(ids[i % 3]!, ids[(i + 1) % 3]!, `x${size}-${i}`));
      expect(await atOnce(db, rows, none(rows), size)).toHaveLength(size);
    }

    expect(texts.size).toBe(1);
  });
});

function block(ctx: TestApp, blocker: number, blocked: number) {
  return ctx.db.insertInto('blocks').values({ blocker_id: blocker, blocked_id: blocked, created_at: 1 }).execute();
}

describe('the chat writer on PostgreSQL', () => {
  it('writes a free member’s continuation in one statement and a start the rules’ way, which takes a free chat', async () => {
    const ctx = await startApp({ env: { CHAT_WRITER: 'inline', FREE_CHATS: '2' } });
    const [free, vip] = await Promise.all([buildUser(ctx, { sex: 0 }), buildVip(ctx, 1, { sex: 1 })]).then((built) =>
      Promise.all(built.map(async (b) => (await ctx.services.auth.authenticate(b.token))!)),
    );
    const steps = vi.spyOn(ConversationsRepository.prototype, 'touchMany');
    const send = (from: Member, to: Member, content: string) =>
      ctx.services.chat.send(from, { uid: to.id, client_id: `c-${content}`, type: 'text', content, img: '' });
    const freeChatsUsed = async () => (await ctx.services.repositories.users.findById(free!.id))!.free_chats_used;

    await send(free!, vip!, 'a start');
    expect(steps).toHaveBeenCalledTimes(1);
    expect(await freeChatsUsed()).toBe(1);

    await send(vip!, free!, 'a reply');
    await send(free!, vip!, 'going on');
    expect(steps).toHaveBeenCalledTimes(1);
    expect(await freeChatsUsed()).toBe(1);
    expect((await ctx.db.selectFrom('messages').select('content').where('sender_id', 'in', [free!.id, vip!.id]).orderBy('id').execute()).map((m) => m.content)).toEqual([
      'a start',
      'a reply',
      'going on',
    ]);
  });
});
