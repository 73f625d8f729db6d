import { describe, expect, it } from 'vitest';
import type { Tx } from '../src/db/database.js';
import { beforeGroupCommitBatches, GroupCommit } from '../src/db/group-commit.js';
import { buildUser } from './helpers/factories.js';
import { useSharedApp, type TestApp } from './helpers/test-app.js';

const app = useSharedApp();

/** Writes a notice per item (any small row will do) and remembers the transaction it ran in. */
function noticeWriter(ctx: TestApp, userId: number, options: { maxBatch?: number; failOn?: string } = {}) {
  const transactions: Tx[] = [];
  const writer = new GroupCommit<string, number>(
    ctx.db,
    async (trx, content) => {
      if (!transactions.includes(trx)) transactions.push(trx);
      const row = await ctx.services.repositories.notices.insert({ user_id: userId, type: 'report', payload: JSON.stringify({ content }), created_at: ctx.now() }, trx);
      if (content === options.failOn) throw new Error(`refused ${content}`);
      return row.id;
    },
    { maxBatch: options.maxBatch ?? 10, concurrency: 1, order: (a, b) => a.localeCompare(b) },
  );
  const stored = async () =>
    (await ctx.db.selectFrom('notices').select('payload').where('user_id', '=', userId).orderBy('id').execute()).map((r) => (JSON.parse(r.payload) as { content: string }).content);
  return { writer, transactions, stored };
}

describe('GroupCommit', () => {
  it('writes items that arrive together in one transaction, in the given order, and settles each after the commit', async () => {
    const ctx = app();
    const { user } = await buildUser(ctx);
    const { writer, transactions, stored } = noticeWriter(ctx, user.id);

    const ids = await Promise.all(['c', 'a', 'b'].map((item) => writer.submit(item)));

    expect(transactions).toHaveLength(1);
    expect(await stored()).toEqual(['a', 'b', 'c']);
    expect(ids).toHaveLength(3);
    expect(ids[1]).toBeLessThan(ids[2]!);
  });

  it('runs the hooks given for its database before each batch starts (the live connection sends its held-back frames there)', async () => {
    const ctx = app();
    const { user } = await buildUser(ctx);
    const { writer, transactions, stored } = noticeWriter(ctx, user.id, { maxBatch: 2 });
    // The transactions begun when the hook runs: it runs before each batch's first write.
    const seen: number[] = [];
    const stop = beforeGroupCommitBatches(ctx.db, () => void seen.push(transactions.length));
    await Promise.all(['a', 'b', 'c'].map((item) => writer.submit(item)));
    stop();
    await writer.submit('d');

    expect(transactions).toHaveLength(3);
    // Before each of the first two batches (a b, then c), not after stop.
    expect(seen).toEqual([0, 1]);
    expect(await stored()).toEqual(['a', 'b', 'c', 'd']);
  });

  it('writes at most maxBatch items a transaction; items arriving meanwhile wait for the next one', async () => {
    const ctx = app();
    const { user } = await buildUser(ctx);
    const { writer, transactions, stored } = noticeWriter(ctx, user.id, { maxBatch: 2 });

    await Promise.all(['a', 'b', 'c', 'd', 'e'].map((item) => writer.submit(item)));

    expect(transactions).toHaveLength(3);
    expect(await stored()).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('keeps nothing of a batch with a failing item: the others are written alone, the failing one rejects with its own error', async () => {
    const ctx = app();
    const { user } = await buildUser(ctx);
    const { writer, stored } = noticeWriter(ctx, user.id, { failOn: 'b' });

    const results = await Promise.allSettled(['a', 'b', 'c'].map((item) => writer.submit(item)));

    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(String((results[1] as PromiseRejectedResult).reason)).toContain('refused b');
    expect(await stored()).toEqual(['a', 'c']);
  });

  it('hands a whole batch to writeMany when given (in order, one call a batch); a failing batch is written item by item', async () => {
    const ctx = app();
    const { user } = await buildUser(ctx);
    const calls: string[][] = [];
    const insert = (trx: Tx, content: string) =>
      ctx.services.repositories.notices.insert({ user_id: user.id, type: 'report', payload: JSON.stringify({ content }), created_at: ctx.now() }, trx).then((r) => r.id);
    const writer = new GroupCommit<string, number>(ctx.db, insert, {
      maxBatch: 10,
      concurrency: 1,
      order: (a, b) => a.localeCompare(b),
      writeMany: async (trx, items) => {
        calls.push(items);
        const ids: number[] = [];
        for (const item of items) ids.push(await insert(trx, item));
        if (items.includes('x')) throw new Error('refused x');
        return ids;
      },
    });
    const stored = async () =>
      (await ctx.db.selectFrom('notices').select('payload').where('user_id', '=', user.id).orderBy('id').execute()).map((r) => (JSON.parse(r.payload) as { content: string }).content);

    const ids = await Promise.all(['b', 'a'].map((item) => writer.submit(item)));
    expect(calls).toEqual([['a', 'b']]);
    expect(ids[1]).toBeLessThan(ids[0]!);

    const results = await Promise.allSettled(['x', 'c'].map((item) => writer.submit(item)));
    expect(calls).toEqual([['a', 'b'], ['c', 'x']]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(await stored()).toEqual(['a', 'b', 'c', 'x']);
  });

  it('hands a batch to writeAtOnce first, outside any transaction; undefined or a throw sends it the transaction’s way', async () => {
    const ctx = app();
    const { user } = await buildUser(ctx);
    const atOnce: string[][] = [];
    const transactions: Tx[] = [];
    const insert = (trx: Tx | undefined, content: string) =>
      ctx.services.repositories.notices.insert({ user_id: user.id, type: 'report', payload: JSON.stringify({ content }), created_at: ctx.now() }, trx).then((r) => r.id);
    const writer = new GroupCommit<string, number>(
      ctx.db,
      (trx, item) => {
        if (!transactions.includes(trx)) transactions.push(trx);
        return insert(trx, item);
      },
      {
        maxBatch: 10,
        concurrency: 1,
        pipelined: true,
        writeAtOnce: async (items) => {
          atOnce.push(items);
          // 'skip': not a batch it takes; 'boom': it fails.
          if (items.includes('skip')) return undefined;
          if (items.includes('boom')) throw new Error('boom');
          const ids: number[] = [];
          for (const item of items) ids.push(await insert(undefined, item));
          return ids;
        },
      },
    );
    const stored = async () =>
      (await ctx.db.selectFrom('notices').select('payload').where('user_id', '=', user.id).orderBy('id').execute()).map((r) => (JSON.parse(r.payload) as { content: string }).content);

    const ids = await Promise.all(['a', 'b', 'c'].map((item) => writer.submit(item)));
    expect(atOnce).toEqual([['a', 'b', 'c']]);
    expect(transactions).toHaveLength(0);
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    // A lone item goes to writeAtOnce too.
    await writer.submit('d');
    expect(atOnce).toEqual([['a', 'b', 'c'], ['d']]);

    await Promise.all(['e', 'skip'].map((item) => writer.submit(item)));
    expect(transactions).toHaveLength(1);

    await Promise.all(['f', 'boom'].map((item) => writer.submit(item)));
    expect(atOnce.at(-1)).toEqual(['f', 'boom']);
    expect(transactions).toHaveLength(2);
    expect(await stored()).toEqual(['a', 'b', 'c', 'd', 'e', 'skip', 'f', 'boom']);
  });
});
