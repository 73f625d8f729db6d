import { CompiledQuery, sql, type KyselyPlugin, type PluginTransformQueryArgs, type RootOperationNode, type QueryId } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database.js';
import { AdminReportsRepository } from '../src/modules/admin/admin-reports.repository.js';
import { MessagesRepository } from '../src/modules/chat/messages.repository.js';
import { buildUser } from './helpers/factories.js';
import { useSharedApp } from './helpers/test-app.js';

const app = useSharedApp();

/** The queries a Kysely instance built, each with its id (to compile it as the app would). */
function recording(db: Db): { db: Db; queries: { node: RootOperationNode; queryId: QueryId }[] } {
  const queries: { node: RootOperationNode; queryId: QueryId }[] = [];
  const plugin: KyselyPlugin = {
    transformQuery: ({ node, queryId }: PluginTransformQueryArgs) => (queries.push({ node, queryId }), node),
    transformResult: async ({ result }) => result,
  };
  return { db: db.withPlugin(plugin), queries };
}

/**
 * Migration 0014 left messages with one pair index (messages_pair_rev: recipient, sender, id):
 * every query of a pair names both members, so that index walks the pair's ids whichever
 * direction it asks for; messages_client (sender, client_id) keeps the resend lookup and the
 * sender's foreign key. A dropped index must not turn a conversation's page into a scan.
 */
describe('message indexes', () => {
  it('are the primary key, messages_client and messages_pair_rev', async () => {
    const ctx = app();
    const names =
      ctx.database.dialect === 'sqlite'
        ? (await sql<{ name: string }>`select name from pragma_index_list('messages')`.execute(ctx.db)).rows.map((r) => r.name)
        : (await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'messages' and schemaname = current_schema()`.execute(ctx.db)).rows.map((r) => r.name);
    const ours = names.filter((n) => !n.startsWith('sqlite_autoindex') && n !== 'messages_pkey');
    expect(ours.sort()).toEqual(ctx.database.dialect === 'sqlite' ? ['messages_pair_rev'] : ['messages_client', 'messages_pair_rev']);
    if (ctx.database.dialect === 'sqlite') expect(names.filter((n) => n.startsWith('sqlite_autoindex'))).toHaveLength(1);
  });

  it('serve every query of a pair without scanning the messages', async () => {
    const ctx = app();
    const [a, b] = [await buildUser(ctx), await buildUser(ctx)];
    const { db, queries } = recording(ctx.db);
    const messages = new MessagesRepository(db);
    await messages.page(a.user.id, b.user.id, { afterId: 0, limit: 20 });
    await messages.page(a.user.id, b.user.id, { afterId: 0, beforeId: 100, limit: 20 });
    await messages.unreadFor(a.user.id, 50);
    await messages.after(a.user.id, 0, 50);
    await messages.findByClientId(a.user.id, 'c1');
    await new AdminReportsRepository(db).messagesBetween(a.user.id, b.user.id, 50);
    expect(queries).toHaveLength(7);
    for (const { node, queryId } of queries) {
      const compiled = ctx.db.getExecutor().compileQuery(node, queryId);
      const steps = await planOf(ctx.db, ctx.database.dialect, compiled);
      expect(steps.filter((s) => /^SCAN (messages|m)\b|Seq Scan on messages/.test(s)), compiled.sql).toEqual([]);
      // SQLite's planner goes by the indexes alone: it must pick the pair's (or the resend lookup's).
      if (ctx.database.dialect === 'sqlite') expect(steps.some((s) => /USING INDEX (messages_pair_rev|sqlite_autoindex_messages_1)/.test(s)), compiled.sql).toBe(true);
    }
  });
});

/**
 * The plan's steps. PostgreSQL plans a table this small as a scan whatever its indexes, so scans
 * are priced out there (enable_seqscan off, for this transaction): a scan still chosen means no
 * index can answer the query. Which index it then takes follows its statistics of an empty table
 * (the primary key, for a page with both bounds), so only the scan is asserted there.
 */
async function planOf(db: Db, dialect: 'sqlite' | 'postgres', compiled: CompiledQuery): Promise<string[]> {
  if (dialect === 'sqlite') {
    const plan = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]));
    return plan.rows.map((r) => r.detail);
  }
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    const plan = await trx.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]));
    return plan.rows.map((r) => r['QUERY PLAN'].trim().replace(/^->\s*/, ''));
  });
}
