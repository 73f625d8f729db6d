import type { Connection } from './connection.js';

export interface SocketCaps {
  /** SOCKET_MAX_PER_MEMBER: authenticated sockets of one member on this node. */
  perMember: number;
  /** SOCKET_MAX_PER_ADDRESS: sockets (authenticated or still waiting for their init) from one client address on this node. */
  perAddress: number;
}

/**
 * Caps on open sockets, per member and per client address, counted on each node: a socket costs
 * memory and a file descriptor where it is open, and a member's messages are limited across nodes
 * by the message limiter anyway. Claims are synchronous, so sockets opened at the same moment can
 * never all slip past the cap; each is released once, when its socket closes.
 */
export class SocketLimits {
  private readonly byAddress = new Map<string, number>();
  private readonly byMember = new Map<number, number>();

  constructor(private readonly caps: SocketCaps) {}

  /** Whether a socket would be accepted now: checked before the upgrade, so most refusals are a plain HTTP 429. */
  wouldAccept(address: string, memberId?: number): boolean {
    if ((this.byAddress.get(address) ?? 0) >= this.caps.perAddress) return false;
    return memberId === undefined || (this.byMember.get(memberId) ?? 0) < this.caps.perMember;
  }

  claimAddress(connection: Connection): boolean {
    if (connection.countsForAddress) return true;
    if (!take(this.byAddress, connection.address, this.caps.perAddress)) return false;
    connection.countsForAddress = true;
    return true;
  }

  claimMember(connection: Connection, memberId: number): boolean {
    if (connection.countsForMember === memberId) return true;
    if (!take(this.byMember, memberId, this.caps.perMember)) return false;
    connection.countsForMember = memberId;
    return true;
  }

  release(connection: Connection): void {
    if (connection.countsForAddress) give(this.byAddress, connection.address);
    if (connection.countsForMember !== undefined) give(this.byMember, connection.countsForMember);
    connection.countsForAddress = false;
    connection.countsForMember = undefined;
  }
}

function take<K>(counts: Map<K, number>, key: K, cap: number): boolean {
  const n = counts.get(key) ?? 0;
  if (n >= cap) return false;
  counts.set(key, n + 1);
  return true;
}

function give<K>(counts: Map<K, number>, key: K): void {
  const n = (counts.get(key) ?? 0) - 1;
  if (n > 0) counts.set(key, n);
  else counts.delete(key);
}
