import http from 'node:http';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';

/**
 * The bare baseline of a gift send: node:http, and per request the one thing a gift cannot do
 * without, in one transaction: the conditional debit of the giver's balance (`credits >= price`)
 * and its ledger row. No framework, no token check, no gift lookup, no send row, notice or message.
 * GIVER_ID and PRICE name the balance and the amount (the bench sets them).
 */
const giverId = Number(process.env.GIVER_ID);
const price = Number(process.env.PRICE);
type Debit = () => Promise<number | null>;

function sqliteDebit(file: string): Debit {
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma(`synchronous = ${process.env.SQLITE_SYNCHRONOUS === 'normal' ? 'NORMAL' : 'FULL'}`);
  db.pragma('busy_timeout = 5000');
  const update = db.prepare('update users set credits = credits - ? where id = ? and credits >= ? returning credits');
  const ledger = db.prepare("insert into ledger (user_id, delta, balance_after, reason, ref_type, ref_id, created_at) values (?, ?, ?, 'gift', 'gift_send', null, ?)");
  const debit = db.transaction(() => {
    const row = update.get(price, giverId, price) as { credits: number } | undefined;
    if (!row) return null;
    ledger.run(giverId, -price, row.credits, Date.now());
    return row.credits;
  });
  return async () => debit.immediate();
}

function pgDebit(url: string): Debit {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  return async () => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      const row = await client.query({ name: 'u', text: 'update users set credits = credits - $1 where id = $2 and credits >= $1 returning credits', values: [price, giverId] });
      if (!row.rows[0]) {
        await client.query('rollback');
        return null;
      }
      const balance = Number(row.rows[0].credits);
      await client.query({
        name: 'l',
        text: "insert into ledger (user_id, delta, balance_after, reason, ref_type, ref_id, created_at) values ($1, $2, $3, 'gift', 'gift_send', null, $4)",
        values: [giverId, -price, balance, Date.now()],
      });
      await client.query('commit');
      return balance;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  };
}

const debit = process.env.DATABASE_URL ? pgDebit(process.env.DATABASE_URL) : sqliteDebit(path.join(process.env.DATA_DIR!, 'kindred.sqlite'));

http
  .createServer((req, res) => {
    if (req.url === '/healthz') return void res.end('ok');
    req.resume();
    req.on('end', async () => {
      const balance = await debit();
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(balance === null ? { status: -3, msg: 'Insufficient Credits', data: null } : { status: 200, msg: 'Send success', data: { amount: balance / 100 } }));
    });
  })
  .listen(Number(process.env.PORT), '127.0.0.1');
