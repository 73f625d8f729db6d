import { ERROR_MESSAGES, ERRORS, type Envelope, type ErrorId } from '@kindred/protocol';
import type { FastifyError, FastifyInstance } from 'fastify';
import { storageFailureCode } from '../db/storage-failure.js';
import { DomainError, fail } from '../errors.js';

const envelope = (id: ErrorId, msg: string = ERROR_MESSAGES[id], data: unknown = null): Envelope => ({
  status: ERRORS[id].status,
  msg,
  data,
  error: id,
});

export interface ErrorHandlerOptions {
  /** A write failed for lack of storage (db/storage-failure.ts): the answer is a 503, this tells the operator. */
  onStorageFailure?(error: unknown, code: string): void;
}

/**
 * The one place failures become answers. Domain errors carry their own status; framework errors
 * (bad JSON, body too large, unknown route, rate limit) get a clear 4xx; a write the storage could
 * not take (disk full) a 503 storage_unavailable; anything else is logged with its stack and
 * answered as a bare 500 without details.
 */
export function installErrorHandler(app: FastifyInstance, options: ErrorHandlerOptions = {}): void {
  app.setErrorHandler((raw: FastifyError | DomainError, req, reply) => {
    const storage = raw instanceof DomainError ? undefined : storageFailureCode(raw);
    if (storage) {
      if (options.onStorageFailure) options.onStorageFailure(raw, storage);
      else req.log.error({ err: raw }, 'storage failure');
    }
    const error = storage ? fail('storage_unavailable') : raw;
    if (error instanceof DomainError) {
      return reply.code(error.http).send({ status: error.status, msg: error.message, data: error.data, error: error.id });
    }
    const code = error.statusCode ?? 500;
    if (code === 429) return reply.code(429).send(envelope('rate_limited'));
    if (code === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE' || error.code === 'FST_PARTS_LIMIT' || error.code === 'FST_FILES_LIMIT') {
      return reply.code(413).send(envelope('payload_too_large'));
    }
    // busboy reports a multipart body without a boundary as a plain Error: it is still bad input.
    if (code >= 400 && code < 500 || error.message === 'Multipart: Boundary not found') {
      return reply.code(400).send(envelope('validation', 'The request could not be read', { fields: { body: error.message } }));
    }
    req.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(envelope('internal'));
  });

  app.setNotFoundHandler((req, reply) => reply.code(404).send(envelope('not_found', `No such call: ${req.method} ${req.url.split('?')[0]}`)));
}
