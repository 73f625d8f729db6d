import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { PresenceService } from '../../src/realtime/presence.js';
import { ConnectionRegistry } from '../../src/realtime/registry.js';

/**
 * Presence changes asked for in one turn go to Redis in one script (realtime/presence.ts), in the
 * order asked: two nodes on one real Redis must still answer each change as if it went alone.
 */
const url = process.env.TEST_REDIS_URL!;
const opened: { redis: Redis; presence: PresenceService }[] = [];
afterEach(async () => {
  for (const { redis, presence } of opened.splice(0)) {
    await presence.stop();
    await redis.quit();
  }
});

async function node(prefix: string): Promise<{ presence: PresenceService; execs: () => number }> {
  const redis = new Redis(url);
  let execs = 0;
  const sendCommand = redis.sendCommand.bind(redis);
  redis.sendCommand = ((command: { name: string }, ...rest: unknown[]) => {
    if (command.name === 'evalsha' || command.name === 'eval') execs += 1;
    return (sendCommand as (...args: unknown[]) => unknown)(command, ...rest);
  }) as typeof redis.sendCommand;
  const presence = new PresenceService(new ConnectionRegistry(), redis, { prefix, nodeId: randomUUID(), ttlMs: 30_000 });
  opened.push({ redis, presence });
  await presence.start();
  return { presence, execs: () => execs };
}

describe('presence changes batched per turn', () => {
  it('answers each change of a turn as alone, in one script call, across two nodes', async () => {
    const prefix = `presence-${randomUUID()}:`;
    const a = await node(prefix);
    const b = await node(prefix);
    const before = a.execs();

    // Members 1 and 2 come online on node A: offline everywhere before, so both are announced.
    expect(await Promise.all([a.presence.connected(1), a.presence.connected(2)])).toEqual([true, true]);
    expect(a.execs() - before).toBe(1);
    // Member 1 on node B too (already online on A); member 3 only on B.
    expect(await Promise.all([b.presence.connected(1), b.presence.connected(3)])).toEqual([false, true]);
    // In one turn, in order: 2 leaves A (offline everywhere), then comes back (offline before it).
    expect(await Promise.all([a.presence.disconnected(2), a.presence.connected(2)])).toEqual([true, true]);
    // The other way round: 4 connects and leaves in the same turn.
    expect(await Promise.all([a.presence.connected(4), a.presence.disconnected(4)])).toEqual([true, true]);
    // 1 leaves A but is still on B; then leaves B as well.
    expect(await a.presence.disconnected(1)).toBe(false);
    expect(await b.presence.disconnected(1)).toBe(true);

    expect([...(await a.presence.onlineSet([1, 2, 3, 4]))].sort()).toEqual([2, 3]);
  });
});
