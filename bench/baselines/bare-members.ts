import { createHash } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { effectiveVip as levelInForce, isShownOnline, LIMITS, MEMBER_LIST_TYPES, ONLINE_WINDOW_MS, showsLastActive, UserStatus } from '@kindred/protocol';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { activityColumn, countStatements, listStatement, sessionStatements, trendStatement, type Dialect, type ListType, type Stmt } from './bare-members-sql.js';

/**
 * The bare baseline for `userlist` and `trend`: node:http plus the same statements our server runs
 * (bare-members-sql.ts, checked against the repositories by the bench), prepared once, with the
 * same session check (token hash lookup, the caller's row, the once-a-minute touch), the same
 * answer (envelope and wire fields) — and no framework, schema validation, logging or hooks.
 */
const PAGE = LIMITS.memberPageSize;
const TOUCH_EVERY_MS = 60_000;
const LIST_TYPES = new Set<string>(MEMBER_LIST_TYPES);

interface Db {
  dialect: Dialect;
  all(s: Stmt): Promise<Record<string, any>[]>;
  run(s: Stmt): Promise<void>;
}

function sqliteDb(file: string): Db {
  const db = new SQLite(file);
  // The pragmas of the server's openDatabase.
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  // The server's SQLITE_SYNCHRONOUS (default full).
  db.pragma(`synchronous = ${process.env.SQLITE_SYNCHRONOUS === 'normal' ? 'NORMAL' : 'FULL'}`);
  db.pragma('busy_timeout = 5000');
  const prepared = new Map<string, SQLite.Statement>();
  const stmt = (sql: string) => {
    let s = prepared.get(sql);
    if (!s) prepared.set(sql, (s = db.prepare(sql)));
    return s;
  };
  return {
    dialect: 'sqlite',
    async all(s) {
      return stmt(s.sql).all(...s.params) as Record<string, any>[];
    },
    async run(s) {
      stmt(s.sql).run(...s.params);
    },
  };
}

function postgresDb(url: string): Db {
  // int8 as numbers, as the server's database.ts sets it.
  pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const names = new Map<string, string>();
  const name = (sql: string) => {
    let n = names.get(sql);
    if (!n) names.set(sql, (n = `bare${names.size}`));
    return n;
  };
  return {
    dialect: 'postgres',
    async all(s) {
      return (await pool.query({ name: name(s.sql), text: s.sql, values: s.params })).rows;
    },
    async run(s) {
      await pool.query({ name: name(s.sql), text: s.sql, values: s.params });
    },
  };
}

const db = process.env.DATABASE_URL ? postgresDb(process.env.DATABASE_URL) : sqliteDb(path.join(process.env.DATA_DIR!, 'kindred.sqlite'));
const S = sessionStatements(db.dialect);

const seconds = (ms: number) => Math.floor(ms / 1000);

const effectiveVip = (vip: number, until1: number, until2: number, nowSec: number) => levelInForce({ vip, overduedate_1: until1, overduedate_2: until2 }, nowSec);

async function viewerOf(token: string, now: number) {
  if (!token || token.length > 200) return null;
  const hash = createHash('sha256').update(token).digest('hex');
  const session = (await db.all({ sql: S.session, params: [hash, now] }))[0];
  if (!session) return null;
  const user = (await db.all({ sql: S.user, params: [session.user_id] }))[0];
  if (!user || user.status === UserStatus.disabled) return null;
  if (now - session.last_seen_at > TOUCH_EVERY_MS) {
    await db.run({ sql: S.touchSession, params: [now, session.id] });
    await db.run({ sql: S.touchUser, params: [now, 1, now, user.id] });
  }
  return { id: user.id as number, sex: user.sex as number, vip: effectiveVip(user.vip, seconds(user.vip1_until), seconds(user.vip2_until), seconds(now)) };
}

type Viewer = NonNullable<Awaited<ReturnType<typeof viewerOf>>>;
interface Answer {
  status: number;
  msg: string;
  data: unknown;
}

function card(row: Record<string, any>, viewer: Viewer, now: number) {
  const activeAt = row[activityColumn(viewer.sex)] as number;
  const raw = { is_online: now - activeAt < ONLINE_WINDOW_MS ? 1 : 0, is_yin: row.is_yin ? 1 : 0 };
  return {
    id: row.id,
    avatar: row.avatar,
    username: row.username,
    vip: effectiveVip(row.vip, seconds(row.vip1_until), seconds(row.vip2_until), seconds(now)),
    sex: row.sex,
    birthday: row.birthday,
    is_online: isShownOnline(viewer.sex, raw) ? 1 : 0,
    is_yin: raw.is_yin,
    is_like: row.is_like ? 1 : 0,
    country: row.country,
    signature: row.signature,
    is_auth: row.is_auth ? 1 : 0,
    last_login_time: showsLastActive(viewer.sex, raw) ? seconds(activeAt) : 0,
  };
}

async function userlist(viewer: Viewer, form: URLSearchParams, now: number): Promise<Answer> {
  const page = Number(form.get('page') || 1);
  const type = (form.get('type') || 'all').trim().toLowerCase() || 'all';
  const vip = form.get('vip');
  const username = (form.get('username') ?? '').trim();
  if (!Number.isInteger(page) || page < 1 || !LIST_TYPES.has(type)) return { status: 400, msg: 'Bad request', data: null };
  if (page > 1 && viewer.vip === 0) return { status: -5, msg: 'Need to upgrade~', data: { redirect: 'upgrade' } };
  const input = {
    viewerId: viewer.id,
    viewerSex: viewer.sex,
    type: type as ListType,
    now,
    offset: (page - 1) * PAGE,
    limit: PAGE,
    ...(vip ? { vip: Number(vip) } : {}),
    ...(username ? { username } : {}),
  };
  const [rows, ...counted] = await Promise.all([db.all(listStatement(db.dialect, input)), ...countStatements(db.dialect, input).map((s) => db.all(s))]);
  const total = counted.map((c) => Number(c[0]!.n)).reduce((sum, n, k) => (k === 0 ? n : sum - n), 0);
  return {
    status: 200,
    msg: 'success',
    data: { data: rows.map((r) => card(r, viewer, now)), user: { vip: viewer.vip }, page, last_page: Math.max(1, Math.ceil(total / PAGE)), total },
  };
}

async function trend(viewer: Viewer, form: URLSearchParams, now: number): Promise<Answer> {
  const page = Number(form.get('page') || 1);
  const rows = await db.all(trendStatement(db.dialect, (page - 1) * LIMITS.trendPageSize, LIMITS.trendPageSize + 1, viewer.id));
  const shown = rows.slice(0, LIMITS.trendPageSize);
  const more = rows.length > LIMITS.trendPageSize;
  return {
    status: 200,
    msg: 'success',
    data: {
      data: shown.map((r) => ({
        id: r.id,
        mid: r.user_id,
        username: r.username,
        avatar: r.avatar,
        vip: effectiveVip(r.vip, seconds(r.vip1_until), seconds(r.vip2_until), seconds(now)),
        sex: r.sex,
        birthday: r.birthday,
        type: r.type,
        content: r.content,
        img: r.img,
        mine: r.user_id === viewer.id ? 1 : 0,
        create_time: seconds(r.created_at),
      })),
      has_more: more ? 1 : 0,
      next_before: more ? shown[shown.length - 1]!.id : 0,
    },
  };
}

const ROUTES: Record<string, typeof userlist> = { '/member/index/userlist': userlist, '/member/trend/trend': trend };

http
  .createServer((req, res) => {
    if (req.url === '/healthz') return void res.end('ok');
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const route = ROUTES[(req.url ?? '').toLowerCase()];
      const now = Date.now();
      const viewer = route ? await viewerOf(/^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1]?.trim() ?? '', now) : null;
      const answer: Answer = !route
        ? { status: 404, msg: 'Not found', data: null }
        : !viewer
          ? { status: 401, msg: 'Please sign in', data: null }
          : await route(viewer, new URLSearchParams(Buffer.concat(chunks).toString()), now);
      res.statusCode = answer.status === 401 || answer.status === 404 || answer.status === 400 ? answer.status : 200;
      res.setHeader('content-type', 'application/json; charset=utf-8');
      res.end(JSON.stringify(answer));
    });
  })
  .listen(Number(process.env.PORT), '127.0.0.1');

process.on('SIGTERM', () => process.exit(0));
