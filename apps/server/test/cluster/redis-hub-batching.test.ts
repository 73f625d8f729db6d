import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { describe, expect, it, onTestFinished } from 'vitest';
import { RedisHub } from '../../src/realtime/redis-hub.js';
import type { HubEvent } from '../../src/realtime/hub.js';

const quiet = { warn: () => undefined, error: () => undefined };

function redisUrl(): string {
  const url = process.env.TEST_REDIS_URL;
  if (!url) throw new Error('this test needs TEST_REDIS_URL');
  return url;
}

/** A hub on a prefix of its own, closed after the test, and what its listeners heard. */
function hubOn(prefix: string, nodeId: string): { hub: RedisHub; heard: HubEvent[] } {
  const hub = new RedisHub(redisUrl(), prefix, nodeId, quiet);
  onTestFinished(() => hub.close());
  const heard: HubEvent[] = [];
  hub.subscribe((event) => heard.push(event));
  return { hub, heard };
}

const deleted = (i: number): HubEvent => ({ type: 'deleted', to: [i], peerId: 1 });

describe('RedisHub publications (issue 14: one PUBLISH per turn, not per chat message)', () => {
  it('sends the events of one turn as one publication, a lone event in the single-event shape, and the other node delivers each in order', async () => {
    const prefix = `kt${randomBytes(4).toString('hex')}:`;
    const raw: string[] = [];
    const listener = new Redis(redisUrl());
    onTestFinished(() => void listener.quit());
    listener.on('message', (_channel, message: string) => raw.push(message));
    await listener.subscribe(`${prefix}chat`);
    const a = hubOn(prefix, 'a');
    const b = hubOn(prefix, 'b');
    await Promise.all([a.hub.start(), b.hub.start()]);

    const turn = Array.from({ length: 300 }, (_, i) => deleted(i + 1));
    for (const event of turn) void a.hub.publish(event);
    // Node a's own listeners have them at once, b's through Redis, in the order published.
    expect(a.heard).toEqual(turn);
    await expect.poll(() => b.heard.length).toBe(turn.length);
    expect(b.heard).toEqual(turn);
    // 300 events: two publications (at most 256 events each), never one per event.
    expect(raw.map((r) => (JSON.parse(r) as { events?: unknown[] }).events?.length)).toEqual([256, 44]);

    await a.hub.publish(deleted(999));
    await expect.poll(() => raw.length).toBe(3);
    expect(JSON.parse(raw[2]!)).toEqual({ node: 'a', event: deleted(999) });
    await expect.poll(() => b.heard.length).toBe(turn.length + 1);
    // Its own echo is dropped: a delivered each event once.
    expect(a.heard).toHaveLength(turn.length + 1);
  });

  it('reads a publication of a node before the change (one event, no `events`) and ignores one it cannot parse', async () => {
    const prefix = `kt${randomBytes(4).toString('hex')}:`;
    const b = hubOn(prefix, 'b');
    await b.hub.start();
    const older = new Redis(redisUrl());
    onTestFinished(() => void older.quit());
    await older.publish(`${prefix}chat`, 'not json');
    await older.publish(`${prefix}chat`, JSON.stringify({ node: 'old', event: deleted(7) }));
    await expect.poll(() => b.heard).toEqual([deleted(7)]);
  });
});
