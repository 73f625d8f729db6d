import { describe, expect, it } from 'vitest';
import { DEFAULT_PERMISSIONS, PERMISSION_FLAGS, clampVip, hasPermission, levelAuthority, type Authority } from '../src/index.js';

const authority: Authority = {
  vip0: levelAuthority(DEFAULT_PERMISSIONS[0]),
  vip1: levelAuthority(DEFAULT_PERMISSIONS[1]),
  vip2: levelAuthority(DEFAULT_PERMISSIONS[2]),
};

describe('permission flags', () => {
  it("are the spec's 21 flags, each once", () => {
    expect(PERMISSION_FLAGS).toHaveLength(21);
    expect(new Set(PERMISSION_FLAGS).size).toBe(21);
  });

  it('default to more rights at each level, gold having all', () => {
    for (const flag of DEFAULT_PERMISSIONS[0]) expect(DEFAULT_PERMISSIONS[1]).toContain(flag);
    expect(DEFAULT_PERMISSIONS[1].length).toBeGreaterThan(DEFAULT_PERMISSIONS[0].length);
    expect([...DEFAULT_PERMISSIONS[2]].sort()).toEqual([...PERMISSION_FLAGS].sort());
  });
});

describe('levelAuthority', () => {
  it('maps every flag to 1 when allowed and 0 otherwise', () => {
    const level = levelAuthority(['Search_users']);
    expect(Object.keys(level)).toEqual([...PERMISSION_FLAGS]);
    expect(level.Search_users).toBe(1);
    expect(Object.values(level).filter((v) => v === 0)).toHaveLength(20);
  });
});

describe('hasPermission', () => {
  it('reads the flag of the given level', () => {
    expect(hasPermission(authority, 0, 'View_profiles')).toBe(true);
    expect(hasPermission(authority, 0, 'Search_users')).toBe(false);
    expect(hasPermission(authority, 1, 'Search_users')).toBe(true);
    expect(hasPermission(authority, 1, 'Free_use_of_the_translation_function')).toBe(false);
    expect(hasPermission(authority, 2, 'Free_use_of_the_translation_function')).toBe(true);
  });

  it('clamps unknown levels into 0..2', () => {
    expect(hasPermission(authority, 7, 'Free_use_of_the_translation_function')).toBe(true);
    expect(hasPermission(authority, -1, 'Search_users')).toBe(false);
    expect([clampVip(-3), clampVip(0), clampVip(1), clampVip(1.5), clampVip(2), clampVip(9)]).toEqual([0, 0, 1, 1, 2, 2]);
  });

  it('denies everything before the authority is loaded', () => {
    expect(hasPermission(undefined, 2, 'View_profiles')).toBe(false);
  });
});
