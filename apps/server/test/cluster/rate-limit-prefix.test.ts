import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { describe, expect, it, onTestFinished } from 'vitest';
import { as, buildUser } from '../helpers/factories.js';
import { startApp } from '../helpers/test-app.js';

describe('rate-limit counters in Redis (issue 9, finding 12)', () => {
  it('live under REDIS_PREFIX and are shared by every node with that prefix', async () => {
    const redisUrl = process.env.TEST_REDIS_URL;
    if (!redisUrl) throw new Error('this test needs TEST_REDIS_URL');
    const prefix = `kt${randomBytes(4).toString('hex')}:`;
    const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
    onTestFinished(async () => {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    });
    const env = { REDIS_URL: redisUrl, REDIS_PREFIX: prefix, AUTH_RATE_LIMIT: '3' };
    const node1 = await startApp({ env });
    const node2 = await startApp({ env });
    const { user, password } = await buildUser(node1);
    const login = (node: typeof node1) => as(node).post('/member/index/login', { account: user.username, password });

    const answers = [await login(node1), await login(node2), await login(node1), await login(node2)];

    expect(answers.map((a) => a.http)).toEqual([200, 200, 200, 429]);
    const keys = await redis.keys(`${prefix}rl:*`);
    expect(keys.length).toBeGreaterThan(0);
  });
});
