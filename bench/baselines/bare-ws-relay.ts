import http from 'node:http';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { WebSocketServer, type WebSocket } from 'ws';

/**
 * The bare baselines for the socket bench: node:http plus `ws` (the library our server uses, with
 * the same 64 KB payload limit), sockets registered by the `uid` in their URL, and each message
 * parsed as JSON and relayed to the socket of its `uid`. No authentication, no validation, no
 * acknowledgement: what a relay costs at the least.
 *
 * With STORE_SQLITE=<file> (a migrated Kindred database whose members the uids are), each message
 * is first inserted into `messages` (one prepared statement, one transaction per message, the
 * server's pragmas): what storing every message costs at the least, beside the same relay.
 * With STORE_POSTGRES=<url> (its search_path on a migrated schema), the same INSERT goes to
 * PostgreSQL: one named prepared statement per message on a pool of the server's default size (10),
 * autocommit, and the message is relayed once its INSERT has committed (as our server acknowledges).
 */
const sockets = new Map<number, WebSocket>();
const INSERT = 'insert into messages (sender_id, reciver_id, type, content, img, client_id, created_at) values ($1, $2, $3, $4, $5, $6, $7)';

type Store = (from: number, to: number, text: string) => Promise<void> | void;

function storer(): Store | undefined {
  if (process.env.STORE_POSTGRES) return postgresStorer(process.env.STORE_POSTGRES);
  if (!process.env.STORE_SQLITE) return undefined;
  const db = new SQLite(process.env.STORE_SQLITE);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  // The server's SQLITE_SYNCHRONOUS (default full: an acknowledged message survives a power cut).
  db.pragma(`synchronous = ${process.env.SQLITE_SYNCHRONOUS === 'normal' ? 'NORMAL' : 'FULL'}`);
  db.pragma('busy_timeout = 5000');
  const insert = db.prepare(INSERT.replace(/\$\d/g, '?'));
  let sequence = 0;
  return (from, to, text) => void insert.run(from, to, 'text', text, '', `bare-${process.pid}-${++sequence}`, Date.now());
}

function postgresStorer(url: string): Store {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  let sequence = 0;
  return async (from, to, text) => {
    await pool.query({ name: 'bare-insert-message', text: INSERT, values: [from, to, 'text', text, '', `bare-${process.pid}-${++sequence}`, Date.now()] });
  };
}
const store = storer();

const server = http.createServer((req, res) => {
  res.end(req.url === '/healthz' ? 'ok' : '');
});
const wss = new WebSocketServer({ server, maxPayload: 64 * 1024 });

wss.on('connection', (ws, req) => {
  const uid = Number(new URL(req.url ?? '/', 'http://relay').searchParams.get('uid'));
  sockets.set(uid, ws);
  ws.on('message', (data) => {
    const message = JSON.parse(data.toString()) as { uid?: number; content?: string };
    const to = Number(message.uid);
    const relay = () => sockets.get(to)?.send(data.toString());
    const stored = store?.(uid, to, String(message.content ?? ''));
    if (!stored) return void relay();
    // A failed INSERT ends the relay: the bench sees its sockets close rather than a rate that stored nothing.
    stored.then(relay, (error: unknown) => {
      console.error(error);
      process.exit(1);
    });
  });
  ws.on('close', () => {
    if (sockets.get(uid) === ws) sockets.delete(uid);
  });
});

server.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
