import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { isMobileUserAgent } from '@kindred/protocol';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the uploads folder and the built web app. Every interface path answers index.html and
 * the client router takes over; `/` and `/invitation/:code` go to the interface that fits the device.
 */
export async function installWeb(app: FastifyInstance, options: { webDist: string; uploadsDir: string }) {
  fs.mkdirSync(options.uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: options.uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    maxAge: '7d',
    immutable: true,
  });

  const indexFile = path.join(options.webDist, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, { root: path.join(options.webDist, 'assets'), prefix: '/assets/', decorateReply: false, maxAge: '365d', immutable: true, preCompressed: true });
    await app.register(fastifyStatic, { root: path.join(options.webDist, 'static'), prefix: '/static/', decorateReply: false, maxAge: '1d' });
  }

  const sendIndex = async (_req: unknown, reply: import('fastify').FastifyReply) => {
    if (!hasWeb) return reply.code(503).type('text/plain').send('The web app is not built yet: run `npm run build`.');
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(fs.createReadStream(indexFile));
  };

  app.get('/', async (req, reply) => reply.redirect(isMobileUserAgent(req.headers['user-agent']) ? '/m/home/index' : '/w/home/index'));
  app.get<{ Params: { code: string } }>('/invitation/:code', async (req, reply) => {
    const code = encodeURIComponent(req.params.code.slice(0, 32));
    return reply.redirect(isMobileUserAgent(req.headers['user-agent']) ? `/m/regist/${code}` : `/w/regist/${code}`);
  });
  for (const prefix of ['/m', '/w', '/admin']) {
    app.get(prefix, sendIndex);
    app.get(`${prefix}/*`, sendIndex);
  }
  app.get('/favicon.ico', async (_req, reply) => reply.redirect('/static/favicon.svg'));
}
