import { describe, expect, it } from 'vitest';
import { startCluster, type Node } from '../helpers/cluster.js';
import { buildUser, signIn } from '../helpers/factories.js';
import { staffSignIn } from '../helpers/staff.js';

/** The HTTP status of a call with this token. */
async function post(node: Node, path: string, token: string, form: Record<string, string> = {}): Promise<{ http: number; status: number }> {
  const res = await fetch(`http://127.0.0.1:${node.port}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  return { http: res.status, status: ((await res.json()) as { status: number }).status };
}

const userinfo = (node: Node, token: string) => post(node, '/member/index/userinfo', token);

/** Node B has the session cached (modules/auth/session-cache.ts): the second call is served from it. */
async function cachedOn(node: Node, ...tokens: string[]): Promise<void> {
  for (const token of tokens) {
    expect((await userinfo(node, token)).http).toBe(200);
    expect((await userinfo(node, token)).http).toBe(200);
  }
}

describe('the session cache on two nodes', () => {
  it('a token signed out, or ended by a password change, on node A is refused by node B on the very next call', async () => {
    const { ctx, startNode } = await startCluster();
    const [a, b] = await Promise.all([startNode(), startNode()]);
    const member = await buildUser(ctx);
    const phone = await signIn(ctx, member.user.id, 'm');
    const tablet = await signIn(ctx, member.user.id, 'm');
    await cachedOn(b, member.token, phone, tablet);

    expect(await post(a, '/member/index/logout', phone)).toMatchObject({ http: 200, status: 200 });
    expect((await userinfo(b, phone)).http).toBe(401);
    expect((await userinfo(b, member.token)).http).toBe(200);

    expect((await post(a, '/member/index/changepwd', member.token, { oldpassword: member.password, newpassword: 'brandnew1' })).status).toBe(200);
    expect((await userinfo(b, tablet)).http).toBe(401);
    expect((await userinfo(b, member.token)).http).toBe(200);
  });

  it('the console’s "end sessions" on node A: refused by node B at once', async () => {
    const { ctx, startNode } = await startCluster();
    const [a, b] = await Promise.all([startNode(), startNode()]);
    const member = await buildUser(ctx);
    await cachedOn(b, member.token);
    const staff = await staffSignIn(ctx);
    expect((await post(a, '/admin/api/members/end_sessions', staff, { id: String(member.user.id) })).status).toBe(200);
    expect((await userinfo(b, member.token)).http).toBe(401);
  });
});
