import dns from 'node:dns';
import net from 'node:net';

/**
 * Outbound network is an error in server tests (docs/architecture.md §7): a socket may only reach this
 * machine (127.0.0.1, ::1, localhost), a unix socket, or the test services named by
 * TEST_DATABASE_URL / TEST_REDIS_URL (CI may run them under a service host name); name lookups of
 * anything else fail. A test that needs the outside world is a broken test.
 */
const hostOf = (url: string | undefined): string[] => {
  if (!url) return [];
  try {
    return [new URL(url).hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase()].filter(Boolean);
  } catch {
    return [];
  }
};
const ALLOWED_HOSTS = new Set([
  'localhost',
  '127.0.0.1',
  '::1',
  '::ffff:127.0.0.1',
  '0.0.0.0',
  '::',
  ...hostOf(process.env.TEST_DATABASE_URL),
  ...hostOf(process.env.TEST_REDIS_URL),
]);
const PATCHED = Symbol.for('kindred.test.no-network');

export class OutboundNetworkError extends Error {
  constructor(target: string) {
    super(`outbound network is disabled in tests (tried ${target})`);
    this.name = 'OutboundNetworkError';
  }
}

export const isAllowedHost = (host: string | undefined | null): boolean =>
  host == null || host === '' || ALLOWED_HOSTS.has(host.toLowerCase()) || /^127\.\d+\.\d+\.\d+$/.test(host);

type ConnectTarget = { host?: string; port?: number | string; path?: string };

/** Socket#connect receives either node's pre-normalized [options, cb] array or the user's own arguments. */
function targetOf(args: unknown[]): ConnectTarget {
  const first = Array.isArray(args[0]) ? (args[0] as unknown[])[0] : args[0];
  if (first && typeof first === 'object') return first as ConnectTarget;
  if (typeof first === 'number' || (typeof first === 'string' && /^\d+$/.test(first))) {
    return { port: first, host: typeof args[1] === 'string' ? args[1] : undefined };
  }
  if (typeof first === 'string') return { path: first };
  return {};
}

const state = net.Socket.prototype as unknown as Record<symbol, boolean>;
if (!state[PATCHED]) {
  state[PATCHED] = true;

  const connect = net.Socket.prototype.connect;
  net.Socket.prototype.connect = function patchedConnect(this: net.Socket, ...args: unknown[]) {
    const target = targetOf(args);
    if (!target.path && !isAllowedHost(target.host)) throw new OutboundNetworkError(`${target.host}:${String(target.port)}`);
    return (connect as (...a: unknown[]) => net.Socket).apply(this, args);
  } as typeof net.Socket.prototype.connect;

  const lookup = dns.lookup;
  const guardedLookup = function patchedLookup(hostname: string, ...rest: unknown[]) {
    if (!isAllowedHost(hostname)) throw new OutboundNetworkError(`lookup of ${hostname}`);
    return (lookup as (...a: unknown[]) => unknown)(hostname, ...rest);
  };
  dns.lookup = guardedLookup as typeof dns.lookup;

  const promisesLookup = dns.promises.lookup;
  dns.promises.lookup = (async (hostname: string, ...rest: unknown[]) => {
    if (!isAllowedHost(hostname)) throw new OutboundNetworkError(`lookup of ${hostname}`);
    return (promisesLookup as (...a: unknown[]) => Promise<unknown>)(hostname, ...rest);
  }) as typeof dns.promises.lookup;

  for (const method of ['resolve', 'resolve4', 'resolve6', 'resolveAny'] as const) {
    const original = dns[method] as (...a: unknown[]) => unknown;
    (dns as unknown as Record<string, unknown>)[method] = (hostname: string, ...rest: unknown[]) => {
      if (!isAllowedHost(hostname)) throw new OutboundNetworkError(`resolve of ${hostname}`);
      return original.call(dns, hostname, ...rest);
    };
  }
}
