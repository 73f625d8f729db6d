import { loadConfig } from '../config.js';
import { openDatabase } from './database.js';
import { migrateToLatest } from './migrate.js';

/** `npm run migrate -w @kindred/server`: migrate and exit; a failed migration exits 1. */
const config = loadConfig();
const handle = openDatabase(config.database);
try {
  const applied = await migrateToLatest(handle);
  console.log(applied.length ? `applied: ${applied.join(', ')}` : 'schema is up to date');
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await handle.destroy();
}
