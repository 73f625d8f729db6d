import { describe, expect, it } from 'vitest';
import { buildUser } from '../helpers/factories.js';
import { startCluster, type Node } from '../helpers/cluster.js';

async function post(node: Node, path: string, form: Record<string, string>) {
  const res = await fetch(`http://127.0.0.1:${node.port}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  return { http: res.status, body: (await res.json()) as { status: number; error?: string } };
}

describe('per-account limits on two server processes sharing one Redis (issue 9, finding 5)', () => {
  it('counts failed sign-ins on one account together, whichever node they reach', async () => {
    const { ctx, startNode } = await startCluster();
    const env = { LOGIN_FAILURE_LIMIT: '3', RECOVERY_MAIL_LIMIT: '2' };
    const [n1, n2] = await Promise.all([startNode(env), startNode(env)]);
    const { user, password } = await buildUser(ctx);
    const login = (node: Node, pw: string) => post(node, '/member/index/login', { account: user.username, password: pw });

    // Free attempts alternate between the nodes; the 4th opens a wait that both nodes honour.
    const failures = [await login(n1, 'guess-1'), await login(n2, 'guess-2'), await login(n1, 'guess-3'), await login(n2, 'guess-4')];
    expect(failures.map((f) => f.body.error)).toEqual(['login_failed', 'login_failed', 'login_failed', 'login_failed']);
    for (const node of [n1, n2]) {
      const res = await login(node, password);
      expect([res.http, res.body.error]).toEqual([429, 'rate_limited']);
    }

    // Recovery mails per address, counted across nodes too.
    const forget = [await post(n1, '/member/index/forget', { email: user.email }), await post(n2, '/member/index/forget', { email: user.email }), await post(n1, '/member/index/forget', { email: user.email })];
    expect(forget.map((f) => f.http)).toEqual([200, 200, 429]);
  });
});
