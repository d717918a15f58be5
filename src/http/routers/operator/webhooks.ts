import Router from '@koa/router';
import * as t from 'io-ts';
import * as E from 'fp-ts/lib/Either.js';
import { isUuid } from '../../../adapters/ids.js';
import { requestRedelivery, setWebhookEndpoint } from '../../../commands/webhooks.js';
import { Environment } from '../../../domain/values/scopes.js';
import { WebhookEventType } from '../../../domain/webhook/events.js';
import { findWebhookDeliveries, getWebhookDelivery, type WebhookDeliveryDoc } from '../../../projections/webhook-deliveries.js';
import { getTenant } from '../../../projections/tenants.js';
import type { Services } from '../../../services.js';
import { decodeBody } from '../../decode.js';
import { ApiError, fromDomainError } from '../../errors.js';
import { commandContext } from '../../metadata.js';
import { jsonBody } from '../../middleware/body.js';
import type { RequestState } from '../../state.js';

const EndpointBody = t.type({ url: t.string, events: t.array(WebhookEventType) });

const STATUSES = ['pending', 'succeeded', 'failed'];
const EVENT_ID = /^evt_[0-9a-f]{32}$/;

function tenantIdParam(value: string): string {
  if (!isUuid(value)) throw new ApiError('invalid_id', 'tenant_id must be a UUID.', 'tenant_id');
  return value;
}

/** The delivery log item: every attempt, without the body or anything of the secret. */
export function webhookDeliveryView(doc: WebhookDeliveryDoc) {
  return {
    delivery_id: doc.delivery_id,
    event_id: doc.event_id,
    event: doc.event,
    environment: doc.environment,
    url: doc.url,
    status: doc.status,
    attempts: doc.attempts.map((a) => ({ attempted_at: a.attempted_at, http_status: a.http_status, latency_ms: a.latency_ms, error: a.error })),
    next_attempt_at: doc.next_attempt_at,
    failure_reason: doc.failure_reason,
    created_at: doc.created_at,
  };
}

/** Operator API: webhook endpoints, the delivery log and redelivery (decisions sections 2 and 7). */
export function operatorWebhooksRouter(services: Services): Router<RequestState> {
  const { log, readStore, runner, clock } = services;
  const router = new Router<RequestState>();

  const loadTenant = async (tenantId: string) => {
    if (!(await getTenant(readStore, tenantId))) throw new ApiError('tenant_not_found', 'No such tenant.', 'tenant_id');
  };

  router.put('/tenants/:tenant_id/webhook-endpoints/:environment', jsonBody(), async (ctx) => {
    const tenantId = tenantIdParam(ctx.params['tenant_id']!);
    const environment = ctx.params['environment']!;
    if (!Environment.is(environment)) throw new ApiError('invalid_request', 'environment must be live or sandbox.', 'environment');
    const body = decodeBody(EndpointBody, ctx.state.body);
    await loadTenant(tenantId);
    const problem = await services.webhooks.endpointUrlProblem(body.url);
    if (problem) throw new ApiError('invalid_webhook_url', problem, 'url');
    const result = await setWebhookEndpoint(log, services.secretKey, { tenant_id: tenantId, environment, url: body.url, events: body.events }, commandContext(ctx, clock, tenantId));
    if (E.isLeft(result)) throw fromDomainError(result.left);
    await runner.waitFor(result.right.position);
    // the only time the secret is shown
    ctx.body = { secret: result.right.secret };
  });

  router.get('/tenants/:tenant_id/webhook-deliveries', async (ctx) => {
    const tenantId = tenantIdParam(ctx.params['tenant_id']!);
    const { event_id: eventId, status, limit } = ctx.query;
    if (eventId !== undefined && (typeof eventId !== 'string' || !EVENT_ID.test(eventId))) {
      throw new ApiError('invalid_request', 'event_id must be an event id (evt_ and 32 hex characters).', 'event_id');
    }
    if (status !== undefined && (typeof status !== 'string' || !STATUSES.includes(status))) {
      throw new ApiError('invalid_request', 'status must be pending, succeeded or failed.', 'status');
    }
    const pageSize = limit === undefined ? 100 : Number(limit);
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 100) throw new ApiError('invalid_limit', 'limit must be an integer from 1 to 100.', 'limit');
    await loadTenant(tenantId);
    const found = await findWebhookDeliveries(readStore, { tenant_id: tenantId, event_id: eventId, status }, pageSize);
    ctx.body = { data: found.map(webhookDeliveryView) };
  });

  router.post('/webhook-deliveries/:delivery_id/redeliver', async (ctx) => {
    const deliveryId = ctx.params['delivery_id']!;
    if (!isUuid(deliveryId)) throw new ApiError('invalid_id', 'delivery_id must be a UUID.', 'delivery_id');
    const delivery = await getWebhookDelivery(readStore, deliveryId);
    if (!delivery) throw new ApiError('webhook_delivery_not_found', 'No such webhook delivery.', 'delivery_id');
    const result = await requestRedelivery(log, deliveryId, commandContext(ctx, clock, delivery.tenant_id));
    if (E.isLeft(result)) throw fromDomainError(result.left);
    await runner.waitFor(result.right);
    ctx.status = 202;
    ctx.body = { delivery_id: deliveryId, status: 'pending' };
  });

  return router;
}
