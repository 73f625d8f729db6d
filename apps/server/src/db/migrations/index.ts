import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../dialect.js';
import { withoutForeignKeys } from '../sqlite-rebuild.js';
import * as m0001 from './0001-initial.js';
import * as m0002 from './0002-base-data.js';
import * as m0003 from './0003-discovery-indexes.js';
import * as m0004 from './0004-chat.js';
import * as m0005 from './0005-member-list-counts.js';
import * as m0006 from './0006-visible-activity.js';
import * as m0007 from './0007-billing.js';
import * as m0008 from './0008-gift-catalogue.js';
import * as m0009 from './0009-reports-account-deletion.js';
import * as m0010 from './0010-blocks.js';
import * as m0011 from './0011-admin-console.js';
import * as m0012 from './0012-antispam.js';
import * as m0013 from './0013-shop-prices.js';
import * as m0014 from './0014-messages-one-pair-index.js';

/** `rebuildsTables`: the step rebuilds SQLite tables, which needs foreign keys off around its transaction (sqlite-rebuild.ts). */
type Step = { up(db: Kysely<any>, dialect: DialectName): Promise<void>; rebuildsTables?: boolean };

/** Numbered, in order. Add a file, add a line; never edit a migration that has shipped. */
const STEPS: Record<string, Step> = {
  '0001-initial': m0001,
  '0002-base-data': m0002,
  '0003-discovery-indexes': m0003,
  '0004-chat': m0004,
  '0005-member-list-counts': m0005,
  '0006-visible-activity': m0006,
  '0007-billing': m0007,
  '0008-gift-catalogue': m0008,
  '0009-reports-account-deletion': m0009,
  '0010-blocks': m0010,
  '0011-admin-console': m0011,
  '0012-antispam': m0012,
  '0013-shop-prices': m0013,
  '0014-messages-one-pair-index': m0014,
};

export function migrationsFor(dialect: DialectName): Record<string, Migration> {
  return Object.fromEntries(
    // Kysely runs PostgreSQL migrations in a transaction but not SQLite ones; without our own, a
    // failed SQLite migration would leave half its changes behind and never apply again.
    Object.entries(STEPS).map(([name, step]) => [name, { up: (db: Kysely<any>) => (dialect === 'sqlite' ? sqliteStep(db, step) : step.up(db, dialect)) }]),
  );
}

function sqliteStep(db: Kysely<any>, step: Step): Promise<void> {
  const run = (conn: Kysely<any>) => conn.transaction().execute((trx) => step.up(trx, 'sqlite'));
  return step.rebuildsTables ? withoutForeignKeys(db, run) : run(db);
}
