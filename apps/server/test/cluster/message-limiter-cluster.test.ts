import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { MessageLimiter } from '../../src/realtime/message-limiter.js';

/**
 * The limiter's leases (realtime/message-limiter.ts) on one real Redis, two limiters standing for
 * two nodes: frames are taken from Redis in leases, not one round trip per frame, and the member's
 * allowance over both nodes still holds exactly.
 */
const url = process.env.TEST_REDIS_URL!;
const log = { warn: () => undefined };
const opened: Redis[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((r) => r.quit()));
});

function node(max: number, prefix: string, now: () => number): { limiter: MessageLimiter; calls: () => number } {
  const redis = new Redis(url);
  opened.push(redis);
  let calls = 0;
  const sendCommand = redis.sendCommand.bind(redis);
  redis.sendCommand = ((command: { name: string }, ...rest: unknown[]) => {
    if (command.name === 'evalsha' || command.name === 'eval') calls += 1;
    return (sendCommand as (...args: unknown[]) => unknown)(command, ...rest);
  }) as typeof redis.sendCommand;
  return { limiter: new MessageLimiter(max, redis, prefix, log, now), calls: () => calls };
}

/** Frames sent one after another (each waits for its answer, as one socket's frames do). */
async function send(limiter: MessageLimiter, member: number, frames: number): Promise<number> {
  let allowed = 0;
  for (let i = 0; i < frames; i++) if (await limiter.allow({ member })) allowed += 1;
  return allowed;
}

describe('message limiter leases on Redis', () => {
  it('allows exactly the limit over two nodes, asking Redis far less than once a frame', async () => {
    const prefix = `limiter-${randomUUID()}:`;
    const now = () => 1_000_000;
    const a = node(320, prefix, now);
    const b = node(320, prefix, now);
    let allowed = 0;
    // Both nodes at once, in bursts, as a member with a socket on each would.
    for (let round = 0; round < 40; round++) {
      const [onA, onB] = await Promise.all([send(a.limiter, 7, 6), send(b.limiter, 7, 6)]);
      allowed += onA + onB;
    }
    expect(allowed).toBe(320);
    expect(a.calls() + b.calls()).toBeLessThan(160);
    // Another member's allowance is untouched.
    expect(await send(a.limiter, 8, 3)).toBe(3);
  });

  it('gives an unused lease back after a second, so the other node can have it', async () => {
    const prefix = `limiter-${randomUUID()}:`;
    let clock = 5_000_000;
    const now = () => clock;
    const a = node(160, prefix, now);
    const b = node(160, prefix, now);
    // Node A sends steadily: its leases grow (and one is asked for ahead).
    expect(await send(a.limiter, 9, 40)).toBe(40);
    // Node B may have what is left of the allowance only once A's lease went back.
    const left = await send(b.limiter, 9, 200);
    expect(left).toBeLessThanOrEqual(120);
    clock += 1_100;
    await new Promise((resolve) => setTimeout(resolve, 1_300));
    // The bucket refilled a little meanwhile (one frame per 375 ms): 2 frames, plus A's lease given back.
    const after = await send(b.limiter, 9, 200);
    expect(left + after).toBeGreaterThanOrEqual(120);
    expect(left + after).toBeLessThanOrEqual(123);
  });

  it('refuses without asking Redis again while a member waits out a refusal', async () => {
    const prefix = `limiter-${randomUUID()}:`;
    const now = () => 9_000_000;
    const a = node(16, prefix, now);
    expect(await send(a.limiter, 3, 16)).toBe(16);
    const asked = a.calls();
    expect(await send(a.limiter, 3, 50)).toBe(0);
    expect(a.calls() - asked).toBe(1);
  });
});
