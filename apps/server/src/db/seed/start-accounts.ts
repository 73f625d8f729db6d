import { SUPPORT_ACCOUNT_ID } from '@kindred/protocol';
import type { Config } from '../../config.js';
import type { PasswordHasher } from '../../infra/passwords.js';
import type { Storage } from '../../infra/storage.js';
import type { Db } from '../database.js';
import { DEMO_STAFF_PASSWORD, seedDemo, type SeedResult } from './demo.js';

/** How a staff account can sign in after the start. */
/** set: by its variable at this start; kept: set at an earlier start; demo: the demo password; none: cannot sign in. */
export type StaffPassword = 'set' | 'kept' | 'demo' | 'none';

export interface StaffAccount {
  id: number;
  username: string;
  /** The variable that sets its password. */
  variable: 'ADMIN_PASSWORD' | 'SUPPORT_PASSWORD';
  password: StaffPassword;
}

export interface StartAccounts {
  /** The demo community seeded by this start (null: not asked for, or the database has members). */
  seeded: SeedResult | null;
  staff: StaffAccount[];
  /** Production only: staff accounts whose demo password this start removed (a database seeded earlier). */
  demoPasswordRemoved: string[];
}

const STAFF = [
  { id: 1, variable: 'ADMIN_PASSWORD' },
  { id: SUPPORT_ACCOUNT_ID, variable: 'SUPPORT_PASSWORD' },
] as const;

/**
 * What a start does to accounts (issue 9, finding 2: production started with known passwords):
 * - the demo community only when config.seedDemo (which is false in production unless SEED_DEMO
 *   is set), and never on a database that has members;
 * - staff passwords from ADMIN_PASSWORD / SUPPORT_PASSWORD when set;
 * - in production the staff never keep a known password: the demo seed leaves theirs empty (which
 *   nothing matches), and one a database got from an earlier demo seed is removed.
 * Answers what the banner says; it never holds a password, so none can be printed.
 */
export async function prepareAccounts(db: Db, config: Config, deps: { hasher: PasswordHasher; storage: Storage }): Promise<StartAccounts> {
  const production = config.env === 'production';
  const seeded = config.seedDemo ? await seedDemo(db, { ...deps, demoStaffPassword: !production }) : null;
  const fromEnvironment = { ADMIN_PASSWORD: config.adminPassword, SUPPORT_PASSWORD: config.supportPassword };

  const staff: StaffAccount[] = [];
  const demoPasswordRemoved: string[] = [];
  for (const { id, variable } of STAFF) {
    const row = await db.selectFrom('users').select(['username', 'password_hash']).where('id', '=', id).executeTakeFirstOrThrow();
    const password = fromEnvironment[variable];
    if (password) {
      await db.updateTable('users').set({ password_hash: await deps.hasher.hash(password) }).where('id', '=', id).execute();
      staff.push({ id, username: row.username, variable, password: 'set' });
      continue;
    }
    const isDemo = row.password_hash !== '' && (await deps.hasher.verify(DEMO_STAFF_PASSWORD, row.password_hash));
    if (isDemo && production) {
      await db.updateTable('users').set({ password_hash: '' }).where('id', '=', id).execute();
      demoPasswordRemoved.push(row.username);
    }
    const usable = row.password_hash !== '' && !(isDemo && production);
    staff.push({ id, username: row.username, variable, password: !usable ? 'none' : isDemo ? 'demo' : 'kept' });
  }
  return { seeded, staff, demoPasswordRemoved };
}

/** The banner's line for a staff account: how it signs in, never with what. */
export function staffLine(account: StaffAccount): string {
  switch (account.password) {
    case 'set':
      return `password set by ${account.variable}`;
    case 'kept':
      return `password set earlier (${account.variable} changes it)`;
    case 'demo':
      return 'demo password (see the README)';
    case 'none':
      return `no password yet: set ${account.variable} (at least 8 characters) and restart`;
  }
}
