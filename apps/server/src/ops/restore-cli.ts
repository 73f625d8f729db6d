import path from 'node:path';
import { ConfigError, loadConfig } from '../config.js';
import { BackupError, restoreBackup } from './backup.js';

/**
 * `npm run restore -- <backup folder> [--force]`: puts a backup from `npm run backup` into the
 * DATA_DIR configured (empty or missing; --force replaces the database and uploads of a non-empty
 * one, with the server stopped). The next start migrates it if the server is newer.
 */
try {
  const config = loadConfig();
  const args = process.argv.slice(2);
  const source = args.find((a) => !a.startsWith('-'));
  const unknown = args.filter((a) => a.startsWith('-') && a !== '--force');
  if (!source || unknown.length) throw new BackupError('usage: npm run restore -- <backup folder> [--force]   (into DATA_DIR)');
  if (config.database.kind !== 'sqlite') throw new BackupError('DATABASE_URL is PostgreSQL: restore it with pg_restore (README, "Backups")');
  const from = path.resolve(process.env.INIT_CWD ?? process.cwd(), source);
  const manifest = await restoreBackup({ from, dataDir: config.dataDir, force: args.includes('--force') });
  console.log(
    `restored ${from} (taken ${manifest.created_at}) into ${config.dataDir}\n  database: ${manifest.database.members} members, ${manifest.database.messages} messages\n  ${manifest.uploads ? `${manifest.uploads.files} uploaded files` : 'no uploads in this backup (S3 bucket)'}`,
  );
} catch (error) {
  console.error(error instanceof BackupError || error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}
