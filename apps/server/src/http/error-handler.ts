import { ERRORS, type Envelope } from '@kindred/protocol';
import type { FastifyError, FastifyInstance } from 'fastify';
import { DomainError } from '../errors.js';

const envelope = (id: keyof typeof ERRORS, msg: string, data: unknown = null): Envelope => ({
  status: ERRORS[id].status,
  msg,
  data,
  error: id,
});

/**
 * The one place failures become answers. Domain errors carry their own status; framework errors
 * (bad JSON, body too large, unknown route, rate limit) get a clear 4xx; anything else is logged
 * with its stack and answered as a bare 500 without details.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | DomainError, req, reply) => {
    if (error instanceof DomainError) {
      return reply.code(error.http).send({ status: error.status, msg: error.message, data: error.data, error: error.id });
    }
    const code = error.statusCode ?? 500;
    if (code === 429) return reply.code(429).send(envelope('rate_limited', 'Too many requests, please wait a moment'));
    if (code === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE' || error.code === 'FST_PARTS_LIMIT' || error.code === 'FST_FILES_LIMIT') {
      return reply.code(413).send(envelope('payload_too_large', 'The upload is too large'));
    }
    // busboy reports a multipart body without a boundary as a plain Error: it is still bad input.
    if (code >= 400 && code < 500 || error.message === 'Multipart: Boundary not found') {
      return reply.code(400).send(envelope('validation', 'The request could not be read', { fields: { body: error.message } }));
    }
    req.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(envelope('internal', 'Something went wrong, please try again'));
  });

  app.setNotFoundHandler((req, reply) => reply.code(404).send(envelope('not_found', `No such call: ${req.method} ${req.url.split('?')[0]}`)));
}
