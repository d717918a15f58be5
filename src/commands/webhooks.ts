import * as E from 'fp-ts/lib/Either.js';
import type { EventLog } from '../adapters/event-store/event-log.js';
import { newWebhookSecret, sealWebhookSecret, secretContext } from '../adapters/webhook-signing.js';
import { DomainError } from '../domain/shared/decider.js';
import { tenantDecider, tenantStream } from '../domain/tenant/decider.js';
import type { Environment } from '../domain/values/scopes.js';
import { deliveryDecider, deliveryStream } from '../domain/webhook/decider.js';
import { webhookEndpointsDecider, webhookEndpointsStream } from '../domain/webhook/endpoints.js';
import type { WebhookEventType } from '../domain/webhook/events.js';
import { handleCommand, loadState, type CommandContext } from './handle-command.js';

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
