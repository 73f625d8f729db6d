import { CALLS, UserStatus, type AnyCall } from '@kindred/protocol';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { as, buildUser, type Form } from './helpers/factories.js';
import { imagePart, makeImage } from './helpers/images.js';
import { enrolStaff, staffSignIn, totpAt } from './helpers/staff.js';
import { useSharedApp, type TestApp } from './helpers/test-app.js';

const shared = useSharedApp();

/** Rows a test needs, made fresh for every call so each call acts on its own objects. */
async function fixture(ctx: TestApp) {
  const member = await buildUser(ctx, { credits: 1_000 });
  const reporter = await buildUser(ctx);
  const pending = await buildUser(ctx, { status: UserStatus.pending });
  const now = ctx.now();
  const report = await ctx.db
    .insertInto('reports')
    .values({ reporter_id: reporter.user.id, reported_id: member.user.id, type: 2, content: 'rude', img: '', email: 'r@example.test', status: 'open', result: '', handled_by: null, created_at: now, handled_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const category = await ctx.db.insertInto('gift_categories').values({ name_en: 'C', name_zh_cn: 'C', name_zh_tw: 'C', sort: 0 }).returning('id').executeTakeFirstOrThrow();
  const emptyCategory = await ctx.db.insertInto('gift_categories').values({ name_en: 'E', name_zh_cn: 'E', name_zh_tw: 'E', sort: 0 }).returning('id').executeTakeFirstOrThrow();
  const gift = await ctx.db
    .insertInto('gifts')
    .values({ category_id: category.id, path: '/static/x.png', price: 100, title_en: 'g', title_zh_cn: 'g', title_zh_tw: 'g', info_en: '', info_zh_cn: '', info_zh_tw: '', active: 1, sort: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const recharge = await ctx.db.insertInto('recharge_packages').values({ amount_cents: 500, credits: 50_000, sort: 0, active: 1 }).returning('id').executeTakeFirstOrThrow();
  const upgrade = await ctx.db.insertInto('upgrade_packages').values({ vip: 1, months: 1, amount_cents: 999, sort: 0, active: 1 }).returning('id').executeTakeFirstOrThrow();
  return { member, pending, report: report.id, category: category.id, emptyCategory: emptyCategory.id, gift: gift.id, recharge: recharge.id, upgrade: upgrade.id };
}
type Fx = Awaited<ReturnType<typeof fixture>>;

/**
 * Every staff call with a valid body and whether it changes something (then it writes exactly one
 * audit row). The test fails when a staff call is missing here, so a new call cannot forget.
 */
const STAFF_CALLS: Record<string, { body: (fx: Fx) => Form; audited: boolean; image?: boolean; enrolled?: boolean }> = {
  '/admin/api/auth/logout': { body: () => ({}), audited: true },
  '/admin/api/auth/me': { body: () => ({}), audited: false },
  // The code comes from the enrolled secret below (enrolled: true).
  '/admin/api/auth/recovery_codes': { body: () => ({}), audited: true, enrolled: true },
  '/admin/api/dashboard': { body: () => ({}), audited: false },
  '/admin/api/reports/list': { body: () => ({ status: 'all' }), audited: false },
  '/admin/api/reports/detail': { body: (fx) => ({ id: fx.report }), audited: false },
  '/admin/api/reports/act': { body: (fx) => ({ id: fx.report, action: 'suspend', days: 3, result: 'Suspended for rudeness' }), audited: true },
  '/admin/api/users/pending': { body: () => ({}), audited: false },
  '/admin/api/users/approve': { body: (fx) => ({ id: fx.pending.user.id }), audited: true },
  '/admin/api/approvals/decide': { body: (fx) => ({ ids: String(fx.pending.user.id), decision: 'refuse' }), audited: true },
  '/admin/api/members/search': { body: (fx) => ({ q: fx.member.user.username }), audited: false },
  '/admin/api/members/detail': { body: (fx) => ({ id: fx.member.user.id }), audited: false },
  '/admin/api/members/sessions': { body: (fx) => ({ id: fx.member.user.id }), audited: false },
  '/admin/api/members/ledger': { body: (fx) => ({ id: fx.member.user.id }), audited: false },
  '/admin/api/members/suspend': { body: (fx) => ({ id: fx.member.user.id, days: 2, reason: 'spam' }), audited: true },
  '/admin/api/members/ban': { body: (fx) => ({ id: fx.member.user.id, reason: 'fraud' }), audited: true },
  '/admin/api/members/unban': { body: (fx) => ({ id: fx.member.user.id }), audited: true },
  '/admin/api/members/verify': { body: (fx) => ({ id: fx.member.user.id, verified: 1 }), audited: true },
  '/admin/api/members/credits': { body: (fx) => ({ id: fx.member.user.id, direction: 'deduct', amount: 300, reason: 'chargeback' }), audited: true },
  '/admin/api/members/membership': { body: (fx) => ({ id: fx.member.user.id, vip: 2, months: 3 }), audited: true },
  '/admin/api/members/end_sessions': { body: (fx) => ({ id: fx.member.user.id }), audited: true },
  '/admin/api/permissions/matrix': { body: () => ({}), audited: false },
  '/admin/api/permissions/set': { body: () => ({ vip: 0, flag: 'Add_video', allowed: 0 }), audited: true },
  '/admin/api/settings/get': { body: () => ({}), audited: false },
  '/admin/api/settings/save': { body: () => ({ free_chats: 3 }), audited: true },
  '/admin/api/audit/list': { body: () => ({}), audited: false },
  '/admin/api/gift_categories/list': { body: () => ({}), audited: false },
  '/admin/api/gift_categories/save': { body: (fx) => ({ id: fx.category, name_en: 'Flowers', name_zh_cn: '花', name_zh_tw: '花' }), audited: true },
  '/admin/api/gift_categories/delete': { body: (fx) => ({ id: fx.emptyCategory }), audited: true },
  '/admin/api/gifts/list': { body: (fx) => ({ category_id: fx.category }), audited: false },
  '/admin/api/gifts/save': { body: (fx) => ({ category_id: fx.category, price: 250, title_en: 'Rose', title_zh_cn: '玫瑰', title_zh_tw: '玫瑰' }), audited: true, image: true },
  '/admin/api/gifts/delete': { body: (fx) => ({ id: fx.gift }), audited: true },
  '/admin/api/recharge_packages/list': { body: () => ({}), audited: false },
  '/admin/api/recharge_packages/save': { body: () => ({ amount_cents: 1000, credits: 100_000 }), audited: true },
  '/admin/api/recharge_packages/delete': { body: (fx) => ({ id: fx.recharge }), audited: true },
  '/admin/api/upgrade_packages/list': { body: () => ({}), audited: false },
  '/admin/api/upgrade_packages/save': { body: (fx) => ({ id: fx.upgrade, vip: 1, months: 6, amount_cents: 4999 }), audited: true },
  '/admin/api/upgrade_packages/delete': { body: (fx) => ({ id: fx.upgrade }), audited: true },
  '/admin/api/prices/list': { body: () => ({}), audited: false },
  '/admin/api/prices/save': { body: () => ({ vip: 1, monthly_list_price_cents: 1299 }), audited: true },
};

const staffCalls = CALLS.filter((c: AnyCall) => c.access === 'staff').map((c) => c.path);

describe('the audit log', () => {
  it('knows every staff call (a new one must be listed here with its audit expectation)', () => {
    expect(Object.keys(STAFF_CALLS).sort()).toEqual([...staffCalls].sort());
  });

  it('gets exactly one row for every staff action, in its transaction, and none for a read', async () => {
    const ctx = shared();
    const png = await makeImage('png', 64, 64);
    const wrong: unknown[] = [];
    for (const [path, { body, audited, image, enrolled }] of Object.entries(STAFF_CALLS)) {
      let staff = await buildUser(ctx, { role: 'admin' });
      let token = await staffSignIn(ctx, staff.user.id);
      const form = body(await fixture(ctx));
      if (enrolled) {
        const done = await enrolStaff(ctx);
        ({ admin: staff, token } = done);
        // The enrolment spent this step's code; pretend it was long ago so the same code counts once more.
        await ctx.db.updateTable('staff_factors').set({ last_step: 0 }).where('user_id', '=', staff.user.id).execute();
        form.code = await totpAt(ctx, done.secret);
      }
      const staffRows = () => ctx.db.selectFrom('audit_log').selectAll().where('staff_id', '=', staff.user.id).orderBy('id').execute();
      const earlier = (await staffRows()).length;
      const res = image
        ? await as(ctx, token).postMultipart(path, Object.fromEntries(Object.entries(form).map(([k, v]) => [k, String(v)])), [imagePart('image', png, 'png')])
        : await as(ctx, token).post(path, form);
      const rows = (await staffRows()).slice(earlier);
      if (res.body.status !== 200 || rows.length !== (audited ? 1 : 0)) wrong.push({ path, status: res.body.status, msg: res.body.msg, rows: rows.length });
      for (const row of rows) expect(row).toMatchObject({ staff_username: staff.user.username, address: expect.any(String) });
    }
    expect(wrong).toEqual([]);
  });

  it('records who, what, which object, before and after', async () => {
    const ctx = shared();
    const staff = await buildUser(ctx, { role: 'admin' });
    const token = await staffSignIn(ctx, staff.user.id);
    const fx = await fixture(ctx);
    await as(ctx, token).post('/admin/api/members/credits', { id: fx.member.user.id, direction: 'grant', amount: 250, reason: 'goodwill' });
    const list = await as(ctx, token).post('/admin/api/audit/list', { staff_id: staff.user.id, object_type: 'member', object_id: fx.member.user.id });
    expect(list.body.data.items).toHaveLength(1);
    expect(list.body.data.items[0]).toMatchObject({
      staff: { id: staff.user.id, username: staff.user.username },
      action: 'member.credits_grant',
      object_type: 'member',
      object_id: fx.member.user.id,
      before: { credits: 1_000 },
      after: { credits: 1_250, amount: 250, reason: 'goodwill' },
    });
  });

  it('has no update or delete path anywhere in the server code', () => {
    const src = path.resolve(import.meta.dirname, '../src');
    const files = fs.readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
    const offending = files.filter((f) => /(updateTable|deleteFrom)\(\s*['"]audit_log['"]|(update|delete\s+from)\s+"?audit_log\b/i.test(fs.readFileSync(path.join(src, f), 'utf8')));
    expect(offending).toEqual([]);
    // The check is not vacuous: it finds the table's insert.
    expect(files.filter((f) => fs.readFileSync(path.join(src, f), 'utf8').includes("insertInto('audit_log')"))).toEqual([path.join('modules', 'admin', 'audit.repository.ts')]);
  });
});
