import {
  PostgresDialect,
  PostgresIntrospector,
  sql,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type DatabaseMetadataOptions,
  type Kysely,
  type SchemaMetadata,
  type TableMetadata,
} from 'kysely';

interface ColumnRow {
  table: string;
  schema: string;
  table_type: string;
  column: string;
  type: string;
  type_schema: string;
  not_null: boolean;
  has_default: boolean;
  auto_incrementing: string | null;
  column_description: string | null;
}

/**
 * Kysely's PostgreSQL introspector reads the tables of every schema in the database, calling
 * `has_schema_privilege(name)` on each: when another installation (or another test file) drops its
 * schema at that moment, our migration fails with `schema "…" does not exist`. Only our own schema
 * (the connection's `current_schema()`) is ever of interest to us, so only it is read.
 */
export class CurrentSchemaIntrospector implements DatabaseIntrospector {
  private readonly base: PostgresIntrospector;

  constructor(private readonly db: Kysely<any>) {
    this.base = new PostgresIntrospector(db);
  }

  getSchemas(): Promise<SchemaMetadata[]> {
    return this.base.getSchemas();
  }

  async getTables(options: DatabaseMetadataOptions = { withInternalKyselyTables: false }): Promise<TableMetadata[]> {
    const { rows } = await sql<ColumnRow>`
      select c.relname as "table", ns.nspname as "schema", c.relkind as table_type, a.attname as "column",
             typ.typname as "type", dtns.nspname as type_schema, a.attnotnull as not_null, a.atthasdef as has_default,
             pg_get_serial_sequence(quote_ident(ns.nspname) || '.' || quote_ident(c.relname), a.attname) as auto_incrementing,
             col_description(a.attrelid, a.attnum) as column_description
        from pg_catalog.pg_attribute a
        join pg_catalog.pg_class c on a.attrelid = c.oid
        join pg_catalog.pg_namespace ns on c.relnamespace = ns.oid
        join pg_catalog.pg_type typ on a.atttypid = typ.oid
        join pg_catalog.pg_namespace dtns on typ.typnamespace = dtns.oid
       where ns.nspname = current_schema() and c.relkind in ('r', 'v', 'p') and a.attnum >= 0 and not a.attisdropped
       order by c.relname, a.attnum`.execute(this.db);
    const tables = new Map<string, TableMetadata>();
    for (const row of rows) {
      if (!options.withInternalKyselyTables && row.table.startsWith('kysely_migration')) continue;
      let table = tables.get(row.table);
      if (!table) {
        table = { name: row.table, schema: row.schema, isView: row.table_type === 'v', columns: [] };
        tables.set(row.table, table);
      }
      (table.columns as unknown as Array<TableMetadata['columns'][number]>).push({
        name: row.column,
        dataType: row.type,
        dataTypeSchema: row.type_schema,
        isNullable: !row.not_null,
        isAutoIncrementing: row.auto_incrementing !== null,
        hasDefaultValue: row.has_default,
        comment: row.column_description ?? undefined,
      });
    }
    return [...tables.values()];
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}

/** PostgreSQL with the introspector above (used by the migrator). */
export class CurrentSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new CurrentSchemaIntrospector(db);
  }
}
