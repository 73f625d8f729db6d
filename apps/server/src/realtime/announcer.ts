import { OPT } from '@kindred/protocol';
import type { Hub } from './hub.js';

/** Watchers are told in chunks, so one popular member's change is several small publications. */
const PRESENCE_CHUNK = 500;

interface OnlineCheck {
  isOnline(userId: number): Promise<boolean>;
}

/**
 * Kind 4 to everyone who has a member in their chat list, on every node: online/offline (opt 100)
 * and visibility changes (opt 9, also to the member's own other sockets). The socket's opt 9 and
 * POST /member/index/visibility both come through visibilityChanged.
 */
export class PresenceAnnouncer {
  constructor(
    private readonly hub: Hub,
    private readonly presence: OnlineCheck,
    private readonly watchersOf: (userId: number) => Promise<number[]>,
  ) {}

  /** `origin`: the socket that caused it, which answers for itself and is left out. */
  async announce(userId: number, online: boolean, isYin: number, opt: typeof OPT.visibility | typeof OPT.init, origin?: string): Promise<void> {
    const watchers = await this.watchersOf(userId);
    const to = opt === OPT.visibility ? [userId, ...watchers] : watchers;
    for (let i = 0; i < to.length; i += PRESENCE_CHUNK) {
      await this.hub.publish({ type: 'presence', to: to.slice(i, i + PRESENCE_CHUNK), userId, online, isYin, opt, origin });
    }
  }

  /** A member's is_yin changed (stored already): her contacts see her as they now may. */
  async visibilityChanged(userId: number, isYin: number, origin?: string): Promise<void> {
    await this.announce(userId, await this.presence.isOnline(userId), isYin, OPT.visibility, origin);
  }
}
