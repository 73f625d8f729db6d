import { describe, expect, it, vi } from 'vitest';
import type { PermissionsRepository } from '../src/modules/permissions/permissions.repository.js';
import { PermissionsService } from '../src/modules/permissions/permissions.service.js';
import type { Member } from '../src/domain/member.js';

/** The permission matrix is read through a 5 s cache; reads due together share one query. */
describe('PermissionsService cache', () => {
  function service() {
    let clock = 1_000_000;
    let allowed = [{ vip: 0, flag: 'Search_users' }];
    const releases: (() => void)[] = [];
    const listAllowed = vi.fn(() => {
      const rows = allowed;
      return new Promise<typeof rows>((resolve) => releases.push(() => resolve(rows)));
    });
    const permissions = new PermissionsService({ listAllowed } as unknown as PermissionsRepository, () => clock);
    const settle = async () => {
      while (releases.length) releases.shift()!();
      await new Promise((resolve) => setImmediate(resolve));
    };
    return { permissions, listAllowed, settle, tick: (ms: number) => (clock += ms), allow: (rows: typeof allowed) => (allowed = rows) };
  }

  it('callers that find the cache due at the same time share one read', async () => {
    const { permissions, listAllowed, settle, tick } = service();
    const first = Promise.all(Array.from({ length: 50 }, () => permissions.authority()));
    await settle();
    expect(new Set(await first).size).toBe(1);
    expect(listAllowed).toHaveBeenCalledTimes(1);

    await permissions.authority();
    expect(listAllowed).toHaveBeenCalledTimes(1);
    tick(5_001);
    const again = Promise.all([permissions.authority(), permissions.authority(), permissions.authority()]);
    await settle();
    await again;
    expect(listAllowed).toHaveBeenCalledTimes(2);
  });

  it('a read that began before invalidate() is not kept: the next caller reads the change', async () => {
    const { permissions, listAllowed, settle, allow } = service();
    const stale = permissions.authority();
    allow([]);
    permissions.invalidate();
    const fresh = permissions.authority();
    await settle();
    expect((await stale).vip0.Search_users).toBe(1);
    expect((await fresh).vip0.Search_users).toBe(0);
    expect((await permissions.authority()).vip0.Search_users).toBe(0);
    expect(listAllowed).toHaveBeenCalledTimes(2);
  });

  it('canNow answers from the cached matrix only: undefined before it is read, after it is due and after invalidate(); staff always', async () => {
    const { permissions, settle, tick, allow } = service();
    const member = { id: 9, vip: 0, role: 'member' } as Member;
    const staff = { id: 1, vip: 0, role: 'admin' } as Member;
    expect(permissions.canNow(member, 'Search_users')).toBeUndefined();
    expect(permissions.canNow(staff, 'Search_users')).toBe(true);
    const read = permissions.can(member, 'Search_users');
    await settle();
    expect(await read).toBe(true);
    expect(permissions.canNow(member, 'Search_users')).toBe(true);
    expect(permissions.canNow(member, 'View_profiles')).toBe(false);

    tick(5_001);
    expect(permissions.canNow(member, 'Search_users')).toBeUndefined();
    void permissions.authority();
    await settle();
    allow([]);
    permissions.invalidate();
    expect(permissions.canNow(member, 'Search_users')).toBeUndefined();
    const changed = permissions.can(member, 'Search_users');
    await settle();
    expect(await changed).toBe(false);
    expect(permissions.canNow(member, 'Search_users')).toBe(false);
  });
});
