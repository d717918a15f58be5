import Router from '@koa/router';
import { downloadLaudo } from '../../commands/fx.js';
import type { BlobStore } from '../../adapters/blob-store/port.js';
import type { Clock } from '../../adapters/clock.js';
import type { EventLog } from '../../adapters/event-store/event-log.js';
import { decodeInput } from '../decode.js';
import { commandContext } from '../metadata.js';
import { requireScope } from '../middleware/auth.js';
import { FxOperationIdParams } from '../operations/fx.js';
import { orThrow } from '../outcome.js';
import type { RequestState } from '../state.js';

/**
 * Public GET laudo.pdf: the stored laudo of an analysed operation, as an attachment. Every
 * download is recorded on the operation's stream (who, when); the 11th in any hour is refused.
 */
export function operacoesRouter(services: { log: EventLog; blobStore: BlobStore; clock: Clock }): Router<RequestState> {
  const router = new Router<RequestState>();

  router.get('/operacoes/:id/laudo.pdf', requireScope('runs:read'), async (ctx) => {
    const { id } = decodeInput(FxOperationIdParams, ctx.params);
    const principal = ctx.state.principal!;
    const laudo = orThrow(await downloadLaudo(services, id, principal, commandContext(ctx, services.clock, principal.tenant_id, ':laudo')));
    ctx.set('Content-Type', 'application/pdf');
    ctx.set('Content-Disposition', `attachment; filename="${laudo.file_name}"`);
    ctx.set('Cache-Control', 'no-store');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.body = laudo.data;
  });

  return router;
}
