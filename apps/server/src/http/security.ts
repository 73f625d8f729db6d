import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';

/** One year (helmet's default); without includeSubDomains: the domain's other hosts are not ours to pin. */
const HSTS = { maxAge: 31_536_000, includeSubDomains: false, preload: false };

/**
 * Headers on every answer but a call's (those get apiHeaders, below): a CSP that allows only our
 * own scripts, our own socket and images from ourselves (plus data:/blob: for the crop preview).
 * antd writes its styles at run time, hence 'unsafe-inline' for styles only. Only the payment
 * provider may be framed.
 * HSTS only when members reach us over https (PUBLIC_URL): over plain http it would be ignored,
 * and a development server on localhost must not pin https for the whole host.
 */
export function helmetOptions(paymentFrameOrigins?: string[], options: { hsts?: boolean } = {}): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        // 'self' covers ws:/wss: to our own host in CSP 3 browsers; sockets elsewhere stay blocked.
        connectSrc: ["'self'"],
        mediaSrc: ["'self'", 'data:'],
        frameSrc: paymentFrameOrigins?.length ? paymentFrameOrigins : ["'none'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: options.hsts ? HSTS : false,
  };
}

/**
 * The headers @fastify/helmet sets with these options, worked out once: the plugin builds helmet
 * anew (re-parsing the CSP) on every request although ours never change. A throwaway instance
 * with the plugin answers one request; what the plugin added is what every answer gets.
 */
export async function helmetHeaders(options: FastifyHelmetOptions): Promise<[string, string][]> {
  const probe = async (withHelmet: boolean) => {
    const app = Fastify({ logger: false });
    if (withHelmet) await app.register(helmet, options);
    app.get('/', async () => 'probe');
    const res = await app.inject({ method: 'GET', url: '/' });
    await app.close();
    return res.headers;
  };
  const [plain, helmeted] = await Promise.all([probe(false), probe(true)]);
  const added = Object.entries(helmeted).filter(([name]) => plain[name] === undefined);
  if (!added.some(([name]) => name === 'content-security-policy')) throw new Error('helmet set no Content-Security-Policy');
  return added.map(([name, value]) => [name, String(value)]);
}

/**
 * What a call's answer (JSON, never rendered) needs, after OWASP's REST Security Cheat Sheet: it
 * may load nothing, be framed by nobody, be read by no other origin's page, and is not to be
 * sniffed into something renderable. The page CSP and the rest of helmet's set are about documents
 * (scripts, styles, frames, window openers): on a JSON answer they were ~1 KB of every reply.
 */
export function apiHeaders(options: { hsts?: boolean } = {}): [string, string][] {
  return [
    ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
    ['x-content-type-options', 'nosniff'],
    ['x-frame-options', 'DENY'],
    ['cross-origin-resource-policy', 'same-origin'],
    ['referrer-policy', 'no-referrer'],
    ...(options.hsts ? [['strict-transport-security', `max-age=${HSTS.maxAge}`] as [string, string]] : []),
  ];
}

/**
 * Route config of the protocol's calls (router.ts): their answers, errors included, get the API
 * header set. Every other answer (pages, assets, uploads, redirects, unknown paths, health checks,
 * the payment pages) gets the whole page set.
 */
export const API_ANSWER = 'apiAnswer';
export type ApiAnswerConfig = { [API_ANSWER]?: true };

export interface SecurityOptions {
  /** PUBLIC_URL: HSTS is sent exactly when it is https. */
  publicUrl: string;
  redis?: Redis;
  /** REDIS_PREFIX: rate-limit counters live under `<prefix>rl:` beside the chat's keys. */
  redisPrefix?: string;
  paymentFrameOrigins?: string[];
}

export async function installSecurity(app: FastifyInstance, options: SecurityOptions) {
  // Set first thing, as the plugin does, so errors, 404s and redirects carry them too.
  const hsts = /^https:\/\//i.test(options.publicUrl);
  const page = await helmetHeaders(helmetOptions(options.paymentFrameOrigins, { hsts }));
  const api = apiHeaders({ hsts });
  app.addHook('onRequest', (req, reply, done) => {
    const headers = (req.routeOptions.config as ApiAnswerConfig)[API_ANSWER] ? api : page;
    for (let i = 0; i < headers.length; i++) reply.raw.setHeader(headers[i]![0], headers[i]![1]);
    done();
  });

  // Counters live in Redis when there is one, so every node counts the same client together.
  await app.register(rateLimit, {
    global: false,
    ...(options.redis ? { redis: options.redis, nameSpace: `${options.redisPrefix ?? 'kindred:'}rl:` } : {}),
    errorResponseBuilder: (_req, context) => ({ statusCode: 429, message: `Too many requests, retry in ${context.after}` }),
  });
}
