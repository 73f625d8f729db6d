import { describe, expect, it } from 'vitest';
import { startCluster, type Node } from '../helpers/cluster.js';
import { buildUser } from '../helpers/factories.js';
import { staffSignIn } from '../helpers/staff.js';

/** Well inside the settings caches' 5 s: only the hub's message can explain a change seen this soon. */
const AT_ONCE_MS = 1_000;

async function post(node: Node, path: string, token: string, form: Record<string, string> = {}): Promise<{ status: number }> {
  const res = await fetch(`http://127.0.0.1:${node.port}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  return (await res.json()) as { status: number };
}

describe('console settings on two nodes', () => {
  it('a permission granted on node A is in force on node B at once, though B had just cached the matrix', async () => {
    const { ctx, startNode } = await startCluster();
    const [a, b] = await Promise.all([startNode(), startNode()]);
    const member = await buildUser(ctx, { vip: 0, sex: 1 });
    await buildUser(ctx, { username: 'annie', sex: 0 });
    const staff = await staffSignIn(ctx);
    const search = () => post(b, '/member/index/search_opposite_sex', member.token, { username: 'ann', page: '1' });

    // Free members may not search by default; this read fills node B's 5-second cache.
    expect(await search()).toMatchObject({ status: 403 });
    expect(await post(a, '/admin/api/permissions/set', staff, { vip: '0', flag: 'Search_users', allowed: '1' })).toMatchObject({ status: 200 });

    const changedAt = Date.now();
    let status = (await search()).status;
    while (status !== 200 && Date.now() - changedAt < AT_ONCE_MS) status = (await search()).status;
    expect(status).toBe(200);
  });
});
