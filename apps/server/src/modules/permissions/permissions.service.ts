import { PERMISSION_FLAGS, levelAuthority, type Authority, type PermissionFlag } from '@kindred/protocol';
import type { Member } from '../auth/member.js';
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

  /** Staff act for the site and are never held back by a membership level. */
  async can(member: Member, flag: PermissionFlag): Promise<boolean> {
    if (member.role !== 'member') return true;
    const authority = await this.authority();
    return authority[`vip${member.vip}`][flag] === 1;
  }

  invalidate(): void {
    this.cached = undefined;
  }
}
