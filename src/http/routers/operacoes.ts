import Router from '@koa/router';
import * as E from 'fp-ts/lib/Either.js';
import { isUuid } from '../../adapters/ids.js';
import { handleCommand } from '../../commands/handle-command.js';
import { fxOperationDecider, fxOperationStream, type FxOperationState } from '../../domain/fx/decider.js';
import type { Services } from '../../services.js';
import { ApiError, fromDomainError } from '../errors.js';
import { commandContext } from '../metadata.js';
import { requireScope } from '../middleware/auth.js';
import type { RequestState } from '../state.js';

/**
 * Public GET laudo.pdf: the stored laudo of an analysed operation, as an attachment. Every
 * download is recorded on the operation's stream (who, when); the 11th in any hour is refused.
 */
export function operacoesRouter(services: Services): Router<RequestState> {
  const { log, clock } = services;
  const router = new Router<RequestState>();

  router.get('/operacoes/:id/laudo.pdf', requireScope('runs:read'), async (ctx) => {
    const id = ctx.params['id']!;
    if (!isUuid(id)) throw new ApiError('invalid_id', 'id must be a UUID.', 'id');
    const principal = ctx.state.principal!;
    const context = commandContext(ctx, clock, principal.tenant_id, ':laudo');
    // another tenant's operation does not exist for this key: checked before the decider sees it
    const history = await log.readStream(fxOperationStream(id));
    const created = history[0];
    if (!created || created.type !== 'FxOperationCreated' || created.data['tenant_id'] !== principal.tenant_id) {
      throw new ApiError('operation_not_found', 'No such FX operation.', 'id');
    }
    const result = await handleCommand(log, fxOperationStream(id), fxOperationDecider, { type: 'RecordLaudoDownload', key_id: principal.key_id, now: context.metadata.occurred_at }, context);
    if (E.isLeft(result)) throw fromDomainError(result.left);
    const completed = (result.right.state as Exclude<FxOperationState, { status: 'none' }>).completed!;
    const blob = await services.blobStore.get(completed.laudo.blob_key);
    if (!blob) throw new ApiError('internal_error', 'An internal error occurred.');
    ctx.set('Content-Type', 'application/pdf');
    ctx.set('Content-Disposition', `attachment; filename="${completed.laudo.file_name}"`);
    ctx.set('Cache-Control', 'no-store');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.body = blob.data;
  });

  return router;
}
