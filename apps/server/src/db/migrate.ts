import { Migrator, sql, type MigrationResultSet } from 'kysely';
import type { DatabaseHandle } from './database.js';
import { migrationsFor } from './migrations/index.js';

export class MigrationError extends Error {}

/** Brings the schema to the latest migration; throws (and the process exits non-zero) on failure. */
export async function migrateToLatest({ db, dialect }: DatabaseHandle): Promise<string[]> {
  // On PostgreSQL Kysely looks for its bookkeeping tables in every schema it can see; pinning them
  // to the current schema keeps several Kindred schemas in one database apart.
  const schema =
    dialect === 'postgres' ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]?.s : undefined;
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrationsFor(dialect) },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const result: MigrationResultSet = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    const cause = result.error instanceof Error ? result.error.message : String(result.error);
    throw new MigrationError(`migration ${failed} failed: ${cause}`);
  }
  return (result.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
