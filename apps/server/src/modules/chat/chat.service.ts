import {
  badgeCount,
  chatTextAccepted,
  CHAT_LIMITS,
  exemptFromLevelRules,
  isReachable,
  LIMITS,
  mayOpenChatFrom,
  opensMessageFrom,
  type ChatAddress,
  type ConversationWire,
  type MessageWire,
} from '@kindred/protocol';
import DataLoader from 'dataloader';
import type { ChatBatchStatement } from '../../db/chat-batch-statement.js';
import type { Db, Tx } from '../../db/database.js';
import { isUniqueViolation } from '../../db/dialect.js';
import type { MessageRow, UserRow } from '../../db/schema.js';
import type { Can, Member } from '../../domain/member.js';
import { DomainError, fail, validationFailed } from '../../errors.js';
import type { BlockCheck } from '../blocks/blocks.service.js';
import { ownsImage } from '../uploads/ownership.js';
import type { UsersRepository } from '../users/users.repository.js';
import { catchUpLoaderFor, type CatchUpRows } from './catch-up.loader.js';
import { presentContact, presentMessage, presentNewContact } from './chat.presenter.js';
import type { ConversationsRepository } from './conversations.repository.js';
import type { FreeChatsRepository } from './free-chats.repository.js';
import { MessageWriter, type ChatRights, type PendingMessage } from './message-writer.js';
import type { MessagesRepository } from './messages.repository.js';

/** Who is online (PresenceService): the chat list shows it. */
export interface OnlineLookup {
  onlineSet(userIds: readonly number[]): Promise<Set<number>>;
}

export interface ChatOptions {
  /**
   * Conversations a member without Send_chat_messages_for_free may start: FREE_CHATS until staff
   * change it in the console (admin settings, read through a short cache on every node). Inside a
   * write, the read joins its transaction (`trx`): on SQLite one outside it would wait for it.
   */
  freeChats: (trx?: Tx) => Promise<number>;
  /**
   * Where sent messages are written instead of this process's own writer: a thread with database
   * connections of its own (CHAT_WRITER=thread, message-writer-thread.ts), so their transactions
   * leave the event loop. The same rules apply there (it runs a MessageWriter of its own).
   */
  writer?: MessageSubmitter;
  /** The database's one-statement batch for this process's own writer (db/chat-batch-statement.ts). */
  atOnce?: ChatBatchStatement;
}

/** Writes a checked message with both sides of its conversation; resolves once committed. */
export interface MessageSubmitter {
  submit(pending: PendingMessage): Promise<MessageRow>;
  /** Once every message submitted is answered, releases what the writer holds (a thread, a connection). */
  close?(): Promise<void>;
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

/** The stored message is the one `input` sends again: same recipient, same kind, same content (as stored: text trimmed). */
const isResend = (stored: MessageRow, input: SendInput) =>
  stored.reciver_id === input.uid && stored.type === input.type && (input.type === 'img' ? stored.img === input.img : stored.content === input.content.trim());

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
  private readonly writer: MessageWriter;
  private readonly submitter: MessageSubmitter;
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
    private readonly can: Can,
    private readonly blocks: BlockCheck,
    private readonly presence: OnlineLookup,
    private readonly options: ChatOptions,
    private readonly now: () => number = Date.now,
  ) {
    this.writer = new MessageWriter(db, conversations, messages, freeChats, users, options.freeChats, blocks, options.atOnce);
    this.submitter = options.writer ?? this.writer;
    this.announced = new DataLoader(
      async (ids) => {
        const rows = await this.messages.findByIds(ids);
        const byId = new Map(rows.map((m) => [m.id, m]));
        return ids.map((id) => byId.get(id));
      },
      { cache: false, maxBatchSize: 500, batchScheduleFn: (run) => setImmediate(run) },
    );
  }

  /** Ends the writer once the messages submitted are answered (the app's close). */
  async close(): Promise<void> {
    await this.submitter.close?.();
  }

  /** Whether this member reads messages from `peerId` (support's always; others need Read_chat_messages). */
  async canRead(member: Member, peerId?: number): Promise<boolean> {
    return (peerId !== undefined && opensMessageFrom(peerId, false)) || (await this.can(member, 'Read_chat_messages'));
  }

  /** Kind 0: the chat list and the messages the client has not seen (unread, or everything after lastId). */
  async catchUp(member: Member, lastId?: number): Promise<CatchUp> {
    const limit = CHAT_LIMITS.catchUpMax + 1;
    let stored: CatchUpRows;
    // Without a resume point (every connect) the members connecting together are read together
    // (catch-up.loader.ts: one statement per part for all of them, the same rows as below).
    if (lastId == null) stored = await catchUpLoaderFor(this.db).load(member.id);
    else {
      const [contacts, total] = await Promise.all([this.conversations.listContacts(member.id, CHAT_LIMITS.contactsMax), this.conversations.totalUnread(member.id)]);
      stored = { contacts, unread: total, messages: await this.messages.after(member.id, lastId, limit) };
    }
    const { contacts: rows, unread, messages: found } = stored;
    const readsAll = await this.canRead(member);
    const online = await this.presence.onlineSet(rows.map((r) => r.peer_id));
    const now = this.now();
    return {
      contacts: rows.map((r) => presentContact(r, member, online.has(r.peer_id), now, !opensMessageFrom(r.peer_id, readsAll))),
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
    if (!mayOpenChatFrom(member, peer.id, address)) throw fail('need_upgrade');
    const exempt = exemptFromLevelRules(member, peer.id);
    const row = await this.conversations.find(member.id, peer.id);
    if (!row) {
      // Nothing to read yet: tell the member now, not after they typed, that they cannot start it.
      if (!exempt) await this.admitStart(member);
      const online = await this.presence.onlineSet([peer.id]);
      return { contact: presentNewContact(peer, member, online.has(peer.id), this.now()), messages: [], more: false, wasUnread: false };
    }
    if (!(await this.canRead(member, peer.id))) throw fail('need_upgrade');
    const wasUnread = await this.conversations.markRead(member.id, peer.id);
    const [contact, page] = await Promise.all([this.contact(member, peer.id), this.page(member, peer.id, row.cleared_before_id, undefined, CHAT_LIMITS.historyPage)]);
    return { contact: contact!, ...page, wasUnread };
  }

  /** Opt 3: the page of messages before `beforeId`. */
  async history(member: Member, peerId: number, beforeId: number | undefined, limit: number): Promise<{ messages: MessageWire[]; more: boolean }> {
    const peer = await this.peer(member, peerId);
    if (!(await this.canRead(member, peer.id))) throw fail('need_upgrade');
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
    if (!(await this.conversations.hide(member.id, peerId))) throw fail('user_not_found');
  }

  /**
   * Opt 1. A resend (same client_id, same recipient and content) answers the stored message and
   * changes nothing: the insert meets the unique (sender, client_id) key, or a rule refuses what was
   * accepted before. A client_id already used for another recipient or content is refused: answering
   * the first message would tell the client a different one was delivered.
   */
  async send(member: Member, input: SendInput): Promise<Sent> {
    return (await this.queue(member, input)).sent;
  }

  /**
   * Opt 1 without waiting for the commit: resolves once the message has its place in the writer's
   * queue (after the sender's earlier messages, before their later ones), with `sent` settling
   * after its transaction committed (or with the refusal). The live connection reads the next
   * frame meanwhile, so a socket's messages share transactions instead of one commit each.
   */
  async queue(member: Member, input: SendInput): Promise<{ sent: Promise<Sent> }> {
    let stored: Promise<MessageRow>;
    try {
      stored = (await this.submit(member, input)).row;
    } catch (error) {
      stored = Promise.reject(error);
    }
    const sent = stored.then(
      (message) => ({ message, duplicate: false }),
      (error) => this.resent(member, input, error),
    );
    // Settled by its caller later, maybe after other work: not an unhandled rejection meanwhile.
    sent.catch(() => undefined);
    return { sent };
  }

  /** A refused or conflicting send: the stored message if it is a resend of it, else the error. */
  private async resent(member: Member, input: SendInput, error: unknown): Promise<Sent> {
    if (isUniqueViolation(error) || error instanceof DomainError) {
      const stored = await this.messages.findByClientId(member.id, input.client_id);
      if (stored) {
        if (!isResend(stored, input)) throw validationFailed({ client_id: 'this client_id was already used for another message' });
        return { message: stored, duplicate: true };
      }
    }
    throw error;
  }

  /**
   * The message and both sides of its conversation, in one transaction shared with the messages
   * sent at the same moment (message-writer.ts). Whether the member starts the conversation
   * (Start_chat_dialog and a free chat) or continues it (Continue_chat_dialog) is decided there, on
   * the rows as the transaction found them. Resolves once queued, with the write's promise
   * (wrapped: a promise resolved with a promise would wait for it).
   */
  private async submit(member: Member, input: SendInput): Promise<{ row: Promise<MessageRow> }> {
    const peerId = input.uid;
    if (peerId === member.id) throw validationFailed({ uid: 'you cannot chat with yourself' });
    const body = this.body(member, input);
    // Decided before the transaction: nothing inside it may wait for another connection.
    let rights: ChatRights | null = null;
    if (!exemptFromLevelRules(member, peerId)) {
      const read = this.chatRights(member);
      rights = read instanceof Promise ? await read : read;
    }
    return { row: this.submitter.submit({ senderId: member.id, peerId, body, clientId: input.client_id, rights, now: this.now() }) };
  }

  /** At once (no promise per message) while the permission matrix is cached, as it nearly always is. */
  private chatRights(member: Member): ChatRights | Promise<ChatRights> {
    const start = this.can(member, 'Start_chat_dialog');
    const continues = this.can(member, 'Continue_chat_dialog');
    const free = this.can(member, 'Send_chat_messages_for_free');
    if (typeof start === 'boolean' && typeof continues === 'boolean' && typeof free === 'boolean') return { start, continues, free };
    return Promise.all([start, continues, free]).then(([s, c, f]) => ({ start: s, continues: c, free: f }));
  }

  /**
   * Messages written inside the caller's transaction and exempt from the chat rules (gifts'
   * messages: the gifts were paid for), answered in the order given. The caller announces them
   * after the commit.
   */
  async storeWithin(trx: Tx, messages: { member: Member; peerId: number; body: Pick<MessageRow, 'type' | 'content' | 'img'>; clientId: string }[]): Promise<MessageRow[]> {
    // A block refuses a gift too: the writer refuses its message, and the caller's transaction (the charge with it) rolls back.
    const now = this.now();
    return this.writer.writeWithin(
      trx,
      messages.map((m) => ({ senderId: m.member.id, peerId: m.peerId, body: m.body, clientId: m.clientId, rights: null, now })),
    );
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
    const locked = !opensMessageFrom(peerId, await this.canRead(member));
    return presentContact(row, member, online.has(peerId), this.now(), locked);
  }

  /** A gift's message is never locked: the gift was paid for, and its notice shows it anyway. */
  private lockedFor(reader: Member, message: MessageRow, readsAll: boolean): boolean {
    return message.type !== 'gift' && message.sender_id !== reader.id && !opensMessageFrom(message.sender_id, readsAll);
  }

  private async page(member: Member, peerId: number, clearedBeforeId: number, beforeId: number | undefined, limit: number) {
    const rows = await this.messages.page(member.id, peerId, { afterId: clearedBeforeId, beforeId, limit: limit + 1 });
    // The page is only reached once canRead passed, so nothing in it is locked.
    return { messages: rows.slice(0, limit).reverse().map((m) => presentMessage(m)), more: rows.length > limit };
  }

  /** The other member: an active member or the support account, never oneself. */
  private async peer(member: Member, peerId: number): Promise<UserRow> {
    if (peerId === member.id) throw validationFailed({ uid: 'you cannot chat with yourself' });
    const peer = await this.users.findById(peerId);
    if (!peer || !isReachable(peer)) throw fail('user_not_found');
    await this.blocks.assertNotBlocked(member.id, peer.id);
    return peer;
  }

  /** Opening a conversation that does not exist yet: Start_chat_dialog, and a free chat left unless sending is free. */
  private async admitStart(member: Member): Promise<void> {
    if (!(await this.can(member, 'Start_chat_dialog'))) throw fail('need_upgrade');
    if (await this.can(member, 'Send_chat_messages_for_free')) return;
    if ((await this.freeChats.used(member.id)) >= (await this.options.freeChats())) throw fail('no_free_chat');
  }

  /** Never a blank text (chatTextAccepted); images only from the sender's own uploads. */
  private body(member: Member, input: SendInput): Pick<MessageRow, 'type' | 'content' | 'img'> {
    if (input.type === 'img') {
      if (!input.img || !ownsImage(member, input.img)) throw fail('image_not_owned');
      return { type: 'img', content: '', img: input.img };
    }
    const content = input.content.trim();
    if (!chatTextAccepted(content)) throw fail('content_empty');
    return { type: 'text', content, img: '' };
  }
}
