import { ERRORS } from '@kindred/protocol';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { Member } from '../src/domain/member.js';
import { DomainError } from '../src/errors.js';
import { MessageWriterThread } from '../src/modules/chat/message-writer-thread.js';
import type { PendingMessage } from '../src/modules/chat/message-writer.js';
import { buildVip } from './helpers/chat.js';
import { startApp, type TestApp } from './helpers/test-app.js';

/**
 * The chat's messages are written by a thread with connections of its own to the database
 * (modules/chat/message-writer-thread.ts); chat-batch.test.ts checks it leaves the rows the event
 * loop's writer leaves, and the chat tests all run through it. Here: what crossing a thread adds
 * (errors, closing, a thread that dies).
 */

const text = (uid: number, content: string) => ({ uid, client_id: `c-${content}`, type: 'text' as const, content, img: '' });

async function pair(ctx: TestApp): Promise<[Member, Member]> {
  const built = [await buildVip(ctx, 1, { sex: 0 }), await buildVip(ctx, 1, { sex: 1 })];
  const [a, b] = await Promise.all(built.map(async (m) => (await ctx.services.auth.authenticate(m.token))!));
  return [a!, b!];
}

/** A text as ChatService hands it to the writer (rules already decided: exempt). */
const pendingText = (from: Member, to: Member, content: string): PendingMessage => ({
  senderId: from.id,
  peerId: to.id,
  body: { type: 'text', content, img: '' },
  clientId: `c-${content}`,
  rights: null,
  now: Date.now(),
});

describe('the chat’s writer thread', () => {
  it('answers a refusal with the error the member would have had in-process: its id, its class, its data', async () => {
    const ctx = await startApp();
    const [her, him] = await pair(ctx);
    await ctx.services.blocks.block(her, him.id);

    const refused = await ctx.services.chat.send(him, text(her.id, 'hello')).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ id: 'blocked_by_member', http: ERRORS.blocked_by_member.http, data: null });
    // The process's own connection sees what the thread committed as soon as a send is answered.
    const sent = await ctx.services.chat.send(her, text(him.id, 'after unblocking')).catch((error: unknown) => error);
    expect(sent).toMatchObject({ id: 'member_blocked' });
    await ctx.services.blocks.unblock(her, him.id);
    const stored = await ctx.services.chat.send(her, text(him.id, 'now'));
    expect(await ctx.db.selectFrom('messages').select('content').where('id', '=', stored.message.id).executeTakeFirst()).toEqual({ content: 'now' });
  });

  it('closes once every message handed to it is answered, then refuses new ones', async () => {
    const ctx = await startApp();
    const [her, him] = await pair(ctx);
    const writer = new MessageWriterThread(ctx.db, { database: ctx.config.database, freeChats: 3 });
    const sends = Array.from({ length: 20 }, (_, i) => writer.submit(pendingText(i % 2 ? her : him, i % 2 ? him : her, `m${i}`)));

    await writer.close();

    const sent = await Promise.all(sends);
    const stored = await ctx.db.selectFrom('messages').select(['id', 'content']).where('sender_id', 'in', [her.id, him.id]).orderBy('id').execute();
    expect(stored).toEqual(sent.map((m) => ({ id: m.id, content: m.content })));
    expect(stored.map((m) => m.content)).toEqual(Array.from({ length: 20 }, (_, i) => `m${i}`));
    await expect(writer.submit(pendingText(her, him, 'too late'))).rejects.toThrow(/closed/);
  });

  it('fails the messages waiting when the thread cannot run, and the next message starts a new one', async () => {
    const ctx = await startApp();
    const [her, him] = await pair(ctx);
    // A file under a regular file: the thread's connection cannot be opened.
    const writer = new MessageWriterThread(ctx.db, { database: { kind: 'sqlite', file: '/dev/null/kindred.sqlite' }, freeChats: 3 });
    onTestFinished(() => writer.close());
    // The thread's own error (mkdir of the file's folder), each time a new thread tried.
    await expect(writer.submit(pendingText(her, him, 'x'))).rejects.toThrow(/EEXIST|ENOTDIR/);
    await expect(writer.submit(pendingText(her, him, 'y'))).rejects.toThrow(/EEXIST|ENOTDIR/);
    await expect(writer.close()).resolves.toBeUndefined();
  });
});
