import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it, onTestFinished } from 'vitest';
import { migrateToLatest } from '../src/db/migrate.js';
import { createTestDatabase } from './helpers/test-app.js';

/** schema.ts and the files it re-exports table types from (split by domain). */
const SCHEMA_FILES = ['schema.ts', 'schema-money.ts', 'schema-safety.ts'].map((f) => fileURLToPath(new URL(`../src/db/${f}`, import.meta.url)));

interface DeclaredColumn {
  nullable: boolean;
}

/** The type a row reads back: Generated<T> and ColumnType<Select, …> read as their first argument. */
function selectType(node: ts.TypeNode): ts.TypeNode {
  if (ts.isTypeReferenceNode(node) && ts.isIdentifier(node.typeName) && ['Generated', 'ColumnType'].includes(node.typeName.text) && node.typeArguments?.[0]) {
    return node.typeArguments[0];
  }
  return node;
}

const includesNull = (node: ts.TypeNode): boolean =>
  (ts.isLiteralTypeNode(node) && node.literal.kind === ts.SyntaxKind.NullKeyword) || (ts.isUnionTypeNode(node) && node.types.some(includesNull));

/**
 * The tables and columns schema.ts declares, read from its source with the TypeScript parser: the
 * `Database` interface names each table's interface, whose members are the columns.
 */
function declaredSchema(): Record<string, Record<string, DeclaredColumn>> {
  const interfaces = new Map<string, ts.InterfaceDeclaration>();
  const sourceOf = new Map<ts.InterfaceDeclaration, ts.SourceFile>();
  for (const file of SCHEMA_FILES) {
    const parsed = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    for (const statement of parsed.statements) {
      if (!ts.isInterfaceDeclaration(statement)) continue;
      interfaces.set(statement.name.text, statement);
      sourceOf.set(statement, parsed);
    }
  }
  const database = interfaces.get('Database');
  if (!database) throw new Error('schema.ts declares no Database interface');
  const source = sourceOf.get(database)!;
  const tables: Record<string, Record<string, DeclaredColumn>> = {};
  for (const member of database.members) {
    if (!ts.isPropertySignature(member) || !member.type || !ts.isTypeReferenceNode(member.type)) throw new Error(`Database.${member.name?.getText(source)} is not a table interface`);
    const table = interfaces.get(member.type.typeName.getText(source));
    if (!table) throw new Error(`schema.ts has no interface ${member.type.typeName.getText(source)}`);
    const columns: Record<string, DeclaredColumn> = {};
    for (const column of table.members) {
      if (!ts.isPropertySignature(column) || !column.type) continue;
      columns[column.name.getText(sourceOf.get(table))] = { nullable: includesNull(selectType(column.type)) };
    }
    tables[member.name.getText(source)] = columns;
  }
  return tables;
}

describe('db/schema.ts and the migrations', () => {
  it('declare the same tables and columns, with the same nullability, as a freshly migrated database has', async () => {
    const database = await createTestDatabase();
    onTestFinished(() => database.drop());
    await migrateToLatest(database.handle);

    const migrated: Record<string, Record<string, DeclaredColumn>> = {};
    for (const table of await database.handle.db.introspection.getTables()) {
      // SQLite reports an INTEGER PRIMARY KEY as nullable (it is the rowid, never null).
      migrated[table.name] = Object.fromEntries(table.columns.map((c) => [c.name, { nullable: c.isNullable && !c.isAutoIncrementing }]));
    }

    const declared = declaredSchema();
    expect(Object.keys(declared).length).toBeGreaterThan(10);
    expect(Object.keys(migrated).sort()).toEqual(Object.keys(declared).sort());
    for (const table of Object.keys(declared)) {
      expect(migrated[table], table).toEqual(declared[table]);
    }
  });
});
