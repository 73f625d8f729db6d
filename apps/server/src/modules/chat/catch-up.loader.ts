import { CHAT_LIMITS } from '@kindred/protocol';
import type { Db } from '../../db/database.js';
import type { MessageRow } from '../../db/schema.js';
import { BatchLoader } from '../../realtime/batch-loader.js';
import { CatchUpRepository } from './catch-up.repository.js';
import type { ContactRow } from './conversations.repository.js';

/** A member's catch-up as stored: what ChatService.catchUp presents (without a resume point). */
export interface CatchUpRows {
  contacts: ContactRow[];
  unread: number;
  /** Unread messages, newest first, at most CHAT_LIMITS.catchUpMax + 1 (one more tells `more`). */
  messages: MessageRow[];
}

/** A member with no conversation side (shared: catch-ups only read it). */
const NOTHING: CatchUpRows = { contacts: [], unread: 0, messages: [] };

/**
 * The catch-ups of the members whose sockets connect together, read together (realtime/batch-loader.ts):
 * members asked for in one turn of the event loop, or while the previous batch runs, cost one
 * statement per part for all of them instead of three each. A member with no conversation side
 * costs only the first (most members of a connect burst, e.g. a node restarting). A member asked
 * for while a batch that includes them runs waits for the next one, so a catch-up always reads
 * what was committed before it was asked for. A failed batch fails every catch-up waiting on it.
 */
export class CatchUpLoader {
  private readonly loader: BatchLoader<number, CatchUpRows>;
  private readonly watchersLoader: BatchLoader<number, number[]>;

  constructor(private readonly repository: CatchUpRepository) {
    this.loader = new BatchLoader((userIds) => this.readMany(userIds), NOTHING);
    this.watchersLoader = new BatchLoader((userIds) => this.repository.watchers(userIds), []);
  }

  /** The member's catch-up rows (shared between a member's sockets of one batch: not to be mutated). */
  load(userId: number): Promise<CatchUpRows> {
    return this.loader.load(userId);
  }

  /** Members with `userId` in their chat list; members asked for together share one query. */
  watchersOf(userId: number): Promise<number[]> {
    return this.watchersLoader.load(userId);
  }

  private async readMany(userIds: number[]): Promise<Map<number, CatchUpRows>> {
    const summaries = await this.repository.summaries(userIds);
    const listed: number[] = [];
    const unread: number[] = [];
    for (const [id, s] of summaries) {
      if (s.visibleSides > 0) listed.push(id);
      if (s.unreadSides > 0) unread.push(id);
    }
    const [contacts, messages] = await Promise.all([
      this.repository.contacts(listed, CHAT_LIMITS.contactsMax),
      this.repository.unreadMessages(unread, CHAT_LIMITS.catchUpMax + 1),
    ]);
    const rows = new Map<number, CatchUpRows>();
    for (const [id, s] of summaries) rows.set(id, { contacts: contacts.get(id) ?? [], unread: s.unread, messages: messages.get(id) ?? [] });
    return rows;
  }
}

const loaders = new WeakMap<Db, CatchUpLoader>();

/** The one loader per database handle (ChatService and the announcer of a node share it). */
export function catchUpLoaderFor(db: Db): CatchUpLoader {
  let loader = loaders.get(db);
  if (!loader) loaders.set(db, (loader = new CatchUpLoader(new CatchUpRepository(db))));
  return loader;
}
