import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { describe, expect, it, onTestFinished } from 'vitest';
import { RedisHub } from '../../src/realtime/redis-hub.js';
import type { HubEvent } from '../../src/realtime/hub.js';

const quiet = { warn: () => undefined, error: () => undefined };

describe('RedisHub.close (a drained node, issue 14 CI)', () => {
  it('sends every publication made before it, although QUIT is not auto-pipelined and would overtake them', async () => {
    const redisUrl = process.env.TEST_REDIS_URL;
    if (!redisUrl) throw new Error('this test needs TEST_REDIS_URL');
    const prefix = `kt${randomBytes(4).toString('hex')}:`;
    const listener = new Redis(redisUrl);
    onTestFinished(() => void listener.quit());
    // Events heard, whether a publication carries one (`event`) or a turn's several (`events`).
    const heard: HubEvent[] = [];
    listener.on('message', (_channel, raw: string) => {
      const publication = JSON.parse(raw) as { event?: HubEvent; events?: HubEvent[] };
      heard.push(...(publication.events ?? [publication.event!]));
    });
    await listener.subscribe(`${prefix}chat`);

    const hub = new RedisHub(redisUrl, prefix, 'draining', quiet);
    await hub.publish({ type: 'deleted', to: [1], peerId: 1 });
    await expect.poll(() => heard.length).toBe(1);

    // One turn's publications (a batch of acknowledged messages), then the drain closes the hub.
    const events: HubEvent[] = Array.from({ length: 25 }, (_, i) => ({ type: 'deleted', to: [i + 1], peerId: 1 }));
    for (const event of events) void hub.publish(event);
    await hub.close();

    await expect.poll(() => heard.length).toBe(1 + events.length);
  });
});
