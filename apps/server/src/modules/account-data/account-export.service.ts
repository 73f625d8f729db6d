import { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database.js';
import type { DialectName } from '../../db/dialect.js';
import { memberReferences, primaryKeyOf } from '../../db/member-references.js';
import type { Member } from '../../domain/member.js';
import type { Storage } from '../../infra/storage.js';
import type { AccountDataRepository } from './account-data.repository.js';
import { memberFileKeys } from './member-files.js';

/** Rows per query: what the export holds of one table at a time. */
export const EXPORT_PAGE_ROWS = 500;

/**
 * Rows a member's reference does not make theirs to take: who reported them (the reporter stays
 * anonymous, as in their list), who blocked them, which staff member handled a report, and the
 * accounts they invited (other people's profiles).
 */
const NOT_THEIRS = new Set(['reports.reported_id', 'reports.handled_by', 'blocks.blocked_id', 'users.invited_by']);
/** Secrets are never exported, whatever the table: password hashes, token hashes, second factors. */
const SECRET_COLUMN = /password|token|secret|hash|totp|recovery|username_key/i;

type Row = Record<string, unknown>;

/** A table of the export: the columns naming the member, and its primary key (how it is paged). */
interface ExportTable {
  table: string;
  columns: string[];
  key: string[];
}

/**
 * Everything held about a member as a ZIP (docs/product-rules.md, "Taking one's data"): their
 * profile, one JSON file per table that references them (found in the database's catalogue, so a
 * new table is exported without anyone listing it), and their stored files under files/. The ZIP is
 * produced while it is sent: yazl takes one entry at a time, each table is read EXPORT_PAGE_ROWS
 * rows at a time as the compressor asks for more, and files are streamed from storage, so memory
 * stays flat however much a member has.
 */
export class AccountExportService {
  private tables?: Promise<ExportTable[]>;

  constructor(
    private readonly db: Db,
    private readonly dialect: DialectName,
    private readonly data: AccountDataRepository,
    private readonly storage: Storage,
    private readonly now: () => number = Date.now,
  ) {}

  async open(member: Member): Promise<Readable> {
    const tables = await this.memberTables();
    const keys: string[] = [];
    for await (const key of memberFileKeys(this.storage, member.id)) keys.push(key);

    const zip = new ZipFile();
    const mtime = new Date(this.now());
    zip.addBuffer(Buffer.from(readme(member, mtime)), 'README.txt', { mtime });
    zip.addReadStream(Readable.from(this.json({ table: 'users', columns: ['id'], key: ['id'] }, member.id)), 'profile.json', { mtime });
    for (const table of tables) zip.addReadStream(Readable.from(this.json(table, member.id)), `${table.table}.json`, { mtime });
    for (const key of keys) zip.addReadStream(Readable.from(this.file(key)), `files/${key}`, { mtime, compress: false });
    zip.end();
    return zip.outputStream as Readable;
  }

  /** The tables whose rows name members, from the catalogue; the schema does not change while we run. */
  private memberTables(): Promise<ExportTable[]> {
    this.tables ??= this.readCatalogue().catch((error: unknown) => {
      this.tables = undefined;
      throw error;
    });
    return this.tables;
  }

  private async readCatalogue(): Promise<ExportTable[]> {
    const db = this.db as unknown as Kysely<any>;
    const byTable = new Map<string, string[]>();
    for (const ref of await memberReferences(db, this.dialect)) {
      if (NOT_THEIRS.has(`${ref.table}.${ref.column}`)) continue;
      byTable.set(ref.table, [...(byTable.get(ref.table) ?? []), ref.column]);
    }
    const tables: ExportTable[] = [];
    for (const [table, columns] of byTable) tables.push({ table, columns, key: await primaryKeyOf(db, this.dialect, table) });
    return tables;
  }

    /** A JSON array of the table's rows of the member, a page per query, secrets left out. */
  private async *json({ table, columns, key }: ExportTable, memberId: number): AsyncIterable<Buffer> {
    const byId = key.length === 1 && key[0] === 'id';
    yield Buffer.from('[');
    let after = 0;
    let first = true;
    for (;;) {
      const rows = await this.data.pageOf(table, columns, key, memberId, after, EXPORT_PAGE_ROWS);
      if (rows.length === 0) break;
      const text = rows.map((row) => JSON.stringify(withoutSecrets(row))).join(',\n');
      yield Buffer.from(`${first ? '\n' : ',\n'}${text}`);
      first = false;
      after = byId ? Number(rows[rows.length - 1]!.id) : after + rows.length;
      if (rows.length < EXPORT_PAGE_ROWS) break;
    }
    yield Buffer.from(']\n');
  }

  private async *file(key: string): AsyncIterable<Buffer> {
    const content = await this.storage.read(key);
    if (content) for await (const chunk of content.body) yield chunk as Buffer;
  }
}

function withoutSecrets(row: Row): Row {
  return Object.fromEntries(Object.entries(row).filter(([column]) => !SECRET_COLUMN.test(column)));
}

function readme(member: Member, at: Date): string {
  return [
    `Everything Kindred holds about ${member.username} (member ${member.id}), exported ${at.toISOString()}.`,
    '',
    'profile.json: your account. Every other .json file is one table: the rows that name you',
    '(messages and mails you sent and received, likes both ways, trends, photos, notices, the',
    'credit ledger, orders, gifts, reports you made, members you blocked, sessions).',
    'Times are milliseconds since 1970-01-01 UTC; money is in cents, credits in hundredths.',
    'files/: the pictures you uploaded, as we store them (re-encoded, without metadata).',
    '',
  ].join('\n');
}
