import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Comments cite the repository's own documents as `docs/<name>.md §N` (docs/README.md). A clone
 * has to be able to follow every such reference, so each one must name a file in docs/ with a
 * numbered heading for N; and nothing may cite the documents that were never published with the
 * code ("spec section N", "DESIGN section N").
 */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SCANNED_DIRS = ['apps', 'packages', 'e2e', 'bench', '.ci'];
const SCANNED_FILES = ['README.md', 'package.json', 'vitest.config.ts'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'build', 'coverage', 'results', '.git', 'public']);
const SOURCE = /\.(?:[cm]?[jt]sx?|css|md|json|html|sh)$|^run$/;
const SELF = relative(ROOT, fileURLToPath(import.meta.url));

/** `docs/product-rules.md §6`, `docs/product-rules.md §3, §4 and §6`, `docs/architecture.md §5-§7`. */
const REFERENCE = /docs\/([\w.-]+\.md)((?:\s*(?:,|and|or|to|-|–)?\s*§\s*\d+)+)/g;
/** Citations of the unpublished documents, in the shapes the code used to write them. */
const OLD_CITATIONS = [
  /\b(?:spec|design)(?:'s)?\s+(?:sections?|§)\s*\d/i,
  /\(spec\s+\d+(?:\s*[,-]\s*\d+)*\)/i,
  /\bspec\b[^\n]{0,40}\bsections?\s+\d/i,
  /\bDESIGN\b/,
  /\bDESIGN\.md\b|\bproduct-spec\.md\b/i,
];

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (SKIPPED_DIRS.has(name)) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sourceFiles(path, out);
    else if (SOURCE.test(name)) out.push(path);
  }
  return out;
}

const files = [
  ...SCANNED_DIRS.filter((d) => existsSync(join(ROOT, d))).flatMap((d) => sourceFiles(join(ROOT, d))),
  ...SCANNED_FILES.map((f) => join(ROOT, f)).filter((f) => existsSync(f)),
]
  .map((path) => ({ path: relative(ROOT, path), text: readFileSync(path, 'utf8') }))
  .filter((f) => f.path !== SELF);

interface Reference {
  at: string;
  doc: string;
  section: number;
}

const references: Reference[] = files.flatMap(({ path, text }) =>
  text.split('\n').flatMap((line, i) =>
    [...line.matchAll(REFERENCE)].flatMap((m) =>
      [...m[2]!.matchAll(/§\s*(\d+)/g)].map((s) => ({ at: `${path}:${i + 1}`, doc: m[1]!, section: Number(s[1]) })),
    ),
  ),
);

/** Section numbers of a document's numbered headings: `## 6. Roles` or `## §6 Roles`. */
function sectionsOf(doc: string): Set<number> | undefined {
  const path = join(ROOT, 'docs', doc);
  if (!existsSync(path)) return undefined;
  const numbers = [...readFileSync(path, 'utf8').matchAll(/^#{1,6}\s+§?\s*(\d+)[.)\s]/gm)].map((m) => Number(m[1]));
  return new Set(numbers);
}

describe('references to the documents in docs/', () => {
  it('are found across the code (the scan reaches the comments)', () => {
    expect(references.length).toBeGreaterThan(50);
    expect(new Set(references.map((r) => r.doc))).toEqual(new Set(['product-rules.md', 'architecture.md']));
  });

  it('each name a document that exists and a section it has', () => {
    const sections = new Map<string, Set<number> | undefined>();
    const broken = references.filter((r) => {
      if (!sections.has(r.doc)) sections.set(r.doc, sectionsOf(r.doc));
      return !sections.get(r.doc)?.has(r.section);
    });
    expect(broken.map((r) => `${r.at}: docs/${r.doc} §${r.section}`)).toEqual([]);
  });

  it('number the sections the way the references expect (1, 2, 3, … with no gaps)', () => {
    for (const doc of ['product-rules.md', 'architecture.md']) {
      const numbers = [...(sectionsOf(doc) ?? [])];
      expect(numbers.length, doc).toBeGreaterThan(0);
      expect(numbers, doc).toEqual(numbers.map((_, i) => i + 1));
    }
  });

  it('have replaced every citation of the unpublished spec and DESIGN documents', () => {
    const old = files.flatMap(({ path, text }) =>
      text
        .split('\n')
        .map((line, i) => ({ at: `${path}:${i + 1}`, line: line.trim() }))
        .filter(({ line }) => OLD_CITATIONS.some((pattern) => pattern.test(line))),
    );
    expect(old.map(({ at, line }) => `${at}: ${line}`)).toEqual([]);
  });
});

describe('the documents index', () => {
  it('links every document in docs/', () => {
    const index = readFileSync(join(ROOT, 'docs', 'README.md'), 'utf8');
    const docs = readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md') && f !== 'README.md');
    expect(docs.length).toBeGreaterThan(0);
    for (const doc of docs) expect(index, doc).toContain(`](${doc})`);
  });
});
