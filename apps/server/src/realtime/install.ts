import type { FastifyInstance } from 'fastify';
import type { PresenceAnnouncer } from './announcer.js';
import { Gateway, type GatewayOptions } from './gateway.js';
import type { RealtimeCore } from './core.js';
import type { RealtimeServices } from './services.js';
import { installSocket } from './socket-route.js';

export interface RealtimeParts {
  core: RealtimeCore;
  announcer: PresenceAnnouncer;
  /** The services the socket handlers use (composition.ts's `live`). */
  services: RealtimeServices;
  options: GatewayOptions;
  log: { warn(obj: unknown, msg: string): void; error(obj: unknown, msg: string): void };
  now: () => number;
}

/**
 * The /socket route and its gateway on a built app, from parts the composition root made. The
 * gateway closes (sockets, presence, Redis) before the server stops accepting (preClose); this
 * resolves once the node hears the others and its presence is live.
 */
export async function installRealtime(app: FastifyInstance, { core, announcer, services, options, log, now }: RealtimeParts): Promise<Gateway> {
  const gateway = new Gateway(core, announcer, services, options, log, now);
  app.addHook('preClose', async () => gateway.close());
  await installSocket(app, gateway, services);
  await core.start();
  await gateway.start();
  return gateway;
}
