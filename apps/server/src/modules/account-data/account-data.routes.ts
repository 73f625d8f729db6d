import { accountDelete, accountExport, exportFileName } from '@kindred/protocol';
import { ok } from '../../http/envelope.js';
import type { Router } from '../../http/router.js';
import type { AccountDeletionService } from './account-deletion.service.js';
import type { AccountExportService } from './account-export.service.js';

export function accountDataRoutes(router: Router, deletion: AccountDeletionService, exporter: AccountExportService, exportLimit: { max: number; timeWindow: string }) {
  router.handle(accountDelete, async ({ body, member }) => {
    await deletion.delete(member, body.password);
    return ok(null, 'Your account was deleted');
  });

  /**
   * The answer is the ZIP itself, streamed as it is made (failures before the first byte are
   * envelopes as usual). The router already authenticated the caller from the header.
   */
  router.handle(
    accountExport,
    async ({ member, reply }) => {
      const zip = await exporter.open(member);
      reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${exportFileName(member.username, new Date())}"`)
        .header('cache-control', 'no-store');
      // Fastify pipes a stream it is given; the envelope type of handlers does not describe a file.
      return reply.send(zip) as never;
    },
    { rateLimit: exportLimit },
  );
}
