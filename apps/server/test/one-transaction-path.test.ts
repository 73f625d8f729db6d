import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));

/** Where Kysely's own transaction() may be called: the one helper, and the migrations (their own Kysely<any>). */
const ALLOWED = new Set(['db/transaction.ts', 'db/migrations/index.ts']);

function sources(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) sources(file, out);
    else if (entry.name.endsWith('.ts')) out.push(file);
  }
  return out;
}

describe('transactions', () => {
  it('run one way: inTransaction (db/transaction.ts), whose unit of work also carries what waits for the commit', () => {
    const files = sources(SRC);
    const starting = files
      .map((file) => path.relative(SRC, file).split(path.sep).join('/'))
      .filter((file) => !ALLOWED.has(file) && /\.transaction\(\)/.test(fs.readFileSync(path.join(SRC, file), 'utf8')));
    expect(files.length).toBeGreaterThan(50);
    expect(starting).toEqual([]);
  });
});
