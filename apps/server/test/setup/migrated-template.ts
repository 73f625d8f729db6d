import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { adminQuery } from '../helpers/pg-admin.js';

/**
 * Vitest globalSetup of the server projects: migrates ONE template database per project run, so
 * that each test app starts from a copy of it (helpers/test-app.ts) instead of running every
 * migration again. On PostgreSQL a copy is `CREATE DATABASE … TEMPLATE` (~50 ms where a fresh
 * schema plus migrations costs ~0.5 s and queues on the migration lock); on SQLite it is a file
 * copy. The copy is exactly what the migrations produced: tests still get a fresh, migrated,
 * private database. Tests about migrating an empty database keep using createTestDatabase().
 */
declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated SQLite file to copy, or the PostgreSQL database to use as a template. */
    kindredMigratedTemplate: { kind: 'sqlite'; file: string } | { kind: 'postgres'; database: string } | null;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dialect = project.config.env?.KINDRED_TEST_DIALECT ?? 'sqlite';
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kindred-template-'));
    const file = path.join(dir, 'kindred.sqlite');
    const handle = openDatabase({ kind: 'sqlite', file });
    await migrateToLatest(handle);
    // Closing checkpoints the WAL into the file and removes it: the one file is the whole database.
    await handle.destroy();
    project.provide('kindredMigratedTemplate', { kind: 'sqlite', file });
    return async () => fs.rmSync(dir, { recursive: true, force: true });
  }

  const base = process.env.TEST_DATABASE_URL;
  // Without PostgreSQL the tests fail on their own (createTestDatabase says why); nothing to prepare.
  if (!base) {
    project.provide('kindredMigratedTemplate', null);
    return async () => undefined;
  }
  const database = `kt_template_${randomBytes(5).toString('hex')}`;
  await adminQuery(base, `create database "${database}"`);
  const url = new URL(base);
  url.pathname = `/${database}`;
  const handle = openDatabase({ kind: 'postgres', url: url.toString() }, { poolSize: 1 });
  try {
    await migrateToLatest(handle);
  } finally {
    // CREATE DATABASE … TEMPLATE refuses while anyone is connected to the template.
    await handle.destroy();
  }
  // Nobody may connect to it (autovacuum included) while tests copy it.
  await adminQuery(base, `alter database "${database}" with is_template true allow_connections false`);
  project.provide('kindredMigratedTemplate', { kind: 'postgres', database });
  return async () => {
    await adminQuery(base, `alter database "${database}" with is_template false`);
    await adminQuery(base, `drop database if exists "${database}"`);
  };
}
