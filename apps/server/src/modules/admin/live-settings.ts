import type { DbOrTx } from '../../db/database.js';
import type { SettingsRepository } from './settings.repository.js';

/** How long a node trusts what it read: a change made on another node shows within this. */
export const SETTINGS_CACHE_MS = 5_000;

/**
 * Settings staff change without a restart (the free-chat quota), read through a short cache on
 * every node, as PermissionsService reads the permission matrix: a change reaches every node
 * within SETTINGS_CACHE_MS and the node that made it at once (invalidate). No restart, no message
 * between nodes: the database is the one source.
 */
export class LiveSettings {
  private cached?: { at: number; freeChats: number };

  constructor(
    private readonly settings: SettingsRepository,
    /** FREE_CHATS: the quota until staff set one. */
    private readonly defaults: { freeChats: number },
    private readonly now: () => number = Date.now,
    /** How long a read is trusted (0: every call reads; the chat's writer thread, which no invalidate reaches). */
    private readonly cacheMs: number = SETTINGS_CACHE_MS,
  ) {}

  /** Given `trx`, a read that is due runs in that transaction (the chat's writes ask from inside theirs). */
  async freeChats(trx?: DbOrTx): Promise<number> {
    if (this.cached && this.now() - this.cached.at < this.cacheMs) return this.cached.freeChats;
    const raw = await this.settings.get('free_chats', trx);
    const stored = raw === undefined ? Number.NaN : Number(raw);
    const freeChats = Number.isInteger(stored) && stored >= 0 ? stored : this.defaults.freeChats;
    this.cached = { at: this.now(), freeChats };
    return freeChats;
  }

  invalidate(): void {
    this.cached = undefined;
  }
}
