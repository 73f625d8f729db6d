import { CALLS, logout, UserStatus, type AnyCall } from '@kindred/protocol';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { as, buildUser } from './helpers/factories.js';
import { useSharedApp } from './helpers/test-app.js';

/**
 * The protocol's call table (CALLS) is the server's list of HTTP calls: every call is registered,
 * nothing else is (a route added around the table fails here), and the router admits each call
 * exactly as its definition says (access, allowPending, files).
 */
const shared = useSharedApp();

/**
 * Every POST route Fastify knows, read from its route tree. With commonPrefix off a child line
 * holds the rest of its parent's path ("/member/index/log" then "in" and "out").
 */
function postRoutes(app: FastifyInstance): string[] {
  const tree = app.printRoutes({ method: 'POST', commonPrefix: false });
  const segments: string[] = [];
  const paths: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    segments.length = depth;
    segments.push(match[2]!);
    if (match[3]?.split(', ').includes('POST')) paths.push(segments.join(''));
  }
  return paths;
}

/** The paths in another case: the router matches them case-insensitively, as the spec's clients expect. */
const shouted = (path: string) => path.toUpperCase();

describe('the call table and the app agree', () => {
  it('registers every call of the table, in any case', async () => {
    const ctx = shared();
    const missing: string[] = [];
    for (const call of CALLS) {
      const res = await ctx.app.inject({ method: 'POST', url: shouted(call.path), payload: {} });
      if (res.statusCode === 404) missing.push(call.path);
    }
    expect(missing).toEqual([]);
  });

  it('registers no POST route outside the table', () => {
    const registered = postRoutes(shared().app);
    expect(registered.length).toBeGreaterThanOrEqual(CALLS.length);
    const table = new Set(CALLS.map((c) => c.path.toLowerCase()));
    // Payment providers post to us too (webhooks, the sandbox's hosted pages): not member calls, all under /payments/.
    const providers = (path: string) => path.startsWith('/payments/');
    expect(registered.filter((path) => !table.has(path.toLowerCase()) && !providers(path))).toEqual([]);
    expect(registered.filter(providers).sort()).toEqual(['/payments/sandbox/:ref/decide', '/payments/webhook/:provider']);
    expect([...table].filter((path) => !registered.map((p) => p.toLowerCase()).includes(path))).toEqual([]);
  });

  it('reads the route tree right (the check above is not vacuous)', async () => {
    const { default: Fastify } = await import('fastify');
    const app = Fastify({ routerOptions: { caseSensitive: false } });
    for (const path of ['/member/index/log', '/member/index/login', '/member/index/logout', '/a/b']) app.post(path, async () => null);
    app.get('/member/index/logo', async () => null);
    await app.ready();
    expect(postRoutes(app).sort()).toEqual(['/a/b', '/member/index/log', '/member/index/login', '/member/index/logout']);
    await app.close();
  });
});

describe('the router admits each call as its definition says', () => {
  const byAccess = (access: AnyCall['access']) => CALLS.filter((c: AnyCall) => c.access === access);

  it('public calls need no token; every other call answers 401 without one', async () => {
    const ctx = shared();
    const answers = await Promise.all(CALLS.map(async (call: AnyCall) => [call.path, call.access, (await as(ctx).post(call.path, {})).http] as const));
    expect(answers.filter(([, access, http]) => access === 'public' && http === 401)).toEqual([]);
    expect(answers.filter(([, access, http]) => access !== 'public' && http !== 401)).toEqual([]);
    expect(byAccess('public').length).toBeGreaterThan(0);
  });

  it('a pending account makes only the calls that allow pending accounts (others: 403, status -3)', async () => {
    const ctx = shared();
    const pending = await buildUser(ctx, { status: UserStatus.pending });
    // Signing out ends the token the other calls use, so it goes last. Staff calls take console sessions only (below).
    const calls = [...CALLS.filter((c: AnyCall) => c.access === 'member' && c !== logout), logout];
    const refused: string[] = [];
    const admitted: string[] = [];
    for (const call of calls as AnyCall[]) {
      const res = await as(ctx, pending.token).post(call.path, {});
      if (res.http === 403 && res.body.status === -3) refused.push(call.path);
      else admitted.push(call.path);
    }
    expect(admitted.sort()).toEqual(calls.filter((c: AnyCall) => c.allowPending).map((c) => c.path).sort());
    expect(refused.length).toBeGreaterThan(0);
  });

  it("staff calls refuse member tokens (an administrator's too) as unauthorized: they take console sessions only", async () => {
    const ctx = shared();
    const member = await buildUser(ctx);
    const administrator = await buildUser(ctx, { role: 'admin' });
    const staff = byAccess('staff');
    expect(staff.length).toBeGreaterThan(0);
    for (const call of staff) {
      for (const token of [member.token, administrator.token]) {
        const res = await as(ctx, token).post(call.path, {});
        expect([call.path, res.http, res.body.error]).toEqual([call.path, 401, 'unauthorized']);
      }
    }
  });

  it('only calls that declare files take a multipart body', async () => {
    const ctx = shared();
    const member = await buildUser(ctx);
    const withoutFiles = CALLS.filter((c: AnyCall) => !c.files);
    expect(withoutFiles.length).toBeLessThan(CALLS.length);
    for (const call of withoutFiles) {
      const res = await as(ctx, member.token).postMultipart(call.path, { page: '1' });
      expect([call.path, res.http, res.body.error]).toEqual([call.path, 400, 'validation']);
    }
  });
});
