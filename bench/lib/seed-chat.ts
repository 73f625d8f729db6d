import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../apps/server/src/db/database.js';
import { migrateToLatest } from '../../apps/server/src/db/migrate.js';
import type { NewUser } from '../../apps/server/src/db/schema.js';
import { hashToken, newToken } from '../../apps/server/src/infra/tokens.js';
import { newUserRow } from '../../apps/server/src/modules/users/new-user-row.js';

const DAY = 86_400_000;
/** Rows per INSERT: well under SQLite's and PostgreSQL's limits on bound parameters. */
const BATCH = 500;

export interface ChatMember {
  id: number;
  token: string;
}

/**
 * Members for the socket bench, written straight into a migrated database (registering 10k
 * members through the API would measure scrypt and the rate limits): gold members (they chat
 * without limit), alternately men and women, each with an open session.
 */
export async function seedChatMembers({ db }: DatabaseHandle, count: number): Promise<ChatMember[]> {
  const now = Date.now();
  const tag = now.toString(36);
  const members: ChatMember[] = [];
  for (let start = 0; start < count; start += BATCH) {
    const rows: NewUser[] = [];
    for (let i = start; i < Math.min(count, start + BATCH); i++) {
      const username = `sb${tag}x${i}`;
      const facts = { username, email: `${username}@bench.kindred.local`, passwordHash: '', sex: i % 2, birthday: now - 30 * 365 * DAY, country: 'US', now };
      rows.push(newUserRow(facts, { vip: 2, vip1_until: now + 365 * DAY, vip2_until: now + 365 * DAY, invitation_code: `SB${tag}${i.toString(36)}`.toUpperCase() }));
    }
    const ids = await db.insertInto('users').values(rows).returning('id').execute();
    const sessions = ids.map(({ id }) => ({ id, token: newToken() }));
    await db
      .insertInto('sessions')
      .values(sessions.map(({ id, token }) => ({ user_id: id, token_hash: hashToken(token), terminal: 'w', user_agent: 'bench', created_at: now, last_seen_at: now, expires_at: now + DAY })))
      .execute();
    members.push(...sessions);
  }
  return members;
}

/**
 * `count` seeded members in a fresh, migrated schema of the PostgreSQL database at `pgUrl` (named
 * `<prefix>_<time>`), dropped once `use` is done; `use` gets the schema's name and a URL whose
 * search_path is the schema.
 */
export async function inChatSchema<T>(pgUrl: string, prefix: string, count: number, use: (schema: string, url: string, members: ChatMember[]) => Promise<T>): Promise<T> {
  const schema = `${prefix}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  try {
    const url = `${pgUrl}${pgUrl.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
    const handle = openDatabase({ kind: 'postgres', url });
    await migrateToLatest(handle);
    const members = await seedChatMembers(handle, count);
    await handle.destroy();
    return await use(schema, url, members);
  } finally {
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  }
}

/**
 * `count` seeded members in a fresh, migrated SQLite database in a new data folder (the server's
 * DATA_DIR; `file` is the database the server opens there), removed once `use` is done.
 */
export async function inChatSqlite<T>(count: number, use: (dataDir: string, members: ChatMember[], file: string) => Promise<T>): Promise<T> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kindred-bench-socket-'));
  const file = path.join(dataDir, 'kindred.sqlite');
  try {
    const handle = openDatabase({ kind: 'sqlite', file });
    await migrateToLatest(handle);
    const members = await seedChatMembers(handle, count);
    await handle.destroy();
    return await use(dataDir, members, file);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
