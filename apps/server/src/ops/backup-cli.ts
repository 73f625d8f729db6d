import path from 'node:path';
import { ConfigError, loadConfig } from '../config.js';
import { BackupError, createBackup } from './backup.js';

/**
 * `npm run backup [-- <folder>]`: a backup of the running (or stopped) installation that
 * DATA_DIR names, into `<folder>/kindred-backup-<UTC time>/` (default folder: ./backups, relative
 * to where npm was started, like DATA_DIR). SQLite only: PostgreSQL and S3 have their own tools.
 */
try {
  const config = loadConfig();
  const cwd = process.env.INIT_CWD ?? process.cwd();
  const into = path.resolve(cwd, process.argv.slice(2).find((a) => !a.startsWith('-')) ?? 'backups');
  if (config.database.kind !== 'sqlite') {
    throw new BackupError('DATABASE_URL is PostgreSQL: back it up with pg_dump (README, "Backups"), e.g. pg_dump --format=custom --file=kindred.dump "$DATABASE_URL"');
  }
  const { folder, manifest } = await createBackup({ databaseFile: config.database.file, uploadsDir: config.s3 ? undefined : config.uploadsDir, into });
  const uploads = manifest.uploads ? `${manifest.uploads.files} uploaded files (${(manifest.uploads.bytes / 1_048_576).toFixed(1)} MB)` : 'no uploads: they are in the S3 bucket (README, "Backups")';
  console.log(`backup written: ${folder}\n  database: ${manifest.database.members} members, ${manifest.database.messages} messages, ${(manifest.database.bytes / 1_048_576).toFixed(1)} MB\n  ${uploads}`);
} catch (error) {
  console.error(error instanceof BackupError || error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}
