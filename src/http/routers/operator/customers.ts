import Router from '@koa/router';
import { reviewDocument, setCustomerStatus } from '../../../commands/customer-review.js';
import { getCustomer } from '../../../projections/customers.js';
import { readLookups } from '../../../queries/lookups.js';
import type { WriteDeps } from '../../deps.js';
import { customerView } from '../../customer-views.js';
import { decodeBody, decodeInput } from '../../decode.js';
import { commandContext } from '../../metadata.js';
import { jsonBody } from '../../middleware/body.js';
import { DocumentIdParams, OperatorCustomerParams, ReviewDocumentBody, SetCustomerStatusBody } from '../../operations/customers.js';
import { applied } from '../../outcome.js';
import type { RequestState } from '../../state.js';

/** Operator API: customer status and document review (decisions section 2). */
export function operatorCustomersRouter(services: WriteDeps): Router<RequestState> {
  const { readStore, runner, clock } = services;
  const router = new Router<RequestState>();

  router.patch('/customers/:customer_id', jsonBody(), async (ctx) => {
    const { customer_id: id } = decodeInput(OperatorCustomerParams, ctx.params);
    const body = decodeBody(SetCustomerStatusBody, ctx.state.body);
    await applied(runner, await setCustomerStatus(services, id, body.status, commandContext(ctx, clock, null)));
    ctx.body = customerView((await getCustomer(readStore, id))!, clock.now());
  });

  router.post('/documents/:document_id/review', jsonBody(), async (ctx) => {
    const { document_id: id } = decodeInput(DocumentIdParams, ctx.params);
    const body = decodeBody(ReviewDocumentBody, ctx.state.body);
    const review = { status: body.status, reason: body.reason ?? null };
    const reviewed = await applied(runner, await reviewDocument({ log: services.log, lookups: readLookups(readStore) }, id, review, commandContext(ctx, clock, null)));
    ctx.body = { document_id: id, object: 'document', customer_id: reviewed.customer_id, ...review };
  });

  return router;
}
