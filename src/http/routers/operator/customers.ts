import Router from '@koa/router';
import * as t from 'io-ts';
import * as E from 'fp-ts/lib/Either.js';
import { handleCommand } from '../../../commands/handle-command.js';
import { isUuid } from '../../../adapters/ids.js';
import { customerDecider, customerStream } from '../../../domain/customer/decider.js';
import { CustomerStatus } from '../../../domain/values/scopes.js';
import { getCustomer, type DocumentIndexDoc } from '../../../projections/customers.js';
import type { Services } from '../../../services.js';
import { customerView } from '../../customer-views.js';
import { decodeBody } from '../../decode.js';
import { ApiError, fromDomainError } from '../../errors.js';
import { commandContext } from '../../metadata.js';
import { jsonBody } from '../../middleware/body.js';
import type { RequestState } from '../../state.js';

const StatusBody = t.type({ status: CustomerStatus });
const ReviewBody = t.intersection([t.type({ status: t.keyof({ aprovado: null, rejeitado: null }) }), t.partial({ reason: t.string })]);

/** Operator API: customer status and document review (decisions section 2). */
export function operatorCustomersRouter(services: Services): Router<RequestState> {
  const { log, readStore, runner, clock } = services;
  const router = new Router<RequestState>();

  router.patch('/customers/:customer_id', jsonBody(), async (ctx) => {
    const id = ctx.params['customer_id']!;
    if (!isUuid(id)) throw new ApiError('invalid_id', 'customer_id must be a UUID.', 'customer_id');
    const customer = await getCustomer(readStore, id);
    if (!customer) throw new ApiError('customer_not_found', 'No such customer.', 'customer_id');
    const body = decodeBody(StatusBody, ctx.state.body);
    const context = commandContext(ctx, clock, customer.tenant_id);
    const result = await handleCommand(log, customerStream(id), customerDecider, { type: 'ChangeStatus', status: body.status, reason: 'operator', now: context.metadata.occurred_at }, context);
    if (E.isLeft(result)) throw fromDomainError(result.left);
    await runner.waitFor(result.right.position);
    ctx.body = customerView((await getCustomer(readStore, id))!);
  });

  router.post('/documents/:document_id/review', jsonBody(), async (ctx) => {
    const id = ctx.params['document_id']!;
    if (!isUuid(id)) throw new ApiError('invalid_id', 'document_id must be a UUID.', 'document_id');
    const index = (await readStore.get<DocumentIndexDoc>('documents', id))?.doc;
    if (!index) throw new ApiError('document_not_found', 'No such document.', 'document_id');
    const body = decodeBody(ReviewBody, ctx.state.body);
    if ((body.reason ?? '').length > 1000) throw new ApiError('invalid_request', 'reason has at most 1000 characters.', 'reason');
    const context = commandContext(ctx, clock, index.tenant_id);
    const result = await handleCommand(
      log,
      customerStream(index.customer_id),
      customerDecider,
      { type: 'ReviewDocument', document_id: id, status: body.status, reason: body.reason ?? null, now: context.metadata.occurred_at },
      context,
    );
    if (E.isLeft(result)) throw fromDomainError(result.left);
    await runner.waitFor(result.right.position);
    ctx.body = { document_id: id, object: 'document', customer_id: index.customer_id, status: body.status, reason: body.reason ?? null };
  });

  return router;
}
