import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { boundedString } from '../src/index.js';
import { checksOf, exportedSchemas, isStringSchema, reachable, requestModules, type AnySchema } from './helpers/schema-walk.js';

/**
 * The rule that makes issue 9's ReDoS impossible to reintroduce: every string a client sends is
 * refused on length first, and the refusal aborts, so no rewrite, pattern or refinement ever runs
 * on a long input (zod keeps running checks after a failed one unless the failed one aborts).
 *
 * For each string schema in a request schema (HTTP call bodies and socket messages):
 * - its first check is an aborting maximum length (the raw bound: it also limits the linear work
 *   of trimming, NFC and lower-casing);
 * - every check other than a length check or a rewrite (patterns, refinements, formats) runs after
 *   an aborting maximum with no rewrite in between, since a rewrite may lengthen the text.
 * `boundedString` (calls/fields.ts) builds exactly that; a bare `z.string()` fails here.
 */
const LENGTH_CHECKS = new Set(['max_length', 'min_length', 'length_equals']);

function violations(schema: AnySchema): string[] {
  const checks = checksOf(schema);
  const out: string[] = [];
  if (!(checks[0]?.kind === 'max_length' && checks[0].abort)) out.push('does not start with an aborting maximum length');
  let bounded = false;
  for (const check of checks) {
    if (check.kind === 'max_length' && check.abort) bounded = true;
    else if (check.kind === 'overwrite') bounded = false;
    else if (!LENGTH_CHECKS.has(check.kind) && !bounded) out.push(`runs ${check.kind} on text no aborting maximum bounded`);
  }
  return out;
}

const modules = await requestModules();

describe('every string a client sends is bounded before anything else reads it', () => {
  it('finds the request modules and their string fields', () => {
    expect(modules.map(([f]) => f)).toEqual(expect.arrayContaining(['calls/accounts.ts', 'calls/fields.ts', 'socket/client.ts']));
    const strings = modules.flatMap(([, m]) => exportedSchemas(m)).flatMap(([, s]) => reachable(s)).filter(isStringSchema);
    expect(strings.length).toBeGreaterThan(20);
  });

  for (const [file, module] of modules) {
    for (const [name, schema] of exportedSchemas(module)) {
      it(`${file} ${name}`, () => {
        const found = reachable(schema)
          .filter(isStringSchema)
          .flatMap((s) => violations(s).map((v) => `a string ${v} (checks: ${checksOf(s).map((c) => c.kind + (c.abort ? '!' : '')).join(', ')})`));
        expect(found).toEqual([]);
      });
    }
  }

  it('the rule catches the shapes that caused the bug', () => {
    expect(violations(z.string())).not.toEqual([]);
    expect(violations(z.string().max(10).regex(/x/))).not.toEqual([]);
    expect(violations(z.string().trim().max(10, { abort: true }))).not.toEqual([]);
    expect(violations(z.string().max(10, { abort: true }).toLowerCase().regex(/x/))).not.toEqual([]);
    expect(violations(boundedString(10))).toEqual([]);
  });
});
