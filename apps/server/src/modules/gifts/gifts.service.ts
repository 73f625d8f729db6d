import { randomUUID } from 'node:crypto';
import { isReachable, LIMITS, type GiftGivingBody, type ReceivedGiftBody } from '@kindred/protocol';
import type { Db, Tx } from '../../db/database.js';
import type { MessageRow, UserRow } from '../../db/schema.js';
import { GroupCommit } from '../../db/group-commit.js';
import type { UnitOfWork } from '../../db/transaction.js';
import type { Member } from '../../domain/member.js';
import { fail } from '../../errors.js';
import type { CreditsRepository } from '../credits/credits.repository.js';
import type { NoticePayload, NoticesService } from '../notices/notices.service.js';
import type { GiftRow, GiftsRepository, ReceivedRow } from './gifts.repository.js';

/** What the gift send needs of the users: the recipient by username. */
export interface GiftRecipients {
  findByUsername(username: string): Promise<UserRow | undefined>;
}

/** Writes gifts' messages into the two members' conversations, inside the gifts' transaction (ChatService.storeWithin). */
export interface GiftMessages {
  storeWithin(trx: Tx, messages: { member: Member; peerId: number; body: Pick<MessageRow, 'type' | 'content' | 'img'>; clientId: string }[]): Promise<MessageRow[]>;
}

/** A send checked and waiting for its transaction. */
interface PendingGift {
  member: Member;
  recipientId: number;
  gift: GiftRow;
  price: number;
  message: string;
}

/** A send as its transaction left it and what to announce once that transaction committed, or its refusal. */
type WrittenGift = { given: GiftGiven; effects: (() => void)[] } | { refused: 'gift_insufficient_credits' };

/** Sends written in one transaction at most, and such transactions at the same time (group commit). */
const MAX_BATCH = 64;
const WRITERS = 4;

/** What a committed gift send leaves: the send's id, the gift, the sender's new balance and the message. */
export interface GiftGiven {
  sendId: number;
  gift: GiftRow;
  balance: number;
  message: MessageRow;
}

export type GiftListener = (given: GiftGiven) => void;

export interface Catalogue {
  categories: { id: number; name_en: string; name_zh_cn: string; name_zh_tw: string; gifts: GiftRow[] }[];
}

export interface ReceivedPage {
  rows: ReceivedRow[];
  lastPage: number;
}

/** Received gifts per page of /member/shop/received_gift. */
export const RECEIVED_PAGE_SIZE = 30;

/**
 * Gifts (docs/product-rules.md §5): a gift must be on sale; the recipient is an active member other
 * than the giver (-1 no such member, -2 yourself, pending or disabled); number is always 1; the
 * giver needs the gift's price in credits. A send is one transaction: the gift's message in both
 * members' conversation, the send, the conditional debit with its ledger row (reason 'gift', ref
 * the send) and the recipient's notice. A short balance rolls all of it back, so a send racing
 * others on one balance is charged by the database's `credits >= price` on the locked row, never
 * twice. The notice (kind 11) and the message (kind 1) are announced only after the commit.
 *
 * Messages are written before the debits: chat's own transactions lock conversation rows before a
 * member's row (a free chat taken), so taking them in the same order here cannot deadlock with them.
 */
export class GiftsService {
  private readonly listeners = new Set<GiftListener>();
  private readonly writer: GroupCommit<PendingGift, WrittenGift>;

  constructor(
    db: Db,
    private readonly gifts: GiftsRepository,
    private readonly recipients: GiftRecipients,
    private readonly credits: CreditsRepository,
    private readonly notices: NoticesService,
    private readonly messages: GiftMessages,
    private readonly now: () => number = Date.now,
  ) {
    this.writer = new GroupCommit(db, async (trx, item) => (await this.write(trx, [item]))[0]!, {
      name: 'gifts',
      maxBatch: MAX_BATCH,
      concurrency: WRITERS,
      writeMany: (trx, items) => this.write(trx, items),
    });
  }

  async catalogue(): Promise<Catalogue> {
    const [categories, gifts] = await Promise.all([this.gifts.categories(), this.gifts.onSale()]);
    return {
      categories: categories
        .map((c) => ({ ...c, gifts: gifts.filter((g) => g.category_id === c.id) }))
        .filter((c) => c.gifts.length > 0),
    };
  }

  async detail(id: number): Promise<GiftRow> {
    const gift = await this.gifts.find(id);
    if (!gift) throw fail('not_found');
    return gift;
  }

  async received(member: Member, { page }: ReceivedGiftBody): Promise<ReceivedPage> {
    const [rows, total] = await Promise.all([
      this.gifts.received(member.id, { offset: (page - 1) * RECEIVED_PAGE_SIZE, limit: RECEIVED_PAGE_SIZE }),
      this.gifts.countReceived(member.id),
    ]);
    return { rows, lastPage: Math.max(1, Math.ceil(total / RECEIVED_PAGE_SIZE)) };
  }

  async give(member: Member, input: GiftGivingBody): Promise<GiftGiven> {
    const recipient = await this.recipients.findByUsername(input.username.trim());
    if (!recipient) throw fail('user_not_found');
    if (recipient.id === member.id || !isReachable(recipient)) throw fail('recipient_unavailable');
    const gift = await this.detail(input.giftid);
    const price = Number(gift.price);
    // A fast refusal only (the debit below decides): a spent balance should not queue for the locks.
    if ((await this.credits.balance(member.id)) < price) throw fail('gift_insufficient_credits');
    const message = input.message.slice(0, LIMITS.giftMessageMax);

    const written = await this.writer.submit({ member, recipientId: recipient.id, gift, price, message });
    if ('refused' in written) throw fail(written.refused);
    const { given, effects } = written;
    for (const effect of effects) effect();
    for (const listener of this.listeners) listener(given);
    return given;
  }

  /**
   * The sends of one transaction, shared by those submitted at the same moment (group commit, as
   * chat messages are): every message first (conversation rows, locked in one global order by the
   * message writer), then each send, its debit and its notice in the order of the givers' ids (their
   * balance rows, locked in one global order too).
   *
   * Sends the givers' balances, as the transaction reads them, cannot pay are refused first and
   * take no part (a spent balance racing many sends would otherwise fail whole batches). The read
   * only sorts out: the conditional debit still decides, and a debit it refuses (the balance moved
   * since, on another connection or node) fails the batch, whose sends the group commit then
   * writes one by one, each with its own answer.
   */
  private async write(trx: Tx, items: PendingGift[]): Promise<WrittenGift[]> {
    const written: WrittenGift[] = new Array(items.length);
    const left = new Map<number, number>();
    for (const id of new Set(items.map((i) => i.member.id))) left.set(id, await this.credits.balance(id, trx));
    const paid: number[] = [];
    items.forEach((item, i) => {
      const balance = left.get(item.member.id)!;
      if (balance < item.price) written[i] = { refused: 'gift_insufficient_credits' };
      else left.set(item.member.id, balance - item.price), paid.push(i);
    });

    if (!paid.length) return written;
    const stored = await this.messages.storeWithin(
      trx,
      paid.map((i) => {
        const item = items[i]!;
        return { member: item.member, peerId: item.recipientId, body: { type: 'gift' as const, content: item.message, img: item.gift.path }, clientId: `gift:${randomUUID()}` };
      }),
    );
    const messageOf = new Map(paid.map((i, k) => [i, stored[k]!]));
    // Set-based from here: one insert for the sends, one debit per giver (in the order of their
    // ids, the balance rows' lock order) with a ledger row per send, one insert for the notices.
    const order = [...paid].sort((a, b) => items[a]!.member.id - items[b]!.member.id);
    const at = this.now();
    const sends = await this.gifts.insertSends(
      order.map((i) => {
        const { member, recipientId, gift, price, message } = items[i]!;
        return { gift_id: gift.id, sender_id: member.id, recipient_id: recipientId, message, price, created_at: at };
      }),
      trx,
    );
    const sendOf = new Map(order.map((i, k) => [i, sends[k]!]));
    const balanceOf = new Map<number, number>();
    for (const giverId of new Set(order.map((i) => items[i]!.member.id))) {
      const mine = order.filter((i) => items[i]!.member.id === giverId);
      const balances = await this.credits.chargeEach(
        giverId,
        mine.map((i) => ({ amount: items[i]!.price, reason: 'gift', ref: { type: 'gift_send', id: sendOf.get(i)!.id } })),
        trx,
      );
      if (balances === null) throw fail('gift_insufficient_credits');
      mine.forEach((i, k) => balanceOf.set(i, balances[k]!));
    }
    // createMany leaves one announcement per notice, in the order given: each send keeps its own.
    const announcements: (() => void)[] = [];
    await this.notices.createMany(
      order.map((i) => ({ userId: items[i]!.recipientId, type: 'gift' as const, payload: this.noticeOf(items[i]!) })),
      { trx, afterCommit: (effect) => void announcements.push(effect) },
    );
    order.forEach((i, k) => {
      written[i] = { given: { sendId: sendOf.get(i)!.id, gift: items[i]!.gift, balance: balanceOf.get(i)!, message: messageOf.get(i)! }, effects: [announcements[k]!] };
    });
    return written;
  }

  /** Heard after every committed send (the live connection announces the message). */
  onGiven(listener: GiftListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The recipient's notice of a send: who gave which gift, with the giver's words. */
  private noticeOf({ member, gift, message }: PendingGift): NoticePayload {
    return { content: message, gift: { givername: member.user.username, cid: gift.category_id, gid: gift.id, path: gift.path } };
  }
}
