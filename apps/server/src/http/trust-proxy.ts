import net from 'node:net';

/**
 * Which proxies in front of us may tell the client's address (X-Forwarded-For). Trusting the whole
 * header lets every client pick its own address and so escape every per-address limit; we trust a
 * number of hops counted from our side, or only the listed proxies. Fastify's `trustProxy` takes
 * both forms as they are (false, a hop count, or addresses and CIDR ranges for proxy-addr).
 */
export type TrustProxy = false | number | string[];

/** proxy-addr's names for whole address ranges (127.0.0.1/8 and ::1, fe80::/10 …, 10/8 …). */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const MAX_HOPS = 10;

function isAddressOrRange(item: string): boolean {
  if (RANGE_NAMES.has(item)) return true;
  const [address, bits, extra] = item.split('/');
  const family = net.isIP(address ?? '');
  if (!family || extra !== undefined) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset/false/0: no proxy (the socket's address counts); true: exactly one hop (the
 * load balancer right in front of us); a number: that many hops; otherwise a comma-separated list of
 * proxy addresses or CIDR ranges. Answers the setting, or a message saying what is wrong.
 */
export function parseTrustProxy(raw: string | undefined): { value: TrustProxy } | { error: string } {
  const v = (raw ?? '').trim().toLowerCase();
  if (['', 'false', '0', 'no', 'off'].includes(v)) return { value: false };
  if (['true', 'yes', 'on'].includes(v)) return { value: 1 };
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return hops <= MAX_HOPS ? { value: hops } : { error: `at most ${MAX_HOPS} hops` };
  }
  const items = v.split(',').map((s) => s.trim()).filter(Boolean);
  const bad = items.filter((item) => !isAddressOrRange(item));
  if (!items.length || bad.length) {
    return { error: `false, true (one hop), a hop count, or a comma-separated list of proxy addresses/CIDR ranges (not: ${bad.join(', ') || raw})` };
  }
  return { value: items };
}

/**
 * The setting as Fastify takes it. Fastify 5 ignores a bare hop count (it trusts nothing then), so
 * a count becomes proxy-addr's own hop rule: the first `hops` addresses from our side (the socket's
 * peer first) are proxies, the next one is the client. Note that a hop count also trusts a client
 * that reaches the server directly, past the load balancer: list the proxies' addresses when it can.
 */
export function fastifyTrustProxy(setting: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  if (setting === 0) return false;
  return (_address, hop) => hop < setting;
}
