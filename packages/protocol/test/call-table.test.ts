import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as protocol from '../src/index.js';
import { CALLS, defineCall, EmptyBody, type AnyCall } from '../src/index.js';
import { exportedSchemas } from './helpers/schema-walk.js';

/**
 * CALLS is the one list of HTTP calls: the server registers exactly these (apps/server
 * test/call-table.test.ts), the web client posts by them. Here: the list is whole and unambiguous.
 */
const isCall = (v: unknown): v is AnyCall =>
  typeof v === 'object' && v !== null && ['path', 'body', 'answer', 'access'].every((key) => key in v) && typeof (v as AnyCall).path === 'string';

/** Paths that more than one call answers to, compared as the server matches them (in any case). */
function sharedPaths(calls: readonly AnyCall[]): string[] {
  const seen = new Map<string, number>();
  for (const call of calls) seen.set(call.path.toLowerCase(), (seen.get(call.path.toLowerCase()) ?? 0) + 1);
  return [...seen].filter(([, n]) => n > 1).map(([path]) => path);
}

const table: readonly AnyCall[] = CALLS;

describe('the call table', () => {
  it('holds every call the protocol defines, each once', () => {
    const defined = (Object.values(protocol) as unknown[]).filter(isCall);
    expect(defined.length).toBeGreaterThan(40);
    expect(defined.filter((call) => !table.includes(call)).map((c) => c.path)).toEqual([]);
    expect(new Set(table).size).toBe(table.length);
  });

  it('gives every call its own path, in any case', () => {
    expect(sharedPaths(table)).toEqual([]);
  });

  it('the duplicate check finds paths that differ only in case', () => {
    const a = defineCall({ path: '/member/index/uploadImg', body: EmptyBody, answer: z.null(), access: 'member' });
    const b = defineCall({ path: '/member/index/uploadimg', body: EmptyBody, answer: z.null(), access: 'member' });
    expect(sharedPaths([a, b])).toEqual(['/member/index/uploadimg']);
  });

  it("uses the spec's path shape: /member/… or /admin/api/…, letters and underscores, no trailing slash", () => {
    expect(table.filter((c) => !/^\/(member|admin\/api)(\/[A-Za-z_]+)+$/.test(c.path)).map((c) => c.path)).toEqual([]);
  });

  it('makes staff calls only under /admin/api, and under it nothing else but the staff sign-in steps', () => {
    const staffSignIn = (c: AnyCall) => c.access === 'public' && c.path.startsWith('/admin/api/auth/');
    expect(table.filter((c) => (c.access === 'staff' || staffSignIn(c)) !== c.path.startsWith('/admin/api/')).map((c) => c.path)).toEqual([]);
  });

  it('asks public calls for nothing a visitor could not have (pending, permissions, files)', () => {
    const odd = table.filter((c) => c.access === 'public' && (c.allowPending || c.permission || c.permissionFor || c.files));
    expect(odd.map((c) => c.path)).toEqual([]);
  });

  it('validates every body with an exported schema, so the adversarial and bounded-string walks reach it', () => {
    const schemas = new Set(exportedSchemas(protocol).map(([, schema]) => schema));
    expect(table.filter((c) => !schemas.has(c.body)).map((c) => c.path)).toEqual([]);
  });
});
