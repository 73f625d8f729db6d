import type { NoticeListBody, NoticeWire } from '@kindred/protocol';
import type { NoticeRow } from '../../db/schema.js';
import type { UnitOfWork } from '../../db/transaction.js';
import { fail } from '../../errors.js';
import type { Member } from '../../domain/member.js';
import type { NoticesRepository } from './notices.repository.js';

/** What a notice says besides its id, type, status and time. */
export type NoticePayload = Omit<NoticeWire, 'id' | 'type' | 'status' | 'create_time'>;

export type NoticeListener = (userId: number, notice: NoticeRow) => void;

/**
 * Notices (gift received, report result). `create` is the one function other features call; the
 * live connection subscribes with `onCreated` to push a notice the moment it is stored — or, when it
 * is stored inside a caller's transaction (db/transaction.ts), the moment that transaction commits:
 * a rolled-back gift must not have been announced.
 */
export class NoticesService {
  private readonly listeners = new Set<NoticeListener>();

  constructor(
    private readonly notices: NoticesRepository,
    private readonly now: () => number = Date.now,
  ) {}

  list(member: Member, { status, limit }: NoticeListBody): Promise<NoticeRow[]> {
    return this.notices.list(member.id, { status, limit });
  }

  unreadCount(member: Member): Promise<number> {
    return this.notices.countUnread(member.id);
  }

  async markRead(member: Member, id: number): Promise<void> {
    if (!(await this.notices.markRead(member.id, id))) throw fail('not_found');
  }

  async create(userId: number, type: NoticeWire['type'], payload: NoticePayload, unit?: UnitOfWork): Promise<NoticeRow> {
    if (!unit) {
      const row = await this.notices.insert({ user_id: userId, type, payload: JSON.stringify(payload), created_at: this.now() });
      this.announce(userId, row);
      return row;
    }
    return (await this.createMany([{ userId, type, payload }], unit))[0]!;
  }

  /** Several notices in one statement of the caller's transaction; one announcement each, left with the unit in the order given, runs once it commits. */
  async createMany(notices: readonly { userId: number; type: NoticeWire['type']; payload: NoticePayload }[], unit: UnitOfWork): Promise<NoticeRow[]> {
    const at = this.now();
    const rows = await this.notices.insertMany(
      notices.map(({ userId, type, payload }) => ({ user_id: userId, type, payload: JSON.stringify(payload), created_at: at })),
      unit.trx,
    );
    rows.forEach((row) => unit.afterCommit(() => this.announce(row.user_id, row)));
    return rows;
  }

  private announce(userId: number, row: NoticeRow) {
    for (const listener of this.listeners) listener(userId, row);
  }

  onCreated(listener: NoticeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
