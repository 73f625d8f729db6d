import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { isMobileUserAgent, LANGUAGES, type Language } from '@kindred/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Storage } from '../infra/storage.js';
import { installUploads } from './uploads-route.js';
import { HOME_CHUNKS, INTERFACE_CHUNKS, stringChunks, withPreloads, type ViteManifest } from './web-preload.js';
import { loadLoginShells, shellLanguage } from './web-shell.js';

/** A page and its compressed forms, made once at start-up like the assets' .gz/.br files. */
interface Page {
  html: string;
  gzip: Buffer;
  br: Buffer;
}

function page(html: string): Page {
  return { html, gzip: gzipSync(html, { level: 9 }), br: brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }) };
}

function sendHtml(req: FastifyRequest, reply: FastifyReply, found: Page, vary: string) {
  const accepts = String(req.headers['accept-encoding'] ?? '');
  reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', vary);
  if (/\bbr\b/.test(accepts)) return reply.header('content-encoding', 'br').send(found.br);
  if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(found.gzip);
  return reply.send(found.html);
}

/**
 * Serves the uploads and the built web app. Every interface path answers index.html and
 * the client router takes over; `/` and `/invitation/:code` go to the interface that fits the device.
 * The page is read once at start-up, with the interface's chunks hinted for `/m` and `/w`.
 * `/m/login` answers the sign-in screen already rendered (in the visitor's language) when the
 * build made it, so a phone paints it before any script has run; the app then mounts over it.
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
  const sendPage = (found: Page | undefined) => async (req: FastifyRequest, reply: FastifyReply) => {
    if (found === undefined) return reply.code(503).type('text/plain').send('The web app is not built yet: run `npm run build`.');
    return sendHtml(req, reply, found, 'accept-encoding');
  };
  const shells = pages?.login;
  if (shells) {
    // Registered before /m/*: the more specific route wins in find-my-way whatever the order, but this reads plainly.
    app.get('/m/login', async (req, reply) => {
      const lang = shellLanguage(req.headers.cookie, req.headers['accept-language']);
      return sendHtml(req, reply, shells.get(lang)!, 'accept-encoding, accept-language, cookie');
    });
  }

  app.get('/', async (req, reply) => reply.redirect(isMobileUserAgent(req.headers['user-agent']) ? '/m/home/index' : '/w/home/index'));
  app.get<{ Params: { code: string } }>('/invitation/:code', async (req, reply) => {
    const code = encodeURIComponent(req.params.code.slice(0, 32));
    return reply.redirect(isMobileUserAgent(req.headers['user-agent']) ? `/m/regist/${code}` : `/w/regist/${code}`);
  });
  // Each home with its whole first screen hinted, in the language the app will pick (web-preload.ts HOME_CHUNKS).
  for (const terminal of ['m', 'w'] as const) {
    const homes = pages?.home[terminal];
    if (!homes) continue;
    const send = async (req: FastifyRequest, reply: FastifyReply) => {
      const lang = shellLanguage(req.headers.cookie, req.headers['accept-language']);
      return sendHtml(req, reply, homes.get(lang)!, 'accept-encoding, accept-language, cookie');
    };
    for (const url of [`/${terminal}/home`, `/${terminal}/home/index`]) app.get(url, send);
  }
  for (const prefix of ['m', 'w', 'admin'] as const) {
    const send = sendPage(pages?.[prefix]);
    app.get(`/${prefix}`, send);
    app.get(`/${prefix}/*`, send);
  }
  app.get('/favicon.ico', async (_req, reply) => reply.redirect('/static/favicon.svg'));
}

type Homes = Record<'m' | 'w', Map<Language, Page> | null>;

function loadPages(webDist: string, indexFile: string): Record<'m' | 'w' | 'admin', Page> & { login: Map<Language, Page> | null; home: Homes } {
  const html = fs.readFileSync(indexFile, 'utf8');
  const manifestFile = path.join(webDist, '.vite', 'manifest.json');
  let manifest: ViteManifest | null = null;
  try {
    manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as ViteManifest;
  } catch {
    // No manifest (an older build) or an unreadable one: the pages work without the hints.
  }
  const shells = loadLoginShells(webDist);
  const homes = (terminal: 'm' | 'w') =>
    manifest && new Map(LANGUAGES.map((lang) => [lang, page(withPreloads(html, manifest, [...HOME_CHUNKS[terminal], ...stringChunks(manifest, terminal, lang)]))]));
  return {
    home: { m: homes('m'), w: homes('w') },
    m: page(withPreloads(html, manifest, INTERFACE_CHUNKS.m)),
    w: page(withPreloads(html, manifest, INTERFACE_CHUNKS.w)),
    admin: page(withPreloads(html, manifest, INTERFACE_CHUNKS.admin)),
    login: shells && new Map([...shells].map(([lang, shell]) => [lang, page(shell)])),
  };
}
