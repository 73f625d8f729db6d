import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import SQLite from 'better-sqlite3';

/**
 * `npm run backup` / `npm run restore` of the embedded installation: the SQLite database, copied
 * while the server runs with SQLite's online backup API (a consistent snapshot: the server's
 * writes go on meanwhile, WAL readers never block writers), and the uploads folder. A backup is a
 * plain folder, `kindred-backup-<UTC time>/`: `kindred.sqlite`, `uploads/` and `manifest.json`
 * (checksum, counts). It is written as `<name>.partial` and renamed when complete, so a folder
 * with the final name is always a whole backup. PostgreSQL and S3 have their own tools (README,
 * "Backups"). Files are 0600 and folders 0700, as in DATA_DIR: they hold members' data.
 */
export const BACKUP_FORMAT = 'kindred-backup';
const DATABASE_FILE = 'kindred.sqlite';
const UPLOADS = 'uploads';
const MANIFEST = 'manifest.json';

export class BackupError extends Error {}

export interface Manifest {
  format: typeof BACKUP_FORMAT;
  version: 1;
  created_at: string;
  database: { file: string; bytes: number; sha256: string; migrations: string[]; members: number; messages: number };
  /** null when the uploads live in a bucket (S3_BUCKET): the bucket has its own backups. */
  uploads: { files: number; bytes: number } | null;
}

export interface BackupOptions {
  /** The running installation's SQLite file (DATA_DIR/kindred.sqlite). */
  databaseFile: string;
  /** DATA_DIR/uploads; undefined when the uploads are in a bucket. */
  uploadsDir?: string;
  /** Where the backup folder is created. */
  into: string;
  now?: () => Date;
}

export async function createBackup(options: BackupOptions): Promise<{ folder: string; manifest: Manifest }> {
  await fs.access(options.databaseFile).catch(() => {
    throw new BackupError(`no database at ${options.databaseFile}: is DATA_DIR the server's?`);
  });
  const createdAt = (options.now ?? (() => new Date()))();
  const name = `${BACKUP_FORMAT}-${createdAt.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z')}`;
  const folder = path.resolve(options.into, name);
  const partial = `${folder}.partial`;
  if (await exists(folder)) throw new BackupError(`${folder} exists already`);
  await fs.mkdir(options.into, { recursive: true, mode: 0o700 });
  await fs.rm(partial, { recursive: true, force: true });
  await fs.mkdir(partial, { mode: 0o700 });
  try {
    // Uploads before and after the snapshot: a file the snapshot's rows name existed when it was
    // taken, so the second pass has it even if it was being written during the first (then its
    // size or time differ and it is copied again). What came or went meanwhile is at most an
    // unattached file, which the orphan sweep removes after a restore.
    const uploadsCopy = path.join(partial, UPLOADS);
    if (options.uploadsDir) await copyTree(options.uploadsDir, uploadsCopy);
    const target = path.join(partial, DATABASE_FILE);
    await snapshot(options.databaseFile, target);
    const uploads = options.uploadsDir ? await copyTree(options.uploadsDir, uploadsCopy) : null;
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      version: 1,
      created_at: createdAt.toISOString(),
      database: { file: DATABASE_FILE, bytes: (await fs.stat(target)).size, sha256: await sha256(target), ...inspect(target) },
      uploads,
    };
    await fs.writeFile(path.join(partial, MANIFEST), JSON.stringify(manifest, null, 2) + '\n', { mode: 0o600 });
    await fs.rename(partial, folder);
    return { folder, manifest };
  } catch (error) {
    await fs.rm(partial, { recursive: true, force: true });
    throw error;
  }
}

/**
 * SQLite's online backup, through a connection of our own: the first step copies nothing (it
 * starts the backup), the next copies every page at once, in one read transaction. Writes by the
 * server between the two make SQLite start over, which that single step does anyway.
 */
async function snapshot(source: string, target: string): Promise<void> {
  const db = new SQLite(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    await db.backup(target, { progress: ({ totalPages }) => Math.max(totalPages, 1) });
  } finally {
    db.close();
  }
  await fs.chmod(target, 0o600);
  const check = new SQLite(target, { fileMustExist: true });
  try {
    // The copy leaves WAL mode: a backup is one self-contained file, never with a -wal beside it.
    check.pragma('journal_mode = DELETE');
    const result = check.pragma('integrity_check', { simple: true });
    if (result !== 'ok') throw new BackupError(`the copy fails SQLite's integrity check: ${String(result)}`);
  } finally {
    check.close();
  }
}

/** What the manifest tells about a database copy (for the operator, and the restore's check). */
function inspect(file: string): { migrations: string[]; members: number; messages: number } {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const count = (query: string) => (db.prepare(query).get() as { n: number }).n;
    const migrations = (db.prepare('select name from kysely_migration order by name').all() as { name: string }[]).map((r) => r.name);
    return { migrations, members: count("select count(*) as n from users where role = 'member'"), messages: count('select count(*) as n from messages') };
  } finally {
    db.close();
  }
}

/**
 * Copies every file under `from` that `to` lacks or holds in another size or time (times are
 * kept: the orphan sweep judges an upload's age by them). Answers what `to` then holds.
 */
async function copyTree(from: string, to: string): Promise<{ files: number; bytes: number }> {
  await fs.mkdir(to, { recursive: true, mode: 0o700 });
  const entries = await fs.readdir(from, { recursive: true, withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  let files = 0;
  let bytes = 0;
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const source = path.join(entry.parentPath, entry.name);
    const target = path.join(to, path.relative(from, source));
    // A file deleted since the listing is simply not copied.
    const stat = await fs.stat(source).catch(() => undefined);
    if (!stat) continue;
    const copied = await fs.stat(target).catch(() => undefined);
    if (!copied || copied.size !== stat.size || Math.trunc(copied.mtimeMs) !== Math.trunc(stat.mtimeMs)) {
      await fs.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      await fs.copyFile(source, target);
      await fs.chmod(target, 0o600);
      await fs.utimes(target, stat.atime, stat.mtime);
    }
    files += 1;
    bytes += stat.size;
  }
  return { files, bytes };
}

export interface RestoreOptions {
  /** A backup folder createBackup made. */
  from: string;
  /** The DATA_DIR to restore into: empty or missing, unless `force`. */
  dataDir: string;
  /** Replace the database and uploads a non-empty DATA_DIR holds (the server must be stopped). */
  force?: boolean;
}

/**
 * Puts a backup into DATA_DIR: checked first (manifest, checksum, SQLite's integrity check), then
 * staged beside the old files and swapped in, so a failed restore leaves DATA_DIR as it was.
 */
export async function restoreBackup(options: RestoreOptions): Promise<Manifest> {
  const from = path.resolve(options.from);
  const manifest = await readManifest(from);
  const database = path.join(from, manifest.database.file);
  if ((await sha256(database).catch(() => '')) !== manifest.database.sha256) {
    throw new BackupError(`${database} is missing or differs from the checksum in its manifest: the backup is damaged`);
  }
  const dataDir = path.resolve(options.dataDir);
  const present = await fs.readdir(dataDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  if (present.length && !options.force) {
    throw new BackupError(`${dataDir} is not empty (${present.slice(0, 5).join(', ')}${present.length > 5 ? ', …' : ''}): restore into an empty DATA_DIR, or stop the server and add --force to replace its database and uploads`);
  }
  await fs.mkdir(dataDir, { recursive: true, mode: 0o700 });

  const stagedDatabase = path.join(dataDir, `${DATABASE_FILE}.restoring`);
  const stagedUploads = path.join(dataDir, `${UPLOADS}.restoring`);
  await fs.rm(stagedUploads, { recursive: true, force: true });
  try {
    await fs.copyFile(database, stagedDatabase);
    await fs.chmod(stagedDatabase, 0o600);
    if (manifest.uploads) {
      const copied = await copyTree(path.join(from, UPLOADS), stagedUploads);
      if (copied.files !== manifest.uploads.files) throw new BackupError(`the backup holds ${copied.files} uploaded files, its manifest ${manifest.uploads.files}`);
    }
  } catch (error) {
    await fs.rm(stagedDatabase, { force: true });
    await fs.rm(stagedUploads, { recursive: true, force: true });
    throw error;
  }
  // The swap. An old -wal or -shm must go with the old database: SQLite would replay it into the new one.
  for (const suffix of ['-wal', '-shm', '-journal']) await fs.rm(path.join(dataDir, DATABASE_FILE + suffix), { force: true });
  await fs.rename(stagedDatabase, path.join(dataDir, DATABASE_FILE));
  if (manifest.uploads) {
    await fs.rm(path.join(dataDir, UPLOADS), { recursive: true, force: true });
    await fs.rename(stagedUploads, path.join(dataDir, UPLOADS));
  }
  return manifest;
}

async function readManifest(folder: string): Promise<Manifest> {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await fs.readFile(path.join(folder, MANIFEST), 'utf8')) as Manifest;
  } catch {
    throw new BackupError(`${folder} is not a Kindred backup (no readable ${MANIFEST})`);
  }
  if (manifest.format !== BACKUP_FORMAT || manifest.version !== 1) throw new BackupError(`${folder}: unknown backup format ${manifest.format} v${manifest.version}`);
  if (path.basename(manifest.database.file) !== manifest.database.file) throw new BackupError(`${folder}: the manifest names a database outside the backup`);
  return manifest;
}

function sha256(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')))
      .on('error', reject);
  });
}

const exists = (file: string) =>
  fs.access(file).then(
    () => true,
    () => false,
  );
