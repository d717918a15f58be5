import Router from '@koa/router';
import { OPERATOR } from '../../../commands/caller.js';
import { redeliver, setWebhookEndpoint } from '../../../commands/webhooks.js';
import { findWebhookDeliveries } from '../../../projections/webhook-deliveries.js';
import type { WebhookUrlProblem } from '../../../commands/run-requests.js';
import type { WriteDeps } from '../../deps.js';
import { decodeBody, decodeInput } from '../../decode.js';
import { existingTenant } from '../../lookups.js';
import { commandContext } from '../../metadata.js';
import { jsonBody } from '../../middleware/body.js';
import { DeliveryIdParams, ListWebhookDeliveriesQuery, SetWebhookEndpointBody, TenantDeliveriesParams, WebhookEndpointParams } from '../../operations/webhooks.js';
import { applied } from '../../outcome.js';
import type { RequestState } from '../../state.js';
import { webhookDeliveryView } from '../../views.js';

/** Operator API: webhook endpoints, the delivery log and redelivery (decisions sections 2 and 7). */
export function operatorWebhooksRouter(services: WriteDeps & { secretKey: string; webhookUrlProblem: WebhookUrlProblem }): Router<RequestState> {
  const { readStore, runner, clock } = services;
  const router = new Router<RequestState>();
  const endpointDeps = services;

  router.put('/tenants/:tenant_id/webhook-endpoints/:environment', jsonBody(), async (ctx) => {
    const { tenant_id: tenantId, environment } = decodeInput(WebhookEndpointParams, ctx.params);
    const body = decodeBody(SetWebhookEndpointBody, ctx.state.body);
    const endpoint = { tenant_id: tenantId, environment, url: body.url, events: body.events };
    const configured = await applied(runner, await setWebhookEndpoint(endpointDeps, endpoint, commandContext(ctx, clock, tenantId)));
    // the only time the secret is shown
    ctx.body = { secret: configured.secret };
  });

  router.get('/tenants/:tenant_id/webhook-deliveries', async (ctx) => {
    const { tenant_id: tenantId } = decodeInput(TenantDeliveriesParams, ctx.params);
    const { event_id, status, limit } = decodeInput(ListWebhookDeliveriesQuery, ctx.query);
    await existingTenant(readStore, tenantId);
    const found = await findWebhookDeliveries(readStore, { tenant_id: tenantId, event_id, status }, limit ?? 100);
    ctx.body = { data: found.map(webhookDeliveryView) };
  });

  router.post('/webhook-deliveries/:delivery_id/redeliver', async (ctx) => {
    const { delivery_id: deliveryId } = decodeInput(DeliveryIdParams, ctx.params);
    await applied(runner, await redeliver(services, deliveryId, OPERATOR, commandContext(ctx, clock, null)));
    ctx.status = 202;
    ctx.body = { delivery_id: deliveryId, status: 'pending' };
  });

  return router;
}
