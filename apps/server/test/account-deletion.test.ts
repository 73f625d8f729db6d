import fs from 'node:fs';
import path from 'node:path';
import { SOCKET_CLOSE } from '@kindred/protocol';
import { describe, expect, it } from 'vitest';
import { as, buildUser, signIn } from './helpers/factories.js';
import { allRows, buildFootprint, distinctiveName, referencesByTable, STAFF_ONLY_TABLES } from './helpers/member-footprint.js';
import { connectMember } from './helpers/socket-client.js';
import { startApp, useSharedApp, type TestApp } from './helpers/test-app.js';

const DELETE = '/member/account/delete';
const shared = useSharedApp();

/** Every file under the uploads folder, as keys (`photo/12/abc.jpg`). */
function storedKeys(ctx: TestApp): string[] {
  const root = ctx.config.uploadsDir;
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((name) => fs.statSync(path.join(root, name)).isFile()).map((name) => name.split(path.sep).join('/'));
}

describe('POST /member/account/delete', () => {
  it('removes every row and file of the member: a scan of every table and of the uploads folder finds nothing', async () => {
    const ctx = await startApp();
    const member = await buildUser(ctx, { username: distinctiveName() });
    const { other, files } = await buildFootprint(ctx, member);
    const { id, username, email } = member.user;

    // Every table that references members holds a row of this member before: a table added later
    // without a row here fails this line, so it cannot be forgotten by the scan below.
    const refs = await referencesByTable(ctx);
    const before = await allRows(ctx);
    const untouched = [...refs.keys()].filter((table) => !STAFF_ONLY_TABLES.has(table) && !before.get(table)!.some((row) => refs.get(table)!.some((ref) => row[ref.column] === id)));
    expect(untouched, 'tables with no row of the member: give the member a row in helpers/member-footprint.ts').toEqual([]);
    for (const url of files) expect(storedKeys(ctx)).toContain(url.replace('/uploads/', ''));

    const wrong = await as(ctx, member.token).post(DELETE, { password: 'not-my-password' });
    expect(wrong.body).toMatchObject({ status: -4, error: 'password_wrong' });
    expect(await ctx.db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()).toBeDefined();

    const res = await as(ctx, member.token).post(DELETE, { password: member.password });
    expect(res.body).toMatchObject({ status: 200 });

    const after = await allRows(ctx);
    const found: string[] = [];
    const ownPath = new RegExp(`/uploads/[a-z]+/${id}/`);
    for (const [table, rows] of after) {
      const memberColumns = new Set((refs.get(table) ?? []).map((ref) => ref.column));
      if (table === 'users') memberColumns.add('id');
      for (const row of rows) {
        for (const [column, value] of Object.entries(row)) {
          if (memberColumns.has(column) && value === id) found.push(`${table}.${column} = ${id}`);
          // The audit log is the operator's record of staff actions and is never edited (modules/admin).
          if (typeof value === 'string' && table !== 'audit_log' && (value.includes(username) || value.includes(email) || ownPath.test(value))) found.push(`${table}.${column}: ${value}`);
        }
      }
    }
    expect(found).toEqual([]);
    expect(storedKeys(ctx).filter((key) => key.split('/')[1] === String(id))).toEqual([]);

    // Bookkeeping stays without the person; the other member keeps their own rows.
    const ledger = after.get('ledger')!;
    expect(ledger.filter((row) => row.user_id === null).map((row) => row.delta).sort()).toEqual([-100, 1000].sort());
    expect(after.get('orders')!.filter((row) => row.amount_cents === 999)).toMatchObject([{ user_id: null, gainer_id: null, credits: 1000 }]);
    expect(after.get('orders')!.filter((row) => row.amount_cents === 1999)).toMatchObject([{ user_id: other.user.id, gainer_id: null }]);
    expect(after.get('users')!.find((row) => row.id === other.user.id)).toMatchObject({ invited_by: null });
    expect(await as(ctx, other.token).post('/member/index/userinfo')).toMatchObject({ body: { status: 200 } });
  });

  it('ends every session and closes the member’s sockets at once; signing in is refused afterwards', async () => {
    const ctx = shared();
    const member = await buildUser(ctx);
    const phoneToken = await signIn(ctx, member.user.id, 'm');
    const { socket } = await connectMember(ctx, phoneToken);

    expect((await as(ctx, member.token).post(DELETE, { password: member.password })).body.status).toBe(200);

    let timer: NodeJS.Timeout | undefined;
    const closed = await Promise.race([socket.closed, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('socket still open')), 2_000)))]).finally(() => clearTimeout(timer));
    expect(closed.code).toBe(SOCKET_CLOSE.unauthorized);
    expect((await as(ctx, phoneToken).post('/member/index/userinfo')).http).toBe(401);
    expect((await as(ctx, member.token).post(DELETE, { password: member.password })).http).toBe(401);
    const login = await as(ctx).post('/member/index/login', { account: member.user.username, password: member.password });
    expect(login.body).toMatchObject({ error: 'login_failed' });
  });

  it('checks the password under the sign-in back-off: past LOGIN_FAILURE_LIMIT one guess per wait, then 429 without checking', async () => {
    const ctx = await startApp({ env: { LOGIN_FAILURE_LIMIT: '2' } });
    const member = await buildUser(ctx);
    // Two free guesses, then the first wait's one attempt (auth-throttle.ts).
    for (let i = 0; i < 3; i++) expect((await as(ctx, member.token).post(DELETE, { password: `guess-${i}` })).body.error).toBe('password_wrong');
    const limited = await as(ctx, member.token).post(DELETE, { password: member.password });
    expect(limited.http).toBe(429);
    expect(limited.body.error).toBe('rate_limited');
    expect(await ctx.db.selectFrom('users').select('id').where('id', '=', member.user.id).executeTakeFirst()).toBeDefined();
  });

  it('refuses bad input with 400, visitors with 401, and staff accounts (no_permission)', async () => {
    const ctx = shared();
    const member = await buildUser(ctx);
    expect((await as(ctx, member.token).post(DELETE, {})).http).toBe(400);
    expect((await as(ctx, member.token).postJson(DELETE, { password: ['x'] })).http).toBe(400);
    expect((await as(ctx, member.token).post(DELETE, { password: 'x'.repeat(5000) })).http).toBe(400);
    expect((await as(ctx).post(DELETE, { password: 'whatever' })).http).toBe(401);
    const staff = await buildUser(ctx, { role: 'support' });
    expect((await as(ctx, staff.token).post(DELETE, { password: staff.password })).body.error).toBe('no_permission');
  });

  it('lets a member whose account awaits approval delete it', async () => {
    const ctx = shared();
    const pending = await buildUser(ctx, { status: 2 });
    expect((await as(ctx, pending.token).post(DELETE, { password: pending.password })).body.status).toBe(200);
    expect(await ctx.db.selectFrom('users').select('id').where('id', '=', pending.user.id).executeTakeFirst()).toBeUndefined();
  });
});
