import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { isMobileUserAgent } from '@kindred/protocol';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Storage } from '../infra/storage.js';
import { installUploads } from './uploads-route.js';
import { INTERFACE_CHUNKS, withPreloads, type ViteManifest } from './web-preload.js';

/**
 * Serves the uploads and the built web app. Every interface path answers index.html and
 * the client router takes over; `/` and `/invitation/:code` go to the interface that fits the device.
 * The page is read once at start-up, with the interface's chunks hinted for `/m` and `/w`.
 */
export async function installWeb(app: FastifyInstance, options: { webDist: string; storage: Storage }) {
  // From the local folder or streamed from the bucket, under the same URLs (uploads-route.ts).
  await installUploads(app, options.storage);

  const indexFile = path.join(options.webDist, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, { root: path.join(options.webDist, 'assets'), prefix: '/assets/', decorateReply: false, maxAge: '365d', immutable: true, preCompressed: true });
    await app.register(fastifyStatic, { root: path.join(options.webDist, 'static'), prefix: '/static/', decorateReply: false, maxAge: '1d' });
  }

  const pages = hasWeb ? loadPages(options.webDist, indexFile) : null;
  const sendPage = (html: string | undefined) => async (_req: unknown, reply: FastifyReply) => {
    if (html === undefined) return reply.code(503).type('text/plain').send('The web app is not built yet: run `npm run build`.');
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  };

  app.get('/', async (req, reply) => reply.redirect(isMobileUserAgent(req.headers['user-agent']) ? '/m/home/index' : '/w/home/index'));
  app.get<{ Params: { code: string } }>('/invitation/:code', async (req, reply) => {
    const code = encodeURIComponent(req.params.code.slice(0, 32));
    return reply.redirect(isMobileUserAgent(req.headers['user-agent']) ? `/m/regist/${code}` : `/w/regist/${code}`);
  });
  for (const prefix of ['m', 'w', 'admin'] as const) {
    const send = sendPage(pages?.[prefix]);
    app.get(`/${prefix}`, send);
    app.get(`/${prefix}/*`, send);
  }
  app.get('/favicon.ico', async (_req, reply) => reply.redirect('/static/favicon.svg'));
}

function loadPages(webDist: string, indexFile: string): Record<'m' | 'w' | 'admin', string> {
  const html = fs.readFileSync(indexFile, 'utf8');
  const manifestFile = path.join(webDist, '.vite', 'manifest.json');
  let manifest: ViteManifest | null = null;
  try {
    manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as ViteManifest;
  } catch {
    // No manifest (an older build) or an unreadable one: the pages work without the hints.
  }
  return { m: withPreloads(html, manifest, INTERFACE_CHUNKS.m), w: withPreloads(html, manifest, INTERFACE_CHUNKS.w), admin: withPreloads(html, manifest, INTERFACE_CHUNKS.admin) };
}
