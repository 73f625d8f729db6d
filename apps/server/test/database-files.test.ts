import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it, onTestFinished } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';

/**
 * The SQLite file itself (whichever database the suite targets): private modes (hardening finding
 * 12) and the durability setting (finding 11).
 */
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kindred-files-'));
  onTestFinished(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

describe('the SQLite files', () => {
  it('are created readable by this user only: data folder 0700, database, -wal and -shm 0600', async () => {
    const dataDir = path.join(tempDir(), 'data');
    const file = path.join(dataDir, 'kindred.sqlite');
    const handle = openDatabase({ kind: 'sqlite', file });
    onTestFinished(() => handle.destroy());
    await migrateToLatest(handle);

    expect(modeOf(dataDir)).toBe(0o700);
    for (const f of [file, `${file}-wal`, `${file}-shm`]) {
      expect(fs.existsSync(f), f).toBe(true);
      expect(modeOf(f), f).toBe(0o600);
    }
  });

  it('tightens the files of an existing database that were world-readable', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'kindred.sqlite');
    const first = openDatabase({ kind: 'sqlite', file });
    await migrateToLatest(first);
    // Kept open: -wal and -shm stay on disk, as they do beside a running server.
    for (const f of [file, `${file}-wal`, `${file}-shm`]) fs.chmodSync(f, 0o644);

    const second = openDatabase({ kind: 'sqlite', file });
    onTestFinished(async () => {
      await second.destroy();
      await first.destroy();
    });

    for (const f of [file, `${file}-wal`, `${file}-shm`]) expect(modeOf(f), f).toBe(0o600);
  });

  it('commit with synchronous FULL unless SQLITE_SYNCHRONOUS=normal asks for speed over the last commits', async () => {
    const dir = tempDir();
    const synchronous = async (setting?: 'full' | 'normal') => {
      const handle = openDatabase({ kind: 'sqlite', file: path.join(dir, `${setting ?? 'default'}.sqlite`), synchronous: setting });
      try {
        return (await sql<{ synchronous: number }>`pragma synchronous`.execute(handle.db)).rows[0]!.synchronous;
      } finally {
        await handle.destroy();
      }
    };

    expect(await synchronous()).toBe(2); // FULL
    expect(await synchronous('full')).toBe(2);
    expect(await synchronous('normal')).toBe(1); // NORMAL
  });

  it('keep statement journals in memory (temp_store MEMORY), not in a temporary file per multi-row write', async () => {
    const handle = openDatabase({ kind: 'sqlite', file: path.join(tempDir(), 'kindred.sqlite') });
    try {
      expect((await sql<{ temp_store: number }>`pragma temp_store`.execute(handle.db)).rows[0]!.temp_store).toBe(2); // MEMORY
    } finally {
      await handle.destroy();
    }
  });
});

describe('SQLITE_SYNCHRONOUS and MIN_FREE_DISK_MB', () => {
  it('default to full and 100 MB, accept either case, and refuse anything else', () => {
    const config = loadConfig({}, '/srv');
    expect(config.database).toEqual({ kind: 'sqlite', file: '/srv/data/kindred.sqlite', synchronous: 'full' });
    expect(config.minFreeDiskBytes).toBe(100 * 1_048_576);

    expect(loadConfig({ SQLITE_SYNCHRONOUS: 'NORMAL', MIN_FREE_DISK_MB: '0' }, '/srv')).toMatchObject({ database: { synchronous: 'normal' }, minFreeDiskBytes: 0 });
    expect(() => loadConfig({ SQLITE_SYNCHRONOUS: 'off' }, '/srv')).toThrow(ConfigError);
    expect(() => loadConfig({ MIN_FREE_DISK_MB: '-1' }, '/srv')).toThrow(/MIN_FREE_DISK_MB/);
  });
});
