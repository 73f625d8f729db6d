import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config.js';

/**
 * Every environment variable the server reads is documented in the README: the variables are the
 * keys of config.ts's Env schema, so one added there without a README row fails here.
 */
describe('configuration documentation', () => {
  it('lists every variable of config.ts in the README', () => {
    const source = fs.readFileSync(path.join(REPO_ROOT, 'apps/server/src/config.ts'), 'utf8');
    const env = source.slice(source.indexOf('const Env = z.object({'));
    const body = env.slice(0, env.indexOf('\n});'));
    const names = [...body.matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]!);
    expect(names.length).toBeGreaterThan(30);
    const readme = fs.readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
    const missing = names.filter((name) => !new RegExp(`\\b${name}\\b`).test(readme));
    expect(missing).toEqual([]);
  });
});
