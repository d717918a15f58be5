import Router from '@koa/router';
import type Koa from 'koa';
import { advanceFxOperation, createFxOperation } from '../../../commands/fx.js';
import type { FxOperationCommand } from '../../../domain/fx/decider.js';
import { getFxOperation } from '../../../projections/fx-operations.js';
import type { WriteDeps } from '../../deps.js';
import { decodeBody, decodeInput } from '../../decode.js';
import { fromDomainError } from '../../errors.js';
import { fxOperationView } from '../../fx-views.js';
import { commandContext } from '../../metadata.js';
import { jsonBody } from '../../middleware/body.js';
import { CreateFxOperationBody, FxOperationIdParams, TenantFxParams } from '../../operations/fx.js';
import { applied } from '../../outcome.js';
import { DomainError } from '../../../domain/shared/decider.js';
import type { RequestState } from '../../state.js';

/** Operator API: FX operations (decisions sections 2 and 9). */
export function operatorFxOperationsRouter(services: WriteDeps): Router<RequestState> {
  const { readStore, runner, clock } = services;
  const router = new Router<RequestState>();

  const operationView = async (id: string) => {
    const op = await getFxOperation(readStore, id);
    if (!op) throw fromDomainError(new DomainError('operation_not_found', 'No such FX operation.', 'id'));
    return fxOperationView(op);
  };

  const advance = async (ctx: Koa.ParameterizedContext<RequestState>, command: FxOperationCommand) => {
    const { id } = decodeInput(FxOperationIdParams, ctx.params);
    await applied(runner, await advanceFxOperation(services, id, command, commandContext(ctx, clock, null, `:${command.type}`)));
    return operationView(id);
  };

  router.post('/tenants/:tenant_id/fx-operations', jsonBody(), async (ctx) => {
    const { tenant_id: tenantId } = decodeInput(TenantFxParams, ctx.params);
    const body = decodeBody(CreateFxOperationBody, ctx.state.body);
    const operation = { ...body, customer_id: body.customer_id ?? null, description: body.description ?? '' };
    const created = await applied(runner, await createFxOperation(services, tenantId, operation, commandContext(ctx, clock, tenantId)));
    ctx.status = 201;
    ctx.body = await operationView(created.operation_id);
  });

  router.get('/fx-operations/:id', async (ctx) => {
    ctx.body = await operationView(decodeInput(FxOperationIdParams, ctx.params).id);
  });

  router.post('/fx-operations/:id/submit', async (ctx) => {
    ctx.body = await advance(ctx, { type: 'SubmitFxOperation', now: clock.now().toISOString() });
  });

  router.post('/fx-operations/:id/analysis', async (ctx) => {
    const view = await advance(ctx, { type: 'RequestFxAnalysis', now: clock.now().toISOString() });
    ctx.status = 202;
    ctx.body = view;
  });

  return router;
}
