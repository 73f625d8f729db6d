import type { Challenge } from 'altcha-lib';
import { describe, expect, it } from 'vitest';
import { AntispamService } from '../../src/modules/antispam/antispam.service.js';
import { ServerSecretsRepository } from '../../src/modules/antispam/server-secrets.repository.js';
import { UsedChallengesRepository } from '../../src/modules/antispam/used-challenges.repository.js';
import { CHEAP_POW, encodeSolution, solve } from '../helpers/antispam.js';
import { buildUser, uniqueName, yearsAgo } from '../helpers/factories.js';
import { startCluster, type Node } from '../helpers/cluster.js';
import type { TestApp } from '../helpers/test-app.js';

async function post(node: Node, path: string, form: Record<string, string>) {
  const res = await fetch(`http://127.0.0.1:${node.port}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  return { http: res.status, body: (await res.json()) as { status: number; error?: string; data: any } };
}

/** A proof-of-work solution to a challenge the node made, as the browser would send it. */
async function solvedOn(node: Node): Promise<string> {
  const challenge = (await post(node, '/member/index/challenge', {})).body.data.challenge as Challenge;
  return encodeSolution(challenge, await solve(challenge));
}

/** A solution to a challenge made beside the nodes, on their database: any node with the shared key accepts it. */
async function solvedBeside(ctx: TestApp): Promise<string> {
  const service = new AntispamService(new UsedChallengesRepository(ctx.db), new ServerSecretsRepository(ctx.db), { pow: true, cost: 1, counterMax: 30, challengeTtlMs: 600_000 });
  const challenge = (await service.challenge()).challenge as Challenge;
  return encodeSolution(challenge, await solve(challenge));
}

describe('per-account limits on two server processes sharing one Redis (issue 9, finding 5)', () => {
  it('counts failed sign-ins on one account together, whichever node they reach', async () => {
    const { ctx, startNode } = await startCluster();
    const env = { ...CHEAP_POW, LOGIN_FAILURE_LIMIT: '3', RECOVERY_MAIL_LIMIT: '2' };
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

    // Recovery mails per address, counted across nodes too (each request with its own proof-of-work).
    const forget = async (node: Node) => post(node, '/member/index/forget', { email: user.email, altcha: await solvedOn(node) });
    const answers = [await forget(n1), await forget(n2), await forget(n1)];
    expect(answers.map((f) => f.http)).toEqual([200, 200, 429]);
  });

  it('holds the per-address sign-up limit across nodes, and accepts a proof-of-work solution once on either', async () => {
    const { ctx, startNode } = await startCluster();
    const env = { ...CHEAP_POW, AUTH_RATE_LIMIT: '3' };
    const [n1, n2] = await Promise.all([startNode(env), startNode(env)]);
    const register = (node: Node, altcha: string) => {
      const username = uniqueName('c');
      return post(node, '/member/index/register', { username, email: `${username}@example.test`, password: 'secret123', sex: '1', birthday: String(yearsAgo(30)), altcha });
    };

    // A challenge of node 1 is solved and sent to node 2 (the key is shared through the database);
    // sent again to node 1 it is spent.
    const fromN1 = await solvedOn(n1);
    expect((await register(n2, fromN1)).body.status).toBe(200);
    expect((await register(n1, fromN1)).body).toMatchObject({ status: 400, error: 'challenge_used' });
    expect((await register(n2, await solvedOn(n2))).body.status).toBe(200);

    // Three sign-up requests from this address this minute, on two nodes: valid solutions no longer help.
    for (const node of [n1, n2]) {
      const res = await register(node, await solvedBeside(ctx));
      expect([res.http, res.body.error]).toEqual([429, 'rate_limited']);
    }
  });
});
