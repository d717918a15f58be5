import * as E from 'fp-ts/lib/Either.js';
import type { EventLog } from '../adapters/event-store/event-log.js';
import { newWebhookSecret, sealWebhookSecret, secretContext } from '../adapters/webhook-signing.js';
import { DomainError } from '../domain/shared/decider.js';
import type { Environment } from '../domain/values/scopes.js';
import { deliveryDecider, deliveryStream } from '../domain/webhook/decider.js';
import { DEFAULT_SECRET_OVERLAP_MS, webhookEndpointsDecider, webhookEndpointsStream } from '../domain/webhook/endpoints.js';
import type { WebhookEventType } from '../domain/webhook/events.js';
import { loadDelivery, loadTenant } from './aggregates.js';
import { mayActOn, type Caller } from './caller.js';
import { forTenant, handleCommand, type CommandContext } from './handle-command.js';
import { webhookUrlRefusal, type WebhookUrlProblem } from './run-requests.js';

type EndpointInput = { tenant_id: string; environment: Environment; url: string; events: readonly WebhookEventType[] };

const sealed = (serviceKey: string, input: { tenant_id: string; environment: Environment }, secret: string) =>
  sealWebhookSecret(serviceKey, secretContext(input.tenant_id, input.environment), secret);

const tenantNotFound = () => new DomainError('tenant_not_found', 'No such tenant.', 'tenant_id');

async function activeTenant(log: EventLog, tenantId: string): Promise<DomainError | null> {
  return (await loadTenant(log, tenantId)) ? null : tenantNotFound();
}

export type EndpointDeps = { log: EventLog; secretKey: string; webhookUrlProblem: WebhookUrlProblem };

/** Why an endpoint cannot be set: no such tenant, or a URL the endpoint rules refuse or whose host is inside. */
async function endpointRefusal(deps: EndpointDeps, input: EndpointInput): Promise<DomainError | null> {
  return (await activeTenant(deps.log, input.tenant_id)) ?? (await webhookUrlRefusal(deps.webhookUrlProblem, input.url, 'url'));
}

/**
 * The operator API's PUT: the endpoint with a new secret, returned this once; the event keeps it
 * sealed with the service key so deliveries can sign after a restart. On an endpoint already
 * set it is a rotation: the secret it replaces still signs for the overlap.
 */
export async function setWebhookEndpoint(deps: EndpointDeps, input: EndpointInput, context: CommandContext): Promise<E.Either<DomainError, { secret: string; position: number | null }>> {
  const refused = await endpointRefusal(deps, input);
  if (refused) return E.left(refused);
  const secret = newWebhookSecret();
  const command = { type: 'SetWebhookEndpoint' as const, ...input, secret_sealed: sealed(deps.secretKey, input, secret), overlap_ms: DEFAULT_SECRET_OVERLAP_MS, now: context.metadata.occurred_at };
  const result = await handleCommand(deps.log, webhookEndpointsStream(input.tenant_id), webhookEndpointsDecider, command, context);
  return E.map((r: { position: number | null }) => ({ secret, position: r.position }))(result);
}

/**
 * The dashboard's save: URL and events change, the signing secret does not. Only the first
 * configuration of an environment makes a secret, then returned this once (else null).
 */
export async function changeWebhookEndpoint(deps: EndpointDeps, input: EndpointInput, context: CommandContext): Promise<E.Either<DomainError, { secret: string | null; position: number | null }>> {
  const refused = await endpointRefusal(deps, input);
  if (refused) return E.left(refused);
  const secret = newWebhookSecret();
  const command = { type: 'ChangeWebhookEndpoint' as const, ...input, secret_sealed: sealed(deps.secretKey, input, secret), now: context.metadata.occurred_at };
  const result = await handleCommand(deps.log, webhookEndpointsStream(input.tenant_id), webhookEndpointsDecider, command, context);
  return E.map((r: { position: number | null; events: readonly { type: string }[] }) => ({
    secret: r.events.some((e) => e.type === 'WebhookEndpointSet') ? secret : null,
    position: r.position,
  }))(result);
}

/**
 * An explicit rotation: a new secret, returned this once, signs at once; the previous one
 * signs beside it until `previous_valid_until` (Standard Webhooks: several signatures).
 */
export async function rotateWebhookSecret(
  log: EventLog,
  serviceKey: string,
  input: { tenant_id: string; environment: Environment },
  context: CommandContext,
  overlapMs = DEFAULT_SECRET_OVERLAP_MS,
): Promise<E.Either<DomainError, { secret: string; previous_valid_until: string; position: number | null }>> {
  const refused = await activeTenant(log, input.tenant_id);
  if (refused) return E.left(refused);
  const secret = newWebhookSecret();
  const now = context.metadata.occurred_at;
  const command = { type: 'RotateWebhookSecret' as const, ...input, secret_sealed: sealed(serviceKey, input, secret), overlap_ms: overlapMs, now };
  const result = await handleCommand(log, webhookEndpointsStream(input.tenant_id), webhookEndpointsDecider, command, context);
  return E.map((r: { position: number | null }) => ({ secret, previous_valid_until: new Date(Date.parse(now) + overlapMs).toISOString(), position: r.position }))(result);
}

/** One more attempt now (same event id and body) of a delivery the caller may see (404 webhook_delivery_not_found otherwise). */
export async function redeliver(deps: { log: EventLog }, deliveryId: string, caller: Caller, context: CommandContext) {
  const delivery = await loadDelivery(deps.log, deliveryId);
  if (!delivery || !mayActOn(caller, delivery.delivery.tenant_id)) return E.left(new DomainError('webhook_delivery_not_found', 'No such webhook delivery.', 'delivery_id'));
  const own = forTenant(context, delivery.delivery.tenant_id);
  const result = await handleCommand(deps.log, deliveryStream(deliveryId), deliveryDecider, { type: 'RequestRedelivery', request_id: own.commandId, now: own.metadata.occurred_at }, own);
  return E.map((r: { position: number | null }) => r.position)(result);
}
