import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope.js';
import { sandboxPages } from '../../infra/payments/sandbox-pages.js';
import type { SandboxProvider } from '../../infra/payments/sandbox-provider.js';
import type { SettlementService } from './settlement.service.js';

/** Where providers deliver webhooks: POST /payments/webhook/sandbox and /payments/webhook/stripe. */
export const WEBHOOK_PATH = '/payments/webhook';

/**
 * The payment routes that are not member calls (the call table's test lets /payments/ through):
 * the providers' webhooks, read as raw bytes because the signature covers them exactly, and the
 * sandbox's hosted pages. Registered in a plugin of its own so the raw body parser stays here.
 */
export async function installPaymentsHttp(app: FastifyInstance, deps: { settlement: SettlementService; sandbox: SandboxProvider; publicUrl: string }) {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_req, body, done) => done(null, body));
    scope.post<{ Params: { provider: string } }>(`${WEBHOOK_PATH}/:provider`, async (req) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const result = await deps.settlement.webhook(req.params.provider, raw, req.headers);
      return ok({ received: true, result });
    });
  });
  sandboxPages(app, deps.sandbox, deps.publicUrl);
}
