import fastifyStatic from '@fastify/static';
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { contentTypeOf, UPLOAD_KEY, type Storage } from '../infra/storage.js';

/** A week, never revalidated: an upload's name is random and its bytes never change under it. */
const MAX_AGE_S = 7 * 24 * 3600;
export const UPLOAD_CACHE_CONTROL = `public, max-age=${MAX_AGE_S}, immutable`;

/**
 * GET /uploads/<key>, the same URLs and headers whichever store holds the files: content type by
 * the name's extension (only png and jpg are ever stored), no-sniff (security.ts, on every answer)
 * and a week's immutable cache. The local folder is served by @fastify/static (sendfile, ranges,
 * ETags); a bucket is streamed through this node, so the bucket stays private, the files stay on
 * our origin and a member's browser never needs to reach the store.
 */
export async function installUploads(app: FastifyInstance, storage: Storage): Promise<void> {
  if (storage.localRoot) {
    fs.mkdirSync(storage.localRoot, { recursive: true });
    await app.register(fastifyStatic, {
      root: storage.localRoot,
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
      maxAge: MAX_AGE_S * 1000,
      immutable: true,
    });
    return;
  }

  app.get<{ Params: { '*': string } }>('/uploads/*', async (req, reply) => {
    const key = req.params['*'];
    // Only names the upload call makes: nothing else in the bucket is reachable through us.
    const found = UPLOAD_KEY.test(key) ? await storage.read(key) : undefined;
    // The same 404 envelope as a file missing from the local folder (error-handler.ts).
    if (!found) return reply.callNotFound();
    if (found.etag && req.headers['if-none-match'] === found.etag) {
      found.body.destroy();
      return reply.code(304).header('etag', found.etag).header('cache-control', UPLOAD_CACHE_CONTROL).send();
    }
    reply.type(contentTypeOf(key)).header('cache-control', UPLOAD_CACHE_CONTROL);
    if (found.size !== undefined) reply.header('content-length', found.size);
    if (found.etag) reply.header('etag', found.etag);
    if (found.modifiedMs !== undefined) reply.header('last-modified', new Date(found.modifiedMs).toUTCString());
    return reply.send(found.body);
  });
}
