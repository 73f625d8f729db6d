import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { memberReferences, tableNames, type MemberReference } from '../../src/db/member-references.js';
import { as, buildUser, type BuiltUser } from './factories.js';
import { imagePart, makeImage } from './images.js';
import type { TestApp } from './test-app.js';

/** Tables only staff accounts have rows in (modules/admin); a member's deletion never meets them. */
export const STAFF_ONLY_TABLES = new Set(['staff_factors', 'staff_recovery_codes', 'staff_tickets', 'admin_sessions', 'audit_log']);

/** A username no other row can contain by chance. */
export const distinctiveName = () => `Zq${randomBytes(5).toString('hex')}`;

export interface Footprint {
  member: BuiltUser;
  other: BuiltUser;
  files: string[];
}

/**
 * A member with rows in every table that references members, both ways where a table has two
 * sides, and a file in every upload folder; `other` is the member on the other side.
 */
export async function buildFootprint(ctx: TestApp, member: BuiltUser): Promise<Footprint> {
  const other = await buildUser(ctx);
  const id = member.user.id;
  const now = ctx.now();
  const db = ctx.db;
  const files: string[] = [];
  const api = as(ctx, member.token);

  const avatar = await api.postMultipart('/member/index/uploadImg', {}, [imagePart('img', await makeImage('png', 300, 300), 'png')]);
  const photo = await api.postMultipart('/member/index/uploads', { dir: 'photo' }, [imagePart('file', await makeImage('jpeg', 80, 60), 'jpeg')]);
  const dynamic = await api.postMultipart('/member/index/uploads', { dir: 'dynamic' }, [imagePart('file', await makeImage('jpeg', 60, 80), 'jpeg')]);
  for (const res of [avatar, photo, dynamic]) if (res.body.status !== 200) throw new Error(`upload failed: ${res.raw}`);
  files.push(avatar.body.data.url, photo.body.data.url, dynamic.body.data.url);
  await db.updateTable('users').set({ avatar: avatar.body.data.url }).where('id', '=', id).execute();
  await db.updateTable('users').set({ invited_by: id }).where('id', '=', other.user.id).execute();

  const report = await api.postMultipart('/member/reports/reports', { userid: String(other.user.id), email: member.user.email, content: `about ${other.user.username}` }, [
    imagePart('img', await makeImage('png', 32, 32), 'png'),
  ]);
  if (report.body.status !== 200) throw new Error(`report failed: ${report.raw}`);
  files.push(report.body.data.img);
  await db.insertInto('reports').values({ reporter_id: other.user.id, reported_id: id, type: 2, content: `about ${member.user.username}`, img: '', email: 'x@y.io', status: 'resolved', result: '', handled_by: id, created_at: now }).execute();

  await db.insertInto('password_resets').values({ user_id: id, token_hash: randomBytes(32).toString('hex'), created_at: now, expires_at: now + 3_600_000, used_at: null }).execute();
  await db.insertInto('likes').values([{ liker_id: id, target_id: other.user.id, created_at: now }, { liker_id: other.user.id, target_id: id, created_at: now }]).execute();
  await db.insertInto('blocks').values([{ blocker_id: id, blocked_id: other.user.id, created_at: now }, { blocker_id: other.user.id, blocked_id: id, created_at: now }]).execute();
  await db.insertInto('trends').values({ user_id: id, type: 1, content: `hello from ${member.user.username}`, img: dynamic.body.data.url, created_at: now }).execute();
  await db.insertInto('photos').values({ user_id: id, img: photo.body.data.url, created_at: now }).execute();
  await db.insertInto('background_photos').values({ user_id: id, img: photo.body.data.url, created_at: now }).execute();
  const sent = await db.insertInto('messages').values({ sender_id: id, reciver_id: other.user.id, type: 'img', content: '', img: dynamic.body.data.url, client_id: 'c1', created_at: now }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('messages').values({ sender_id: other.user.id, reciver_id: id, type: 'text', content: `hi ${member.user.username}`, img: '', client_id: 'c2', created_at: now }).execute();
  await db.insertInto('conversations').values([
    { user_id: id, peer_id: other.user.id, unread: 0, last_message_id: sent.id, cleared_before_id: 0, hidden: 0, updated_at: now },
    { user_id: other.user.id, peer_id: id, unread: 1, last_message_id: sent.id, cleared_before_id: 0, hidden: 0, updated_at: now },
  ]).execute();
  await db.insertInto('mails').values([{ sender_id: id, recipient_id: other.user.id, msg: 'hello', type: 0, created_at: now }, { sender_id: other.user.id, recipient_id: id, msg: 'hey', type: 1, created_at: now }]).execute();
  await db.insertInto('notices').values({ user_id: id, type: 'report', status: 0, payload: JSON.stringify({ result: 'handled' }), created_at: now }).execute();

  let gift = await db.selectFrom('gifts').select(['id', 'path', 'category_id']).executeTakeFirst();
  if (!gift) {
    const category = await db.insertInto('gift_categories').values({ name_en: 'c', name_zh_cn: 'c', name_zh_tw: 'c', sort: 0 }).returning('id').executeTakeFirstOrThrow();
    gift = await (db as unknown as Kysely<any>).insertInto('gifts').values({ category_id: category.id, path: '/static/gift.png', price: 100, active: 1, sort: 0 }).returning(['id', 'path', 'category_id']).executeTakeFirstOrThrow();
  }
  await db.insertInto('gift_sends').values([
    { gift_id: gift.id, sender_id: id, recipient_id: other.user.id, message: 'for you', number: 1, price: 100, created_at: now },
    { gift_id: gift.id, sender_id: other.user.id, recipient_id: id, message: 'thanks', number: 1, price: 100, created_at: now },
  ]).execute();
  // The recipient's notice names the giver in its payload, where no foreign key sees it.
  await db.insertInto('notices').values({ user_id: other.user.id, type: 'gift', status: 0, payload: JSON.stringify({ content: 'for you', gift: { givername: member.user.username, cid: gift.category_id, gid: gift.id, path: gift.path } }), created_at: now }).execute();

  await db.updateTable('users').set({ credits: 900 }).where('id', '=', id).execute();
  await db.insertInto('ledger').values([
    { user_id: id, delta: 1000, balance_after: 1000, reason: 'recharge', ref_type: 'order', ref_id: null, created_at: now },
    { user_id: id, delta: -100, balance_after: 900, reason: 'gift', ref_type: 'gift_send', ref_id: null, created_at: now },
  ]).execute();
  const untyped = db as unknown as Kysely<any>;
  await untyped.insertInto('orders').values([
    { user_id: id, gainer_id: id, order_type: 1, package_id: null, pay_type: 2, amount_cents: 999, credits: 1000, status: 'paid', guid: `g-${id}`, provider_ref: '', created_at: now, paid_at: now },
    { user_id: other.user.id, gainer_id: id, order_type: 2, package_id: null, pay_type: 2, amount_cents: 1999, credits: 0, status: 'paid', guid: `h-${id}`, provider_ref: '', created_at: now, paid_at: now },
  ]).execute();
  await untyped.insertInto('pay_guids').values({ guid: `pg-${id}`, user_id: id, created_at: now, expires_at: now + 3_600_000 }).execute();
  return { member, other, files };
}

/** The catalogue's references to users, grouped by table. */
export async function referencesByTable(ctx: TestApp): Promise<Map<string, MemberReference[]>> {
  const refs = await memberReferences(ctx.db as unknown as Kysely<any>, ctx.database.dialect);
  const map = new Map<string, MemberReference[]>();
  for (const ref of refs) map.set(ref.table, [...(map.get(ref.table) ?? []), ref]);
  return map;
}

/** Every table of the database, every row, as plain objects (test databases are small). */
export async function allRows(ctx: TestApp): Promise<Map<string, Record<string, unknown>[]>> {
  const db = ctx.db as unknown as Kysely<any>;
  const result = new Map<string, Record<string, unknown>[]>();
  for (const table of await tableNames(db, ctx.database.dialect)) result.set(table, await db.selectFrom(table).selectAll().execute());
  return result;
}
