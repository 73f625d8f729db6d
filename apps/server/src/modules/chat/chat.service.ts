import {
  chatTextAccepted,
  CHAT_LIMITS,
  RESTRICTED_ADDRESSES,
  SUPPORT_ACCOUNT_ID,
  UserStatus,
  badgeCount,
  LIMITS,
  type ChatAddress,
  type ConversationWire,
  type MessageWire,
  type PermissionFlag,
} from '@kindred/protocol';
import DataLoader from 'dataloader';
import type { Db, Tx } from '../../db/database.js';
import { isUniqueViolation } from '../../db/dialect.js';
import { GroupCommit } from '../../db/group-commit.js';
import type { MessageRow, UserRow } from '../../db/schema.js';
import { contentEmpty, DomainError, imageNotOwned, needUpgrade, noFreeChat, userNotFound, validationFailed } from '../../errors.js';
import type { Member } from '../auth/member.js';
import { ownsImage } from '../uploads/ownership.js';
import type { UsersRepository } from '../users/users.repository.js';
import { presentContact, presentMessage, presentNewContact } from './chat.presenter.js';
import type { ConversationsRepository } from './conversations.repository.js';
import type { FreeChatsRepository } from './free-chats.repository.js';
import type { MessagesRepository } from './messages.repository.js';

/** Who is online (PresenceService): the chat list shows it. */
export interface OnlineLookup {
  onlineSet(userIds: readonly number[]): Promise<Set<number>>;
}

export interface ChatOptions {
  /** FREE_CHATS: conversations a member without Send_chat_messages_for_free may start. */
  freeChats: number;
}

export interface SendInput {
  uid: number;
  client_id: string;
  type: 'text' | 'img';
  content: string;
  img: string;
}

export interface Sent {
  message: MessageRow;
  /** The client_id had been stored before: this is a resend, nothing new was stored. */
  duplicate: boolean;
}

interface ChatRights {
  start: boolean;
  continues: boolean;
  free: boolean;
}

/** A message checked and waiting for its transaction; `rights` null: exempt from the chat rules. */
interface PendingMessage {
  member: Member;
  peerId: number;
  body: Pick<MessageRow, 'type' | 'content' | 'img'>;
  clientId: string;
  rights: ChatRights | null;
  now: number;
}

/** Messages written in one transaction at most, and such transactions at the same time (group commit). */
const MAX_BATCH = 64;
const WRITERS = 4;

/** A member one may chat with: an active member, or the support account. */
const isReachable = (peer: Pick<UserRow, 'role' | 'status'>) => peer.role === 'support' || (peer.role === 'member' && peer.status === UserStatus.active);

/** The stored message is the one `input` sends again: same recipient, same kind, same content (as stored: text trimmed). */
const isResend = (stored: MessageRow, input: SendInput) =>
  stored.reciver_id === input.uid && stored.type === input.type && (input.type === 'img' ? stored.img === input.img : stored.content === input.content.trim());

const pairKey = (m: PendingMessage) => [Math.min(m.member.id, m.peerId), Math.max(m.member.id, m.peerId)] as const;

export interface CatchUp {
  contacts: ConversationWire[];
  messages: MessageWire[];
  more: boolean;
  unread: number;
}

export interface Opened {
  contact: ConversationWire;
  messages: MessageWire[];
  more: boolean;
  /** Something was unread: the member's other devices should clear the badge. */
  wasUnread: boolean;
}

/**
 * The chat rules (docs/product-rules.md §6), for the live connection's handlers:
 * - the support account (id 2) is always reachable, and staff are never held back;
 * - a free member (vip 0) may not open a chat from the chat list or a trend (need_upgrade);
 * - starting a conversation needs Start_chat_dialog, writing in one that exists Continue_chat_dialog,
 *   reading one Read_chat_messages (without it messages arrive locked: no content);
 * - A FREE CHAT is one conversation a member without Send_chat_messages_for_free starts: the first
 *   message they send to a member with whom neither has written yet. Further messages in it,
 *   replies to a member who wrote first, and messages to support cost nothing; deleting a
 *   conversation does not give its free chat back. FREE_CHATS of them per account, ever; then
 *   starting another answers no_free_chat (kind 7) until the member upgrades.
 * Every message is stored (with both conversation sides) in one transaction before anyone hears of it.
 */
export class ChatService {
  private readonly writer: GroupCommit<PendingMessage, MessageRow>;
  /**
   * Messages another node announced, read by id: the ids heard in one turn of the event loop are
   * read in one query (not cached: each read is fresh, and memory stays flat).
   */
  private readonly announced: DataLoader<number, MessageRow | undefined>;

  constructor(
    private readonly db: Db,
    private readonly conversations: ConversationsRepository,
    private readonly messages: MessagesRepository,
    private readonly freeChats: FreeChatsRepository,
    private readonly users: UsersRepository,
    private readonly can: (member: Member, flag: PermissionFlag) => Promise<boolean>,
    private readonly presence: OnlineLookup,
    private readonly options: ChatOptions,
    private readonly now: () => number = Date.now,
  ) {
    this.writer = new GroupCommit(db, (trx, pending) => this.write(trx, pending), {
      maxBatch: MAX_BATCH,
      concurrency: WRITERS,
      writeMany: (trx, batch) => this.writeMany(trx, batch),
      order: (a, b) => {
        const [ka, kb] = [pairKey(a), pairKey(b)];
        return ka[0] - kb[0] || ka[1] - kb[1];
      },
    });
    this.announced = new DataLoader(
      async (ids) => {
        const rows = await this.messages.findByIds(ids);
        const byId = new Map(rows.map((m) => [m.id, m]));
        return ids.map((id) => byId.get(id));
      },
      { cache: false, maxBatchSize: 500, batchScheduleFn: (run) => setImmediate(run) },
    );
  }

  /** Whether this member reads messages from `peerId` (support's always; others need Read_chat_messages). */
  async canRead(member: Member, peerId?: number): Promise<boolean> {
    return peerId === SUPPORT_ACCOUNT_ID || (await this.can(member, 'Read_chat_messages'));
  }

  /** Kind 0: the chat list and the messages the client has not seen (unread, or everything after lastId). */
  async catchUp(member: Member, lastId?: number): Promise<CatchUp> {
    const [rows, unread] = await Promise.all([
      this.conversations.listContacts(member.id, CHAT_LIMITS.contactsMax),
      this.conversations.totalUnread(member.id),
    ]);
    const limit = CHAT_LIMITS.catchUpMax + 1;
    const found = lastId != null ? await this.messages.after(member.id, lastId, limit) : await this.messages.unreadFor(member.id, limit);
    const readsAll = await this.canRead(member);
    const online = await this.presence.onlineSet(rows.map((r) => r.peer_id));
    const now = this.now();
    return {
      contacts: rows.map((r) => presentContact(r, member, online.has(r.peer_id), now, !readsAll && r.peer_id !== SUPPORT_ACCOUNT_ID)),
      messages: found
        .slice(0, CHAT_LIMITS.catchUpMax)
        .reverse()
        .map((m) => presentMessage(m, this.lockedFor(member, m, readsAll))),
      more: found.length > CHAT_LIMITS.catchUpMax,
      unread: badgeCount(unread, LIMITS.unreadBadgeCap),
    };
  }

  /** Opt 0: the rules for opening, then the conversation read and its newest page. */
  async open(member: Member, peerId: number, address: ChatAddress): Promise<Opened> {
    const peer = await this.peer(member, peerId);
    const exempt = this.exempt(member, peer.id);
    if (!exempt && member.vip === 0 && RESTRICTED_ADDRESSES.includes(address)) throw needUpgrade();
    const row = await this.conversations.find(member.id, peer.id);
    if (!row) {
      // Nothing to read yet: tell the member now, not after they typed, that they cannot start it.
      if (!exempt) await this.admitStart(member);
      const online = await this.presence.onlineSet([peer.id]);
      return { contact: presentNewContact(peer, member, online.has(peer.id), this.now()), messages: [], more: false, wasUnread: false };
    }
    if (!(await this.canRead(member, peer.id))) throw needUpgrade();
    const wasUnread = await this.conversations.markRead(member.id, peer.id);
    const [contact, page] = await Promise.all([this.contact(member, peer.id), this.page(member, peer.id, row.cleared_before_id, undefined, CHAT_LIMITS.historyPage)]);
    return { contact: contact!, ...page, wasUnread };
  }

  /** Opt 3: the page of messages before `beforeId`. */
  async history(member: Member, peerId: number, beforeId: number | undefined, limit: number): Promise<{ messages: MessageWire[]; more: boolean }> {
    const peer = await this.peer(member, peerId);
    if (!(await this.canRead(member, peer.id))) throw needUpgrade();
    const row = await this.conversations.find(member.id, peer.id);
    if (!row) return { messages: [], more: false };
    return this.page(member, peer.id, row.cleared_before_id, beforeId, limit);
  }

  /** Opt 4: the open conversation's new messages were seen. Answers whether anything was unread. */
  markRead(member: Member, peerId: number): Promise<boolean> {
    return this.conversations.markRead(member.id, peerId);
  }

  /** Opt 5: gone from this member's list and history; the other side keeps everything. */
  async remove(member: Member, peerId: number): Promise<void> {
    if (!(await this.conversations.hide(member.id, peerId))) throw userNotFound();
  }

  /**
   * Opt 1. A resend (same client_id, same recipient and content) answers the stored message and
   * changes nothing: the insert meets the unique (sender, client_id) key, or a rule refuses what was
   * accepted before. A client_id already used for another recipient or content is refused: answering
   * the first message would tell the client a different one was delivered.
   */
  async send(member: Member, input: SendInput): Promise<Sent> {
    try {
      return { message: await this.store(member, input), duplicate: false };
    } catch (error) {
      if (isUniqueViolation(error) || error instanceof DomainError) {
        const stored = await this.messages.findByClientId(member.id, input.client_id);
        if (stored) {
          if (!isResend(stored, input)) throw validationFailed({ client_id: 'this client_id was already used for another message' });
          return { message: stored, duplicate: true };
        }
      }
      throw error;
    }
  }

  /**
   * The message and both sides of its conversation, in one transaction (shared with the messages
   * sent at the same moment: group commit). Whether the member starts the conversation
   * (Start_chat_dialog and a free chat) or continues it (Continue_chat_dialog) is decided on the
   * sender's row as the transaction found it, under its lock: two first messages at once cost one
   * free chat. Rows are locked lower user id first, pairs in ascending order, so two members writing
   * to each other at the same moment wait for each other instead of deadlocking (PostgreSQL).
   */
  private async store(member: Member, input: SendInput): Promise<MessageRow> {
    const peerId = input.uid;
    if (peerId === member.id) throw validationFailed({ uid: 'you cannot chat with yourself' });
    const body = this.body(member, input);
    // Decided before the transaction: nothing inside it may wait for another connection.
    const rights = this.exempt(member, peerId) ? null : await this.chatRights(member);
    return this.writer.submit({ member, peerId, body, clientId: input.client_id, rights, now: this.now() });
  }

  /**
   * The peer is looked up inside the transaction: on SQLite a read outside it would queue behind
   * the transaction being written, and messages would reach the next one one by one.
   */
  private async write(trx: Tx, { member, peerId, body, clientId, rights, now }: PendingMessage): Promise<MessageRow> {
    await this.peer(member, peerId, trx);
    const senderFirst = member.id < peerId;
    let message: MessageRow | undefined;
    const insert = () => this.messages.insert({ sender_id: member.id, reciver_id: peerId, ...body, client_id: clientId, created_at: now }, trx);
    if (!senderFirst) {
      message = await insert();
      await this.conversations.deliver(peerId, member.id, message.id, now, trx);
    }
    const before = await this.conversations.touchSenderSide(member.id, peerId, now, trx);
    if (rights) await this.admit(member, rights, before.last_message_id === null, trx);
    if (senderFirst) message = await insert();
    await this.conversations.setSent(member.id, peerId, message!.id, trx);
    if (senderFirst) await this.conversations.deliver(peerId, member.id, message!.id, now, trx);
    return message!;
  }

  /**
   * A batch of messages (group commit) in five statements whatever its size, leaving the rows that
   * `write` leaves item after item: peers checked, every conversation side touched (sorted, so the
   * locks are taken in one global order), the rules applied in the batch's order (a sender starts a
   * conversation only if nobody had written in it, before or earlier in the batch), the messages
   * stored, then each side's unread count, newest message and read mark settled. Anything refused
   * fails the batch, and the group commit then writes its items one by one, each with its own answer.
   */
  private async writeMany(trx: Tx, batch: PendingMessage[]): Promise<MessageRow[]> {
    const peers = await this.users.findStatuses([...new Set(batch.map((p) => p.peerId))], trx);
    const reachable = new Set(peers.filter(isReachable).map((p) => p.id));
    if (batch.some((p) => !reachable.has(p.peerId) || p.peerId === p.member.id)) throw userNotFound();
    const now = Math.max(...batch.map((p) => p.now));

    const sides = new Map<string, { user_id: number; peer_id: number; received: number; last_message_id: number; last_sent_id: number }>();
    const side = (userId: number, peerId: number) => {
      const key = `${userId}:${peerId}`;
      let found = sides.get(key);
      if (!found) sides.set(key, (found = { user_id: userId, peer_id: peerId, received: 0, last_message_id: 0, last_sent_id: 0 }));
      return found;
    };
    for (const p of batch) side(p.member.id, p.peerId), side(p.peerId, p.member.id);
    const ordered = [...sides.values()].sort((a, b) => a.user_id - b.user_id || a.peer_id - b.peer_id);

    const before = await this.conversations.touchMany(ordered, now, trx);
    const unwritten = new Set(before.filter((r) => r.last_message_id === null).map((r) => `${r.user_id}:${r.peer_id}`));
    for (const p of batch) {
      const starting = unwritten.has(`${p.member.id}:${p.peerId}`);
      unwritten.delete(`${p.member.id}:${p.peerId}`);
      unwritten.delete(`${p.peerId}:${p.member.id}`);
      if (p.rights) await this.admit(p.member, p.rights, starting, trx);
    }

    const stored = await this.messages.insertMany(
      batch.map((p) => ({ sender_id: p.member.id, reciver_id: p.peerId, ...p.body, client_id: p.clientId, created_at: p.now })),
      trx,
    );
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

  private async chatRights(member: Member): Promise<ChatRights> {
    const [start, continues, free] = await Promise.all([
      this.can(member, 'Start_chat_dialog'),
      this.can(member, 'Continue_chat_dialog'),
      this.can(member, 'Send_chat_messages_for_free'),
    ]);
    return { start, continues, free };
  }

  /** Starting needs Start_chat_dialog and, unless sending is free, one free chat (taken here); continuing needs Continue_chat_dialog. */
  private async admit(member: Member, rights: ChatRights, starting: boolean, trx: Tx): Promise<void> {
    if (!starting) {
      if (!rights.continues) throw needUpgrade();
      return;
    }
    if (!rights.start) throw needUpgrade();
    if (!rights.free && !(await this.freeChats.take(member.id, this.options.freeChats, trx))) throw noFreeChat();
  }

  /** Members with this one in their chat list (they hear of its presence changes). */
  watchersOf(userId: number): Promise<number[]> {
    return this.conversations.watchersOf(userId);
  }

  /** The message as this reader sees it. */
  present(reader: Member, message: MessageRow, readsAll: boolean): MessageWire {
    return presentMessage(message, this.lockedFor(reader, message, readsAll));
  }

  /** A stored message by id; reads asked for in the same turn share one query. */
  findMessage(id: number): Promise<MessageRow | undefined> {
    return this.announced.load(id);
  }

  async contact(member: Member, peerId: number): Promise<ConversationWire | undefined> {
    const row = await this.conversations.findContact(member.id, peerId);
    if (!row) return undefined;
    const online = await this.presence.onlineSet([peerId]);
    const locked = peerId !== SUPPORT_ACCOUNT_ID && !(await this.canRead(member));
    return presentContact(row, member, online.has(peerId), this.now(), locked);
  }

  private lockedFor(reader: Member, message: MessageRow, readsAll: boolean): boolean {
    return !readsAll && message.sender_id !== reader.id && message.sender_id !== SUPPORT_ACCOUNT_ID;
  }

  private async page(member: Member, peerId: number, clearedBeforeId: number, beforeId: number | undefined, limit: number) {
    const rows = await this.messages.page(member.id, peerId, { afterId: clearedBeforeId, beforeId, limit: limit + 1 });
    // The page is only reached once canRead passed, so nothing in it is locked.
    return { messages: rows.slice(0, limit).reverse().map((m) => presentMessage(m)), more: rows.length > limit };
  }

  /** Support is always reachable, and staff (support, administrators) are never held back. */
  private exempt(member: Member, peerId: number): boolean {
    return peerId === SUPPORT_ACCOUNT_ID || member.role !== 'member';
  }

  /** The other member: an active member or the support account, never oneself. */
  private async peer(member: Member, peerId: number, trx?: Tx): Promise<UserRow> {
    if (peerId === member.id) throw validationFailed({ uid: 'you cannot chat with yourself' });
    const peer = await this.users.findById(peerId, trx);
    if (!peer || !isReachable(peer)) throw userNotFound();
    return peer;
  }

  /** Opening a conversation that does not exist yet: Start_chat_dialog, and a free chat left unless sending is free. */
  private async admitStart(member: Member): Promise<void> {
    if (!(await this.can(member, 'Start_chat_dialog'))) throw needUpgrade();
    if (await this.can(member, 'Send_chat_messages_for_free')) return;
    if ((await this.freeChats.used(member.id)) >= this.options.freeChats) throw noFreeChat();
  }

  /** Never a blank text (chatTextAccepted); images only from the sender's own uploads. */
  private body(member: Member, input: SendInput): Pick<MessageRow, 'type' | 'content' | 'img'> {
    if (input.type === 'img') {
      if (!input.img || !ownsImage(member, input.img)) throw imageNotOwned();
      return { type: 'img', content: '', img: input.img };
    }
    const content = input.content.trim();
    if (!chatTextAccepted(content)) throw contentEmpty();
    return { type: 'text', content, img: '' };
  }
}
