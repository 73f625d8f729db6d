import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';

/**
 * Headers on every answer, pages included: a CSP that allows only our own scripts, our own
 * socket and images from ourselves (plus data:/blob: for the crop preview). antd writes its styles
 * at run time, hence 'unsafe-inline' for styles only. Only the payment provider may be framed.
 */
export async function installSecurity(app: FastifyInstance, options: { redis?: Redis; paymentFrameOrigins?: string[] }) {
  await app.register(helmet, {
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
        frameSrc: options.paymentFrameOrigins?.length ? options.paymentFrameOrigins : ["'none'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false,
  });

  // Counters live in Redis when there is one, so every node counts the same client together.
  await app.register(rateLimit, {
    global: false,
    ...(options.redis ? { redis: options.redis, nameSpace: 'kindred-rl:' } : {}),
    errorResponseBuilder: (_req, context) => ({ statusCode: 429, message: `Too many requests, retry in ${context.after}` }),
  });
}
