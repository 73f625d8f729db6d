import { holdsPermission, isStaff, levelAuthority, PERMISSION_FLAGS, type Authority, type PermissionFlag } from '@kindred/protocol';
import type { Member } from '../../domain/member.js';
import type { PermissionsRepository } from './permissions.repository.js';

/** The matrix changes rarely (an administrator edits it); a few seconds of caching spares a query per call. */
const CACHE_MS = 5_000;

export class PermissionsService {
  private cached?: { at: number; authority: Authority };

  constructor(
    private readonly permissions: PermissionsRepository,
    private readonly now: () => number = Date.now,
  ) {}

  async authority(): Promise<Authority> {
    if (this.cached && this.now() - this.cached.at < CACHE_MS) return this.cached.authority;
    const rows = await this.permissions.listAllowed();
    const known = new Set<string>(PERMISSION_FLAGS);
    const of = (vip: number) => levelAuthority(rows.filter((r) => r.vip === vip && known.has(r.flag)).map((r) => r.flag as PermissionFlag));
    const authority: Authority = { vip0: of(0), vip1: of(1), vip2: of(2) };
    this.cached = { at: this.now(), authority };
    return authority;
  }

  /** The flag as it applies to this member (holdsPermission: staff are never held back by a level). */
  async can(member: Member, flag: PermissionFlag): Promise<boolean> {
    return isStaff(member) || holdsPermission(member, await this.authority(), flag);
  }

  invalidate(): void {
    this.cached = undefined;
  }
}
