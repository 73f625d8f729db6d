import { holdsPermission, isStaff, levelAuthority, PERMISSION_FLAGS, type Authority, type PermissionFlag } from '@kindred/protocol';
import type { Member } from '../../domain/member.js';
import type { PermissionsRepository } from './permissions.repository.js';

/** The matrix changes rarely (an administrator edits it); a few seconds of caching spares a query per call. */
const CACHE_MS = 5_000;

export class PermissionsService {
  private cached?: { at: number; authority: Authority };
  /**
   * The read under way: callers that find the cache due at the same time share it (a connect burst
   * asked once per socket in flight when it lapsed: 77 reads where 2 were due, 2026-11-28).
   */
  private loading?: Promise<Authority>;
  /** Bumped by invalidate: a read that began before it answers its callers but is not kept. */
  private generation = 0;

  constructor(
    private readonly permissions: PermissionsRepository,
    private readonly now: () => number = Date.now,
  ) {}

  authority(): Promise<Authority> {
    if (this.cached && this.now() - this.cached.at < CACHE_MS) return Promise.resolve(this.cached.authority);
    if (this.loading) return this.loading;
    const loading = this.load().finally(() => {
      if (this.loading === loading) this.loading = undefined;
    });
    return (this.loading = loading);
  }

  private async load(): Promise<Authority> {
    const generation = this.generation;
    const rows = await this.permissions.listAllowed();
    const known = new Set<string>(PERMISSION_FLAGS);
    const of = (vip: number) => levelAuthority(rows.filter((r) => r.vip === vip && known.has(r.flag)).map((r) => r.flag as PermissionFlag));
    const authority: Authority = { vip0: of(0), vip1: of(1), vip2: of(2) };
    if (generation === this.generation) this.cached = { at: this.now(), authority };
    return authority;
  }

  /** The flag as it applies to this member (holdsPermission: staff are never held back by a level). */
  async can(member: Member, flag: PermissionFlag): Promise<boolean> {
    return isStaff(member) || holdsPermission(member, await this.authority(), flag);
  }

  /**
   * `can` from the cached matrix without a promise, or undefined when the matrix must be read first.
   * A chat message asks three flags: as promises they were about a sixth of what the server
   * allocated per message (bench/tools/alloc-profile.ts, 2026-12-02).
   */
  canNow(member: Member, flag: PermissionFlag): boolean | undefined {
    if (isStaff(member)) return true;
    if (!this.cached || this.now() - this.cached.at >= CACHE_MS) return undefined;
    return holdsPermission(member, this.cached.authority, flag);
  }

  invalidate(): void {
    this.cached = undefined;
    this.loading = undefined;
    this.generation++;
  }
}
