import { createHash } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';

/**
 * The bare baseline for `userinfo`: node:http plus the same three prepared queries our server runs
 * (session by token hash, the user row, the member's trend count), no framework, no validation.
 */
type Query = (token: string, now: number) => Promise<Record<string, unknown> | null>;

function sqliteQuery(file: string): Query {
  const db = new SQLite(file, { readonly: false });
  db.pragma('journal_mode = WAL');
  const session = db.prepare('select user_id from sessions where token_hash = ? and expires_at > ?');
  const user = db.prepare('select * from users where id = ?');
  const trends = db.prepare('select count(*) as n from trends where user_id = ?');
  return async (token, now) => {
    const s = session.get(createHash('sha256').update(token).digest('hex'), now) as { user_id: number } | undefined;
    if (!s) return null;
    const u = user.get(s.user_id) as Record<string, unknown>;
    const n = (trends.get(s.user_id) as { n: number }).n;
    return { ...u, newfeedcount: n };
  };
}

function pgQuery(url: string): Query {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  return async (token, now) => {
    const s = await pool.query({ name: 's', text: 'select user_id from sessions where token_hash = $1 and expires_at > $2', values: [createHash('sha256').update(token).digest('hex'), now] });
    if (!s.rows[0]) return null;
    const id = s.rows[0].user_id;
    const u = await pool.query({ name: 'u', text: 'select * from users where id = $1', values: [id] });
    const n = await pool.query({ name: 'n', text: 'select count(*) as n from trends where user_id = $1', values: [id] });
    return { ...u.rows[0], newfeedcount: Number(n.rows[0].n) };
  };
}

const query = process.env.DATABASE_URL ? pgQuery(process.env.DATABASE_URL) : sqliteQuery(path.join(process.env.DATA_DIR!, 'kindred.sqlite'));

http
  .createServer((req, res) => {
    if (req.url === '/healthz') return void res.end('ok');
    req.resume();
    req.on('end', async () => {
      const token = (req.headers.authorization ?? '').slice(7);
      const user = await query(token, Date.now());
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(user ? { status: 200, msg: 'success', data: user } : { status: 401, msg: 'Please sign in', data: null }));
    });
  })
  .listen(Number(process.env.PORT), '127.0.0.1');
