import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { callAs, type Member } from './members.js';
import type { RunningServer } from './server.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The sandbox provider's documented test cards (README "Payments", protocol SANDBOX_TEST_CARDS). */
export const CARDS = { success: '4242424242424242', challenge: '4000000000003220', declined: '4000000000000002' } as const;

/**
 * The shop's prices as the demo seed has them (an administrator sets them in the console): four
 * recharge packages (10/30/50/100 USD) and three packages per level (1, 3 and 12 months). Written
 * into the journey server's own SQLite file when the shop is still empty, as the console would.
 */
export function seedShop(server: RunningServer) {
  const SQLite = createRequire(path.join(ROOT, 'apps/server/package.json'))('better-sqlite3') as typeof import('better-sqlite3');
  const db = new SQLite(path.join(server.dataDir, 'kindred.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    const has = (table: string) => (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n > 0;
    if (!has('recharge_packages')) {
      const add = db.prepare('INSERT INTO recharge_packages (amount_cents, credits, sort, active) VALUES (?, ?, ?, 1)');
      for (const [cents, credits, sort] of [[1000, 1000, 1], [3000, 3200, 2], [5000, 5500, 3], [10000, 12000, 4]]) add.run(cents, credits, sort);
    }
    if (!has('membership_prices')) db.prepare('INSERT INTO membership_prices (vip, monthly_list_price_cents) VALUES (1, 2999), (2, 4999)').run();
    if (!has('upgrade_packages')) {
      const add = db.prepare('INSERT INTO upgrade_packages (vip, months, amount_cents, sort, active) VALUES (?, ?, ?, ?, 1)');
      for (const [vip, months, cents, sort] of [[1, 1, 2999, 1], [1, 3, 7499, 2], [1, 12, 23999, 3], [2, 1, 4999, 1], [2, 3, 12999, 2], [2, 12, 41999, 3]]) add.run(vip, months, cents, sort);
    }
  } finally {
    db.close();
  }
}

export interface ShopPackages {
  recharge: { id: number; amounts: string; credits: number }[];
  vip1: { id: number; duration: number; amounts: string }[];
  vip2: { id: number; duration: number; amounts: string }[];
}

export async function shopPackages(base: string, member: Member): Promise<ShopPackages> {
  const recharge = await callAs<ShopPackages['recharge']>(base, member.token, '/member/recharge/package', {});
  const plans = await callAs<{ vip1: { packages: ShopPackages['vip1'] }; vip2: { packages: ShopPackages['vip2'] } }>(base, member.token, '/member/Upgrade/package', {});
  return { recharge, vip1: plans.vip1.packages, vip2: plans.vip2.packages };
}

/** Buys credits for `member` over the API with the sandbox's success card (a journey's starting balance). */
export async function rechargeByApi(base: string, member: Member, pkg: { id: number; amounts: string }) {
  const { guid } = await callAs<{ guid: string }>(base, member.token, '/member/pay/generateuuid', {});
  const answer = await callAs<{ type: string }>(base, member.token, '/member/Pay/pay', {
    user_id: String(member.id),
    pay_type: '4',
    income: pkg.amounts,
    order_type: '1',
    packege_id: String(pkg.id),
    guid,
    card_fullName: 'Journey Payer',
    card_email: 'payer@example.com',
    card_fullPhone: '5550100',
    card_number: CARDS.success,
    exp_month: '12',
    exp_year: String(new Date().getFullYear() + 2),
    cvv: '123',
    card_country: 'US',
    card_state: 'CA',
    card_city: 'Los Angeles',
    card_address: '1 Main Street',
    card_ZipCode: '90001',
  });
  if (answer.type !== 'ok') throw new Error(`recharge answered ${answer.type}`);
}

/** Saves a screenshot when MONEY_SHOTS names a folder (a developer looking at every screen); otherwise nothing. */
export async function shot(page: Page, name: string) {
  const dir = process.env.MONEY_SHOTS;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}
