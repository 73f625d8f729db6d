import { randomBytes } from 'node:crypto';
import type { Config } from '../config.js';
import type { SessionsRepository } from '../modules/auth/sessions.repository.js';
import { LocalHub, type Hub } from './hub.js';
import { MessageLimiter } from './message-limiter.js';
import { PresenceService } from './presence.js';
import { RedisHub } from './redis-hub.js';
import { ConnectionRegistry } from './registry.js';
import { SessionRevocation } from './session-revocation.js';

interface Log {
  warn(obj: unknown, msg: string): void;
  error(obj: unknown, msg: string): void;
}

/**
 * What the rest of the server shares with the live connection: the hub (in-process, or Redis when
 * REDIS_URL is set), this node's sockets, presence, the per-member message limit and the end of
 * sessions. Built by the composition root (composition.ts) so services can use presence and end sessions.
 */
export function createRealtimeCore(config: Config, sessions: SessionsRepository, log: Log, now: () => number) {
  const nodeId = randomBytes(6).toString('hex');
  const registry = new ConnectionRegistry();
  const redisHub = config.redisUrl ? new RedisHub(config.redisUrl, config.chat.redisPrefix, nodeId, log) : undefined;
  const hub: Hub = redisHub ?? new LocalHub();
  // Whether this node hears every hub event now: always in one process; with Redis while subscribed.
  const listening = () => !redisHub || redisHub.connections.subscriber.status === 'ready';
  const presence = new PresenceService(registry, redisHub?.commands, { prefix: config.chat.redisPrefix, nodeId, ttlMs: config.chat.presenceTtlMs }, now);
  return {
    nodeId,
    registry,
    hub,
    presence,
    limiter: new MessageLimiter(config.chat.rateLimitPerMinute, redisHub?.commands, config.chat.redisPrefix, log, now),
    listening,
    sessions: new SessionRevocation(sessions, hub, registry, log, now, listening),
    /** Resolves once this node hears the other nodes (the Redis subscription is live). */
    start: async () => redisHub?.start(),
  };
}

export type RealtimeCore = ReturnType<typeof createRealtimeCore>;
