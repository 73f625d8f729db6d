import { DEFAULT_PERMISSIONS, PERMISSION_FLAGS, SUPPORT_ACCOUNT_ID } from '@kindred/protocol';
import { Migrator, sql } from 'kysely';
import { describe, expect, it, onTestFinished } from 'vitest';
import { MigrationError, migrateToLatest } from '../src/db/migrate.js';
import { migrationsFor } from '../src/db/migrations/index.js';
import { as, yearsAgo } from './helpers/factories.js';
import { createTestDatabase, startApp, useSharedApp, type TestDatabase } from './helpers/test-app.js';

const app = useSharedApp();

/** Every registered migration, in order; the first two are the foundations these tests rely on. */
const ALL_MIGRATIONS = Object.keys(migrationsFor('sqlite'));

async function freshDatabase(): Promise<TestDatabase> {
  const database = await createTestDatabase();
  onTestFinished(() => database.drop());
  return database;
}

const count = async (database: TestDatabase, table: 'users' | 'permissions') =>
  Number((await database.handle.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

/** Inserts an account with id 1 the way an operator's stray data would, in any dialect. */
const conflictingUser = (database: TestDatabase) =>
  sql`insert into users (id, username, username_key, email, password_hash, role, sex, birthday, invitation_code, created_at, updated_at)
      values (1, 'stray', 'stray', 'stray@example.test', '', 'member', 0, 0, 'STRAY', 0, 0)`.execute(database.handle.db);

describe('migrateToLatest', () => {
  it('applies every migration to an empty database, in order', async () => {
    const database = await freshDatabase();

    expect(ALL_MIGRATIONS.slice(0, 2)).toEqual(['0001-initial', '0002-base-data']);
    expect(ALL_MIGRATIONS).toEqual([...ALL_MIGRATIONS].sort());
    expect(Object.keys(migrationsFor('postgres'))).toEqual(ALL_MIGRATIONS);
    expect(await migrateToLatest(database.handle)).toEqual(ALL_MIGRATIONS);
  });

  it('is a no-op the second time', async () => {
    const database = await freshDatabase();
    await migrateToLatest(database.handle);
    const before = [await count(database, 'users'), await count(database, 'permissions')];

    expect(await migrateToLatest(database.handle)).toEqual([]);
    expect([await count(database, 'users'), await count(database, 'permissions')]).toEqual(before);
  });

  it('throws MigrationError naming the failed migration when the schema conflicts', async () => {
    const database = await freshDatabase();
    await sql`create table users (id integer primary key)`.execute(database.handle.db);

    const error = await migrateToLatest(database.handle).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(MigrationError);
    expect((error as Error).message).toMatch(/^migration 0001-initial failed: /);
  });

  it('leaves nothing of a failed migration behind, so it succeeds once the cause is removed', async () => {
    const database = await freshDatabase();
    const migrator = new Migrator({ db: database.handle.db, provider: { getMigrations: async () => migrationsFor(database.handle.dialect) } });
    expect((await migrator.migrateTo('0001-initial')).error).toBeUndefined();
    await conflictingUser(database);

    await expect(migrateToLatest(database.handle)).rejects.toThrow(/migration 0002-base-data failed/);
    expect(await count(database, 'permissions')).toBe(0);

    await database.handle.db.deleteFrom('users').execute();
    expect(await migrateToLatest(database.handle)).toEqual(ALL_MIGRATIONS.slice(1));
  });
});

describe('base data', () => {
  it('creates the administrator (id 1) and the support account (id 2)', async () => {
    const database = await freshDatabase();
    await migrateToLatest(database.handle);

    const staff = await database.handle.db.selectFrom('users').select(['id', 'username', 'role', 'status', 'password_hash']).orderBy('id').execute();

    expect(staff).toEqual([
      { id: 1, username: 'admin', role: 'admin', status: 1, password_hash: '' },
      { id: SUPPORT_ACCOUNT_ID, username: 'Support', role: 'support', status: 1, password_hash: '' },
    ]);
  });

  it("stores the staff accounts' e-mails in lower case like every other, so no member can take them in another case", async () => {
    const ctx = app();
    const staff = await ctx.db.selectFrom('users').select('email').where('id', 'in', [1, SUPPORT_ACCOUNT_ID]).execute();

    for (const { email } of staff) {
      expect(email).toBe(email.toLowerCase());
      const res = await as(ctx).post('/member/index/register', { username: 'copycat', email: email.toLowerCase(), password: 'secret123', sex: 1, birthday: yearsAgo(30) });
      expect(res.body, email).toMatchObject({ status: -2, error: 'email_taken' });
    }
  });

  it('writes the default permission matrix: 3 levels x 21 flags = 63 rows', async () => {
    const database = await freshDatabase();
    await migrateToLatest(database.handle);

    const rows = await database.handle.db.selectFrom('permissions').selectAll().execute();

    expect(rows).toHaveLength(63);
    for (const vip of [0, 1, 2] as const) {
      for (const flag of PERMISSION_FLAGS) {
        const row = rows.find((r) => r.vip === vip && r.flag === flag);
        expect(row?.allowed, `vip${vip} ${flag}`).toBe(DEFAULT_PERMISSIONS[vip].includes(flag) ? 1 : 0);
      }
    }
  });

  it('lets no password sign in to a staff account until one is set', async () => {
    const ctx = app();

    for (const account of ['admin', 'Support', 'support@kindred.local']) {
      for (const password of ['x', 'kindred-admin', 'secret123']) {
        const res = await as(ctx).post('/member/index/login', { account, password });
        expect(res.body, `${account} / ${password}`).toMatchObject({ status: -1, error: 'login_failed' });
      }
    }
  });

  it('gives the first member who registers id 3: ids continue after the staff accounts', async () => {
    const ctx = await startApp(); // its own database: ids depend on every row

    const res = await as(ctx).post('/member/index/register', { username: 'first', email: 'first@example.test', password: 'secret123', sex: 1, birthday: yearsAgo(30) });

    expect(res.body.data.id).toBe(3);
  });
});
