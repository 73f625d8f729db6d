import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import type { RunningServer } from './server.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Gives a member `credits` (hundredths) in the journey server's own SQLite file, with the ledger
 * row an administrator's grant writes, so the ledger still explains the balance.
 */
export function grantCredits(server: RunningServer, memberId: number, credits: number) {
  const SQLite = createRequire(path.join(ROOT, 'apps/server/package.json'))('better-sqlite3') as typeof import('better-sqlite3');
  const db = new SQLite(path.join(server.dataDir, 'kindred.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    db.transaction(() => {
      const row = db.prepare('UPDATE users SET credits = credits + ? WHERE id = ? RETURNING credits').get(credits, memberId) as { credits: number } | undefined;
      if (!row) throw new Error(`no member ${memberId}`);
      db.prepare("INSERT INTO ledger (user_id, delta, balance_after, reason, ref_type, ref_id, created_at) VALUES (?, ?, ?, 'admin_grant', 'journey', NULL, ?)").run(memberId, credits, row.credits, Date.now());
    })();
  } finally {
    db.close();
  }
}

/** A gift of the seeded catalogue by its picture's name (e.g. 'rose'): id and price in credits. */
export function catalogueGift(server: RunningServer, file: string): { id: number; money: number } {
  const SQLite = createRequire(path.join(ROOT, 'apps/server/package.json'))('better-sqlite3') as typeof import('better-sqlite3');
  const db = new SQLite(path.join(server.dataDir, 'kindred.sqlite'), { readonly: true });
  try {
    const row = db.prepare('SELECT id, price FROM gifts WHERE path = ?').get(`/static/gifts/${file}.webp`) as { id: number; price: number } | undefined;
    if (!row) throw new Error(`no gift ${file}`);
    return { id: row.id, money: row.price / 100 };
  } finally {
    db.close();
  }
}

/** Saves a screenshot when GIFT_SHOTS names a folder (a developer looking at every screen); otherwise nothing. */
export async function giftShot(page: Page, name: string) {
  const dir = process.env.GIFT_SHOTS;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: false });
}
