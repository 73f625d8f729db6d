import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../dialect.js';
import * as m0001 from './0001-initial.js';
import * as m0002 from './0002-base-data.js';
import * as m0003 from './0003-discovery-indexes.js';
import * as m0004 from './0004-chat.js';
import * as m0005 from './0005-member-list-counts.js';
import * as m0006 from './0006-visible-activity.js';

type Step = { up(db: Kysely<any>, dialect: DialectName): Promise<void> };

/** Numbered, in order. Add a file, add a line; never edit a migration that has shipped. */
const STEPS: Record<string, Step> = {
  '0001-initial': m0001,
  '0002-base-data': m0002,
  '0003-discovery-indexes': m0003,
  '0004-chat': m0004,
  '0005-member-list-counts': m0005,
  '0006-visible-activity': m0006,
};

export function migrationsFor(dialect: DialectName): Record<string, Migration> {
  return Object.fromEntries(
    // Kysely runs PostgreSQL migrations in a transaction but not SQLite ones; without our own, a
    // failed SQLite migration would leave half its changes behind and never apply again.
    Object.entries(STEPS).map(([name, step]) => [name, { up: (db: Kysely<any>) => (dialect === 'sqlite' ? db.transaction().execute((trx) => step.up(trx, dialect)) : step.up(db, dialect)) }]),
  );
}
