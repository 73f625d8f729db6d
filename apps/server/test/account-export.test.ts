import http from 'node:http';
import type { Kysely } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { AccountDataRepository } from '../src/modules/account-data/account-data.repository.js';
import { EXPORT_PAGE_ROWS } from '../src/modules/account-data/account-export.service.js';
import { as, buildUser } from './helpers/factories.js';
import { allRows, buildFootprint, distinctiveName, referencesByTable } from './helpers/member-footprint.js';
import { socketUrl } from './helpers/socket-client.js';
import { startApp, useSharedApp, type TestApp } from './helpers/test-app.js';
import { readZip } from './helpers/zip.js';

const EXPORT = '/member/account/export';
const shared = useSharedApp();

/** References the export leaves out on purpose (account-export.service.ts NOT_THEIRS). */
const NOT_THEIRS = new Set(['reports.reported_id', 'reports.handled_by', 'blocks.blocked_id', 'users.invited_by']);

async function download(ctx: TestApp, token: string) {
  const res = await ctx.app.inject({ method: 'POST', url: EXPORT, headers: { authorization: `Bearer ${token}` } });
  return { res, entries: res.headers['content-type'] === 'application/zip' ? await readZip(res.rawPayload) : new Map<string, Buffer>() };
}

const json = (entries: Map<string, Buffer>, name: string) => JSON.parse(entries.get(name)!.toString('utf8')) as Record<string, unknown>[];

describe('POST /member/account/export', () => {
  it('answers a ZIP (attachment) with every row the member owns, one JSON file per table, and their files', async () => {
    const ctx = await startApp();
    const member = await buildUser(ctx, { username: distinctiveName() });
    const { files } = await buildFootprint(ctx, member);
    const id = member.user.id;

    const { res, entries } = await download(ctx, member.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="kindred-${member.user.username}-\\d{4}-\\d{2}-\\d{2}\\.zip"$`));
    expect(res.headers['cache-control']).toBe('no-store');

    const [profile] = json(entries, 'profile.json');
    expect(profile).toMatchObject({ id, username: member.user.username, email: member.user.email });

    // Every table that names the member: exactly the rows that name them (by the columns that are theirs).
    const refs = await referencesByTable(ctx);
    const rows = await allRows(ctx);
    for (const [table, tableRefs] of refs) {
      const columns = tableRefs.filter((ref) => !NOT_THEIRS.has(`${table}.${ref.column}`)).map((ref) => ref.column);
      if (columns.length === 0) continue;
      const expected = rows.get(table)!.filter((row) => columns.some((column) => row[column] === id));
      const exported = json(entries, `${table}.json`);
      expect(exported.length, table).toBe(expected.length);
      if ('id' in (expected[0] ?? {})) expect(exported.map((row) => row.id).sort(), table).toEqual(expected.map((row) => row.id).sort());
    }
    expect(json(entries, 'messages.json')).toHaveLength(2);
    expect(json(entries, 'ledger.json').map((row) => row.delta)).toEqual([1000, -100]);
    // What others decided about the member stays theirs: who reported or blocked them.
    expect(json(entries, 'reports.json').every((row) => row.reporter_id === id)).toBe(true);
    expect(json(entries, 'blocks.json').every((row) => row.blocker_id === id)).toBe(true);

    // No secret of any table leaves the server.
    const everything = [...entries].filter(([name]) => name.endsWith('.json')).map(([, data]) => data.toString('utf8')).join('\n');
    expect(everything).not.toMatch(/password_hash|token_hash|username_key/);

    // The stored pictures, byte for byte.
    for (const url of files) {
      const key = url.replace('/uploads/', '');
      const stored = await ctx.storage.read(key);
      const chunks: Buffer[] = [];
      for await (const chunk of stored!.body) chunks.push(chunk as Buffer);
      expect(entries.get(`files/${key}`)?.equals(Buffer.concat(chunks)), key).toBe(true);
    }
    expect(entries.has('README.txt')).toBe(true);
  });

  it('takes the token from the Authorization header only: visitors and tokens in the URL answer 401 envelopes', async () => {
    const ctx = shared();
    const member = await buildUser(ctx);
    const visitor = await as(ctx).post(EXPORT);
    expect(visitor.http).toBe(401);
    expect(visitor.body.error).toBe('unauthorized');
    const inUrl = await ctx.app.inject({ method: 'POST', url: `${EXPORT}?token=${member.token}` });
    expect(inUrl.statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: EXPORT, headers: { authorization: `Bearer ${member.token}` } })).headers['content-type']).not.toBe('application/zip');
  });

  it('a member with nothing but a profile gets valid, empty JSON arrays', async () => {
    const ctx = shared();
    const member = await buildUser(ctx);
    const { entries } = await download(ctx, member.token);
    expect(json(entries, 'messages.json')).toEqual([]);
    expect(json(entries, 'profile.json')).toHaveLength(1);
    expect([...entries.keys()].some((name) => name.startsWith('files/'))).toBe(false);
  });

  it('streams: reads each table a page at a time while the ZIP is already on its way (memory stays flat)', async () => {
    const ctx = await startApp();
    const member = await buildUser(ctx);
    const other = await buildUser(ctx);
    const total = EXPORT_PAGE_ROWS * 6 + 7;
    const now = ctx.now();
    const db = ctx.db as unknown as Kysely<any>;
    for (let start = 0; start < total; start += 1000) {
      const count = Math.min(1000, total - start);
      await db.insertInto('messages').values(Array.from({ length: count }, (_, i) => ({ sender_id: member.user.id, reciver_id: other.user.id, type: 'text', content: `m${start + i} ${'x'.repeat(400)}`, img: '', client_id: `c${start + i}`, created_at: now }))).execute();
    }

    // Each page query notes how many bytes of the ZIP the client had received by then.
    let received = 0;
    const pages: { rows: number; receivedBefore: number }[] = [];
    const original = AccountDataRepository.prototype.pageOf;
    const spy = vi.spyOn(AccountDataRepository.prototype, 'pageOf').mockImplementation(async function (this: AccountDataRepository, table, ...rest) {
      const before = received;
      const rows = await original.call(this, table, ...rest);
      if (table === 'messages') pages.push({ rows: rows.length, receivedBefore: before });
      return rows;
    });
    try {
      const base = (await socketUrl(ctx)).replace(/^ws/, 'http');
      const heapBefore = process.memoryUsage().heapUsed;
      let heapPeak = heapBefore;
      const zip = await new Promise<Buffer>((resolve, reject) => {
        const req = http.request(`${base}${EXPORT}`, { method: 'POST', headers: { authorization: `Bearer ${member.token}` } }, (res) => {
          expect(res.headers['content-type']).toBe('application/zip');
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => {
            received += chunk.length;
            chunks.push(chunk);
            heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
          });
          res.on('end', () => resolve(Buffer.concat(chunks)));
          res.on('error', reject);
        });
        req.on('error', reject);
        req.end();
      });
      expect(pages.length).toBeGreaterThanOrEqual(7);
      expect(Math.max(...pages.map((p) => p.rows))).toBeLessThanOrEqual(EXPORT_PAGE_ROWS);
      // The last pages were read after bytes of the ZIP had reached the client: it is not built first.
      expect(pages.at(-1)!.receivedBefore).toBeGreaterThan(0);
      const messages = JSON.parse((await readZip(zip)).get('messages.json')!.toString('utf8')) as unknown[];
      expect(messages).toHaveLength(total);
      console.info(`export of ${total} messages (${zip.length} bytes zipped): heap grew by at most ${Math.round((heapPeak - heapBefore) / 1_048_576)} MB`);
    } finally {
      spy.mockRestore();
    }
  });
});
