import { randomBytes } from 'node:crypto';
import type { Config } from '../config.js';
import { LocalHub, type Hub } from './hub.js';
import { PresenceService } from './presence.js';
import { RedisHub } from './redis-hub.js';
import { ConnectionRegistry } from './registry.js';

export { Gateway } from './gateway.js';
export { installSocket } from './socket-route.js';
export type { Hub, HubEvent } from './hub.js';
export type { PresenceService } from './presence.js';
export type { RealtimeServices } from './services.js';

interface Log {
  warn(obj: unknown, msg: string): void;
  error(obj: unknown, msg: string): void;
}

/**
 * What the rest of the server shares with the live connection: the hub (in-process, or Redis when
 * REDIS_URL is set), this node's sockets and presence. Built in wire() so services can use presence.
 */
export function createRealtimeCore(config: Config, log: Log, now: () => number) {
  const nodeId = randomBytes(6).toString('hex');
  const registry = new ConnectionRegistry();
  const redisHub = config.redisUrl ? new RedisHub(config.redisUrl, config.chat.redisPrefix, nodeId, log) : undefined;
  const hub: Hub = redisHub ?? new LocalHub();
  const presence = new PresenceService(registry, redisHub?.commands, { prefix: config.chat.redisPrefix, nodeId, ttlMs: config.chat.presenceTtlMs }, now);
  return {
    nodeId,
    registry,
    hub,
    presence,
    /** Resolves once this node hears the other nodes (the Redis subscription is live). */
    start: async () => redisHub?.start(),
  };
}

export type RealtimeCore = ReturnType<typeof createRealtimeCore>;
