import Router from '@koa/router';
import type { Clock } from '../../adapters/clock.js';
import type { EventLog } from '../../adapters/event-store/event-log.js';
import type { ReadStore } from '../../adapters/read-store/port.js';
import type { Idempotency } from '../../commands/idempotency.js';
import { recordFreezeMeasures } from '../../commands/freeze-communications.js';
import { getCustomer } from '../../projections/customers.js';
import { decodeBody, decodeInput } from '../decode.js';
import { ApiError } from '../errors.js';
import { commandContext } from '../metadata.js';
import { assertSubjectTypeAllowed, requireScope } from '../middleware/auth.js';
import { jsonBody } from '../middleware/body.js';
import { idempotent } from '../middleware/idempotency.js';
import { CustomerIdParams } from '../operations/customers.js';
import { FreezeMeasuresBody } from '../operations/freeze.js';
import { applied, type Runner } from '../outcome.js';
import type { RequestState } from '../state.js';

export interface SanctionsFreezeRouterDeps {
  log: EventLog;
  readStore: ReadStore;
  runner: Runner;
  clock: Clock;
  idempotency: Idempotency;
}

/**
 * Public: the institution's systems record the measures they took on a customer's confirmed
 * sanctions freeze (issue 29); the service drafts the communications to BCB, MJSP and COAF again
 * from them. A customer of another tenant or environment is not found; one without a confirmed
 * freeze answers 409 freeze_not_confirmed.
 */
export function sanctionsFreezeRouter(deps: SanctionsFreezeRouterDeps): Router<RequestState> {
  const { log, readStore, runner, clock } = deps;
  const router = new Router<RequestState>();
  const path = '/customers/:id/sanctions_freeze/measures';
  router.post(path, requireScope('customers:write'), jsonBody(), idempotent('POST /api/v1/customers/{id}/sanctions_freeze/measures', deps.idempotency, clock), async (ctx) => {
    const { id } = decodeInput(CustomerIdParams, ctx.params);
    const principal = ctx.state.principal!;
    const doc = await getCustomer(readStore, id);
    if (!doc || doc.tenant_id !== principal.tenant_id || doc.environment !== principal.environment) throw new ApiError('customer_not_found', 'No such customer.', 'id');
    assertSubjectTypeAllowed(ctx.state, doc.type);
    const body = decodeBody(FreezeMeasuresBody, ctx.state.body);
    const caller = { kind: 'key' as const, key_id: principal.key_id, tenant_id: principal.tenant_id };
    const context = commandContext(ctx, clock, principal.tenant_id);
    const recorded = await applied(runner, await recordFreezeMeasures(log, id, body, caller, context));
    ctx.state.piiSubject = doc.subject_ref;
    ctx.status = 201;
    ctx.body = {
      object: 'sanctions_freeze_measures',
      measures_id: recorded.measures_id,
      customer_id: id,
      frozen_at: body.frozen_at,
      assets: body.assets.map((a) => ({ kind: a.kind, description: a.description, amount: a.amount ?? null })),
      attempts_blocked: (body.attempts_blocked ?? []).map((a) => ({ at: a.at, description: a.description, amount: a.amount ?? null })),
      justification: body.justification ?? null,
      late: recorded.late,
      recorded_at: context.metadata.occurred_at,
      livemode: ctx.state.livemode,
    };
  });
  return router;
}
