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

/** Nodes a and b on a prefix of their own, and every raw publication on its channel. */
async function twoNodes() {
  const prefix = `kt${randomBytes(4).toString('hex')}:`;
  const raw: string[] = [];
  const listener = new Redis(redisUrl());
  onTestFinished(() => void listener.quit());
  listener.on('message', (_channel, message: string) => raw.push(message));
  await listener.subscribe(`${prefix}chat`);
  const a = hubOn(prefix, 'a');
  const b = hubOn(prefix, 'b');
  await Promise.all([a.hub.start(), b.hub.start()]);
  return { raw, a, b };
}

describe('RedisHub publications (issue 14: one PUBLISH per turn, not per chat message)', () => {
  it('sends the events of one turn as one publication, a lone event in the single-event shape, and the other node delivers each in order', async () => {
    const { raw, a, b } = await twoNodes();

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

  it('publishes an ended session, changed rights and changed settings alone, in the single-event shape, in the order published', async () => {
    const { raw, a, b } = await twoNodes();

    const ended: HubEvent = { type: 'sessions-ended', to: [5], sessionIds: [9] };
    const changed: HubEvent = { type: 'member-changed', to: [6] };
    const settings: HubEvent = { type: 'settings-changed', to: [] };
    const turn = [deleted(1), deleted(2), ended, deleted(3), changed, settings, deleted(4), deleted(5)];
    for (const event of turn) void a.hub.publish(event);
    await expect.poll(() => b.heard.length).toBe(turn.length);
    expect(b.heard).toEqual(turn);
    // A node from before batching reads only `event`: the three it must never miss come that way.
    expect(raw.map((r) => JSON.parse(r) as { event?: HubEvent; events?: HubEvent[] })).toEqual([
      { node: 'a', events: [deleted(1), deleted(2)] },
      { node: 'a', event: ended },
      { node: 'a', event: deleted(3) },
      { node: 'a', event: changed },
      { node: 'a', event: settings },
      { node: 'a', events: [deleted(4), deleted(5)] },
    ]);
  });

  it('reads a publication of a node before the change (one event, no `events`) and ignores one it cannot read (not JSON, not an object)', async () => {
    const prefix = `kt${randomBytes(4).toString('hex')}:`;
    const b = hubOn(prefix, 'b');
    await b.hub.start();
    const older = new Redis(redisUrl());
    onTestFinished(() => void older.quit());
    for (const junk of ['not json', 'null', '5', '"text"']) await older.publish(`${prefix}chat`, junk);
    await older.publish(`${prefix}chat`, JSON.stringify({ node: 'old', event: deleted(7) }));
    await expect.poll(() => b.heard).toEqual([deleted(7)]);
  });
});
