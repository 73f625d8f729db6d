import { createHash, timingSafeEqual } from 'node:crypto';
import net from 'node:net';
import type { FastifyRequest } from 'fastify';

/**
 * Who may read /metrics. The figures tell an attacker how busy a node is, which routes fail and
 * when a limit bites, so the public side never sees them unless the operator says so:
 * METRICS_ALLOW lists client addresses (default: loopback only; `public`: everyone; `none`: only
 * METRICS_TOKEN), and a request with `Authorization: Bearer <METRICS_TOKEN>` is let in from anywhere.
 */
export type MetricsAllow = 'public' | string[];

/** Named ranges, as TRUST_PROXY knows them (proxy-addr's names). */
const RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

function isAddressOrRange(item: string): boolean {
  if (item in RANGES) return true;
  const [address, bits, extra] = item.split('/');
  const family = net.isIP(address ?? '');
  if (!family || extra !== undefined) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/** METRICS_ALLOW: unset means loopback; answers the setting or what is wrong with it. */
export function parseMetricsAllow(raw: string | undefined): { value: MetricsAllow } | { error: string } {
  const v = (raw ?? '').trim().toLowerCase();
  if (v === '') return { value: ['loopback'] };
  if (v === 'public') return { value: 'public' };
  if (v === 'none') return { value: [] };
  const items = v.split(',').map((s) => s.trim()).filter(Boolean);
  const bad = items.filter((item) => !isAddressOrRange(item));
  if (!items.length || bad.length) {
    return { error: `public, none, or a comma-separated list of addresses / CIDR ranges / loopback, linklocal, uniquelocal (not: ${bad.join(', ') || raw})` };
  }
  return { value: items };
}

function blockList(items: string[]): net.BlockList {
  const list = new net.BlockList();
  for (const item of items.flatMap((i) => RANGES[i] ?? [i])) {
    const [address, bits] = item.split('/') as [string, string | undefined];
    const type = net.isIPv6(address) ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return list;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * The check for one app. The address is `req.ip`, which follows TRUST_PROXY: behind a trusted
 * proxy it is the client's. A request that came through a proxy we do not trust (it carries
 * X-Forwarded-For while TRUST_PROXY is off) is not judged by its address at all: a proxy on the
 * same machine would make every visitor look like loopback.
 */
export function metricsAccess(options: { allow: MetricsAllow; token?: string; trustsProxy: boolean }): (req: FastifyRequest) => boolean {
  const allowed = options.allow === 'public' ? undefined : blockList(options.allow);
  const token = options.token ? digest(options.token) : undefined;
  return (req) => {
    if (token) {
      const bearer = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1]?.trim();
      // Compared as digests: equal lengths, and the time taken tells nothing about the token.
      if (bearer && timingSafeEqual(digest(bearer), token)) return true;
    }
    if (!allowed) return true;
    if (!options.trustsProxy && req.headers['x-forwarded-for'] !== undefined) return false;
    const ip = req.ip.startsWith('::ffff:') && net.isIPv4(req.ip.slice(7)) ? req.ip.slice(7) : req.ip;
    const family = net.isIP(ip);
    return family !== 0 && allowed.check(ip, family === 6 ? 'ipv6' : 'ipv4');
  };
}
