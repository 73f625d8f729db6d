import { levelAt, toMember, type Member } from '../domain/member.js';
import type { Connection } from './connection.js';
import type { ConnectionRegistry } from './registry.js';
import type { RealtimeServices } from './services.js';
import { socketCopy } from './socket-member.js';

/**
 * Keeps what each socket holds of its member — level and permissions — current: after a change on
 * any node (a paid upgrade: re-read), after a handler read the member afresh, and when time ended
 * a membership (memberships end with time, not with an event: checked per frame and per keep-alive
 * round from the expiries the socket holds, with no read).
 */
export class MemberLevels {
  constructor(
    private readonly registry: Pick<ConnectionRegistry, 'forUser'>,
    private readonly services: Pick<RealtimeServices, 'chat' | 'findUser'>,
    private readonly now: () => number,
  ) {}

  /** Re-reads a member whose level changed (on any node) for each of their sockets here. */
  changed(userId: number): void {
    for (const connection of this.registry.forUser(userId) ?? []) {
      connection.enqueue(async () => {
        const current = connection.member;
        if (!current) return;
        const user = await this.services.findUser(userId);
        if (user) await this.refresh(connection, toMember(user, current.sessionId, this.now()));
      });
    }
  }

  /** Whether a membership ran out since, from the expiries the socket holds (no Member built per frame). */
  lapsed(connection: Connection): boolean {
    return !!connection.member && levelAt(connection.member.user, this.now()) !== connection.member.vip;
  }

  /** The level in force now, from the expiries the socket holds (no read): refreshed when time ended a membership. */
  async rederive(connection: Connection): Promise<void> {
    const member = connection.member;
    if (!member) return;
    const derived = toMember(member.user, member.sessionId, this.now());
    if (derived.vip !== member.vip) await this.refresh(connection, derived);
  }

  async refresh(connection: Connection, member: Member): Promise<void> {
    // A copy, kept for the socket's life: rows from better-sqlite3 come in V8's dictionary mode
    // (about 1.6 KB each); a spread makes a compact object of the same fields.
    connection.member = { ...member, user: socketCopy(member.user) };
    connection.readsAll = await this.services.chat.canRead(member);
  }
}
