import { isReachable } from '@kindred/protocol';
import type { ChatBatchStatement } from '../../db/chat-batch-statement.js';
import type { Db, Tx } from '../../db/database.js';
import { GroupCommit } from '../../db/group-commit.js';
import type { MessageRow } from '../../db/schema.js';
import { fail } from '../../errors.js';
import type { BlockCheck } from '../blocks/blocks.service.js';
import type { UsersRepository } from '../users/users.repository.js';
import type { ConversationsRepository } from './conversations.repository.js';
import type { FreeChatsRepository } from './free-chats.repository.js';
import type { MessagesRepository } from './messages.repository.js';

/** What the sender's level allows, read before the transaction (nothing inside it may wait on another connection). */
export interface ChatRights {
  start: boolean;
  continues: boolean;
  free: boolean;
}

/** A message checked and waiting for its transaction; `rights` null: exempt from the chat rules. */
export interface PendingMessage {
  /** The sender's id: all the writer needs of the member (a pending message crosses to the writer thread). */
  senderId: number;
  peerId: number;
  body: Pick<MessageRow, 'type' | 'content' | 'img'>;
  clientId: string;
  rights: ChatRights | null;
  now: number;
}

/** One side of a conversation as the batch leaves it: messages received, newest message, newest sent (0: none). */
interface Side {
  user_id: number;
  peer_id: number;
  received: number;
  last_message_id: number;
  last_sent_id: number;
}

/** A sender some chat rule could refuse: one who may not start, continue or send for free (staff are exempt: null). */
const mayBeRefused = (p: PendingMessage) => !!p.rights && !(p.rights.start && p.rights.continues && p.rights.free);

/**
 * A message the one-statement batch takes only as a continuation: starting its conversation could
 * cost its sender a free chat or need a right they lack. A sender who may not continue at all
 * always goes the transaction's way.
 */
const onlyContinuing = (p: PendingMessage) => !!p.rights && !(p.rights.start && p.rights.free);
const mayNotContinue = (p: PendingMessage) => !!p.rights && !p.rights.continues;

const latest = (batch: PendingMessage[]) => Math.max(...batch.map((p) => p.now));

// No spread of the body: one hidden class for every row (see SendChatMessage's transform).
const toRow = (p: PendingMessage) => ({ sender_id: p.senderId, reciver_id: p.peerId, type: p.body.type, content: p.body.content, img: p.body.img, client_id: p.clientId, created_at: p.now });

/**
 * Messages written in one transaction at most, and such transactions at the same time (group
 * commit, pipelined: each starts once the one before has stored its messages, and on PostgreSQL
 * their commits overlap the next ones' statements; a batch that touches conversations an earlier
 * one holds waits for its commit on the rows' locks).
 */
const MAX_BATCH = 128;
export const WRITERS = 4;

/**
 * Stores chat messages with both sides of their conversations, one transaction shared by the
 * messages sent at the same moment (group commit), in statements whose number does not grow with
 * the batch: peers checked, every conversation side touched (sorted, so locks are taken in one
 * global order and two members writing to each other wait instead of deadlocking on PostgreSQL),
 * the rules applied in the batch's order (a sender starts a conversation only if nobody had
 * written in it, before or earlier in the batch: decided on the rows as the transaction found
 * them, under their locks, so two first messages at once cost one free chat; skipped when no
 * sender of the batch could be refused), the messages stored, then each side's unread count, newest
 * message and read mark settled (sorted too). A message alone is a batch
 * of one. Anything refused fails the batch, and the group commit then writes its items one by one,
 * each with its own answer.
 */
export class MessageWriter {
  private readonly commit: GroupCommit<PendingMessage, MessageRow>;

  constructor(
    db: Db,
    private readonly conversations: ConversationsRepository,
    private readonly messages: MessagesRepository,
    private readonly freeChats: FreeChatsRepository,
    private readonly users: UsersRepository,
    /** Conversations a member without Send_chat_messages_for_free may start (ChatOptions.freeChats). */
    private readonly freeChatLimit: (trx?: Tx) => Promise<number>,
    private readonly blocks: Pick<BlockCheck, 'assertNoneBlocked'>,
    /** The database's one-statement batch (db/chat-batch-statement.ts), where it has one. */
    atOnce?: ChatBatchStatement,
  ) {
    this.commit = new GroupCommit(db, async (trx, pending) => (await this.write(trx, [pending]))[0]!, {
      // Its committed items are kindred_chat_messages_total (infra/metrics.ts, CHAT_WRITER).
      name: 'chat',
      maxBatch: MAX_BATCH,
      concurrency: WRITERS,
      // A sender's messages are stored in the order sent, though a socket no longer waits for one
      // commit before its next message: the next batch starts once this one's rows have their ids.
      pipelined: true,
      writeMany: (trx, batch, ordered) => this.write(trx, batch, ordered),
      // No reordering within a batch: the messages take their ids in the order they arrived, so a
      // sender's messages to different members keep their order too. The locks are still taken in
      // one global order: the sides' statements are sorted (write).
      // The statement checks the recipients, the blocks and, for senders who would pay for starting
      // a conversation or may not start one, that each message continues one; whatever else a rule
      // could refuse goes the transaction's way.
      writeAtOnce:
        atOnce && ((batch) => (batch.some(mayNotContinue) ? Promise.resolve(undefined) : atOnce(db, batch.map(toRow), batch.map(onlyContinuing), latest(batch)))),
    });
  }

  /** Resolves with the stored message once its transaction committed. */
  submit(pending: PendingMessage): Promise<MessageRow> {
    return this.commit.submit(pending);
  }

  /**
   * Messages as part of a caller's larger transaction (gifts': the charges, the sends and their
   * messages commit or roll back together), answered in the order given; the caller announces them
   * once that transaction committed.
   */
  writeWithin(trx: Tx, pending: PendingMessage[]): Promise<MessageRow[]> {
    return this.write(trx, pending);
  }

  /** `idsTaken` is told once the messages have their ids (the group commit may then start the next batch). */
  private async write(trx: Tx, batch: PendingMessage[], idsTaken?: () => void): Promise<MessageRow[]> {
    // Peers are read inside the transaction: on SQLite a read outside it would queue behind the
    // transaction being written, and messages would reach the next one one by one.
    const peers = await this.users.findStatuses([...new Set(batch.map((p) => p.peerId))], trx);
    const reachable = new Set(peers.filter(isReachable).map((p) => p.id));
    if (batch.some((p) => !reachable.has(p.peerId) || p.peerId === p.senderId)) throw fail('user_not_found');
    // Inside the transaction, not before the send is queued: a read per send ahead of the queue would
    // let sends overtake each other on PostgreSQL's pool, and the batch's order is the rules' order.
    await this.blocks.assertNoneBlocked(batch.map((p) => [p.senderId, p.peerId] as const), trx);
    const now = latest(batch);

    const sides = new Map<string, Side>();
    const side = (userId: number, peerId: number) => {
      const key = `${userId}:${peerId}`;
      let found = sides.get(key);
      if (!found) sides.set(key, (found = { user_id: userId, peer_id: peerId, received: 0, last_message_id: 0, last_sent_id: 0 }));
      return found;
    };
    for (const p of batch) side(p.senderId, p.peerId), side(p.peerId, p.senderId);
    const ordered = [...sides.values()].sort((a, b) => a.user_id - b.user_id || a.peer_id - b.peer_id);

    // Whether a message starts its conversation only matters to a sender some rule could refuse;
    // a batch of senders who may start, continue and send for free (or are exempt) skips the
    // statement that reads and locks the sides first: settleMany leaves the same rows, and the
    // sides' locks are then held from it to the commit only.
    if (batch.some(mayBeRefused)) {
      const before = await this.conversations.touchMany(ordered, now, trx);
      const unwritten = new Set(before.filter((r) => r.last_message_id === null).map((r) => `${r.user_id}:${r.peer_id}`));
      for (const p of batch) {
        const starting = unwritten.has(`${p.senderId}:${p.peerId}`);
        unwritten.delete(`${p.senderId}:${p.peerId}`);
        unwritten.delete(`${p.peerId}:${p.senderId}`);
        if (p.rights) await this.admit(p.senderId, p.rights, starting, trx);
      }
    }

    const stored = await this.messages.insertMany(batch.map(toRow), trx);
    idsTaken?.();
    for (const m of stored) {
      const sent = side(m.sender_id, m.reciver_id);
      sent.last_message_id = Math.max(sent.last_message_id, m.id);
      sent.last_sent_id = Math.max(sent.last_sent_id, m.id);
      const received = side(m.reciver_id, m.sender_id);
      received.received += 1;
      received.last_message_id = Math.max(received.last_message_id, m.id);
    }
    await this.conversations.settleMany(ordered, now, trx);
    return stored;
  }

  /** Starting needs Start_chat_dialog and, unless sending is free, one free chat (taken here); continuing needs Continue_chat_dialog. */
  private async admit(senderId: number, rights: ChatRights, starting: boolean, trx: Tx): Promise<void> {
    if (!starting) {
      if (!rights.continues) throw fail('need_upgrade');
      return;
    }
    if (!rights.start) throw fail('need_upgrade');
    if (!rights.free && !(await this.freeChats.take(senderId, await this.freeChatLimit(trx), trx))) throw fail('no_free_chat');
  }
}
