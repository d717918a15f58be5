import * as E from 'fp-ts/lib/Either.js';
import type { EventLog } from '../adapters/event-store/event-log.js';
import { newWebhookSecret, sealWebhookSecret, secretContext } from '../adapters/webhook-signing.js';
import { DomainError } from '../domain/shared/decider.js';
import { tenantDecider, tenantStream } from '../domain/tenant/decider.js';
import type { Environment } from '../domain/values/scopes.js';
import { deliveryDecider, deliveryStream } from '../domain/webhook/decider.js';
import { webhookEndpointsDecider, webhookEndpointsStream } from '../domain/webhook/endpoints.js';
import type { WebhookEventType } from '../domain/webhook/events.js';
import type { ReadStore } from '../adapters/read-store/port.js';
import { getTenant } from '../projections/tenants.js';
import { getWebhookDelivery } from '../projections/webhook-deliveries.js';
import { forTenant, handleCommand, loadState, type CommandContext } from './handle-command.js';
import { webhookUrlRefusal, type WebhookUrlProblem } from './run-requests.js';

/**
 * Configures an environment's endpoint with a new secret, returned this once; the event keeps
 * it sealed with the service key so deliveries can sign after a restart.
 */
export async function setWebhookEndpoint(
  log: EventLog,
  serviceKey: string,
  input: { tenant_id: string; environment: Environment; url: string; events: readonly WebhookEventType[] },
  context: CommandContext,
): Promise<E.Either<DomainError, { secret: string; position: number | null }>> {
  const tenant = await loadState(log, tenantStream(input.tenant_id), tenantDecider);
  if (tenant.state.status !== 'active') return E.left(new DomainError('tenant_not_found', 'No such tenant.', 'tenant_id'));
  const secret = newWebhookSecret();
  const result = await handleCommand(
    log,
    webhookEndpointsStream(input.tenant_id),
    webhookEndpointsDecider,
    {
      type: 'SetWebhookEndpoint',
      ...input,
      secret_sealed: sealWebhookSecret(serviceKey, secretContext(input.tenant_id, input.environment), secret),
      now: context.metadata.occurred_at,
    },
    context,
  );
  return E.map((r: { position: number | null }) => ({ secret, position: r.position }))(result);
}

/** Asks for one more attempt of a delivery now (same event id and body). */
export async function requestRedelivery(log: EventLog, deliveryId: string, context: CommandContext) {
  const result = await handleCommand(log, deliveryStream(deliveryId), deliveryDecider, { type: 'RequestRedelivery', request_id: context.commandId, now: context.metadata.occurred_at }, context);
  return E.map((r: { position: number | null }) => r.position)(result);
}

/** An endpoint for a tenant that exists, at a URL the endpoint rules accept and whose host is not inside. */
export async function configureWebhookEndpoint(
  deps: { log: EventLog; readStore: ReadStore; secretKey: string; webhookUrlProblem: WebhookUrlProblem },
  input: { tenant_id: string; environment: Environment; url: string; events: readonly WebhookEventType[] },
  context: CommandContext,
) {
  if (!(await getTenant(deps.readStore, input.tenant_id))) return E.left(new DomainError('tenant_not_found', 'No such tenant.', 'tenant_id'));
  const badUrl = await webhookUrlRefusal(deps.webhookUrlProblem, input.url, 'url');
  if (badUrl) return E.left(badUrl);
  return setWebhookEndpoint(deps.log, deps.secretKey, input, context);
}

/** One more attempt of a delivery that exists (404 webhook_delivery_not_found otherwise). */
export async function redeliver(deps: { log: EventLog; readStore: ReadStore }, deliveryId: string, context: CommandContext) {
  const delivery = await getWebhookDelivery(deps.readStore, deliveryId);
  if (!delivery) return E.left(new DomainError('webhook_delivery_not_found', 'No such webhook delivery.', 'delivery_id'));
  return requestRedelivery(deps.log, deliveryId, forTenant(context, delivery.tenant_id));
}
