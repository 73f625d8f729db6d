import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { migrateToLatest } from '../src/db/migrate.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_STAFF_PASSWORD, seedDemo } from '../src/db/seed/demo.js';
import { LocalStorage } from '../src/infra/storage.js';
import { buildUser } from './helpers/factories.js';
import { createTestDatabase, startApp, testHasher } from './helpers/test-app.js';

describe('seedDemo', () => {
  // Renders ~240 avatars and some photos with sharp: the one slow test of the suite.
  it('seeds a believable community once, and never again', { timeout: 120_000 }, async () => {
    const database = await createTestDatabase();
    onTestFinished(() => database.drop());
    await migrateToLatest(database.handle);
    const { db } = database.handle;
    const uploadsDir = path.join(database.dataDir, 'uploads');
    const deps = { hasher: testHasher(), storage: new LocalStorage(uploadsDir) };

    const result = await seedDemo(db, deps);

    const members = await db.selectFrom('users').selectAll().where('role', '=', 'member').execute();
    expect(result).toEqual({ members: members.length });
    expect(members.length).toBeGreaterThanOrEqual(200);
    expect(new Set(members.map((m) => m.sex))).toEqual(new Set([0, 1]));
    expect(new Set(members.map((m) => m.vip))).toEqual(new Set([0, 1, 2]));
    expect(new Set(members.map((m) => m.country)).size).toBeGreaterThanOrEqual(5);
    for (const m of members) {
      expect(m.avatar, m.username).toMatch(new RegExp(`^/uploads/avatar/${m.id}/`));
      expect(fs.existsSync(path.join(uploadsDir, m.avatar.replace('/uploads/', ''))), m.avatar).toBe(true);
    }
    const paid = members.filter((m) => m.vip > 0);
    expect(paid.every((m) => (m.vip === 1 ? m.vip1_until : m.vip2_until) > Date.now())).toBe(true);

    // The accounts the console prints sign in with the demo password; staff with theirs.
    for (const account of DEMO_ACCOUNTS) {
      const row = members.find((m) => m.username === account.username);
      expect(row, account.username).toMatchObject({ sex: account.sex, vip: account.vip });
      expect(await deps.hasher.verify(DEMO_PASSWORD, row!.password_hash)).toBe(true);
    }
    const staff = await db.selectFrom('users').selectAll().where('id', 'in', [1, 2]).execute();
    for (const s of staff) expect(await deps.hasher.verify(DEMO_STAFF_PASSWORD, s.password_hash)).toBe(true);

    const counts = async () =>
      Promise.all(
        (['users', 'trends', 'photos', 'likes', 'recharge_packages', 'upgrade_packages'] as const).map(async (table) =>
          Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n),
        ),
      );
    const before = await counts();
    expect(before.every((n) => n > 0)).toBe(true);

    expect(await seedDemo(db, deps)).toBeNull();
    expect(await counts()).toEqual(before);
  });

  it('never runs on a database that already has a member', async () => {
    const ctx = await startApp(); // its own database: it counts every member
    await buildUser(ctx);

    expect(await seedDemo(ctx.db, { hasher: ctx.hasher, storage: ctx.storage })).toBeNull();
    const members = await ctx.services.repositories.users.countMembers();
    expect(members).toBe(1);
  });
});
