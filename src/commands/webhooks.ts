import * as E from 'fp-ts/lib/Either.js';
import type { EventLog } from '../adapters/event-store/event-log.js';
import { newWebhookSecret, sealWebhookSecret, secretContext } from '../adapters/webhook-signing.js';
import { DomainError } from '../domain/shared/decider.js';
import { tenantDecider, tenantStream } from '../domain/tenant/decider.js';
import type { Environment } from '../domain/values/scopes.js';
import { deliveryDecider, deliveryStream } from '../domain/webhook/decider.js';
import { DEFAULT_SECRET_OVERLAP_MS, webhookEndpointsDecider, webhookEndpointsStream } from '../domain/webhook/endpoints.js';
import type { WebhookEventType } from '../domain/webhook/events.js';
import type { ReadStore } from '../adapters/read-store/port.js';
import { getTenant } from '../projections/tenants.js';
import { getWebhookDelivery } from '../projections/webhook-deliveries.js';
import { forTenant, handleCommand, loadState, type CommandContext } from './handle-command.js';
import { webhookUrlRefusal, type WebhookUrlProblem } from './run-requests.js';

type EndpointInput = { tenant_id: string; environment: Environment; url: string; events: readonly WebhookEventType[] };

const sealed = (serviceKey: string, input: { tenant_id: string; environment: Environment }, secret: string) =>
  sealWebhookSecret(serviceKey, secretContext(input.tenant_id, input.environment), secret);

async function activeTenant(log: EventLog, tenantId: string): Promise<DomainError | null> {
  const tenant = await loadState(log, tenantStream(tenantId), tenantDecider);
  return tenant.state.status === 'active' ? null : new DomainError('tenant_not_found', 'No such tenant.', 'tenant_id');
}

/**
 * The operator API's PUT: the endpoint with a new secret, returned this once; the event keeps it
 * sealed with the service key so deliveries can sign after a restart. On an endpoint already
 * set it is a rotation: the secret it replaces still signs for the overlap.
 */
export async function setWebhookEndpoint(
  log: EventLog,
  serviceKey: string,
  input: EndpointInput,
  context: CommandContext,
): Promise<E.Either<DomainError, { secret: string; position: number | null }>> {
  const refused = await activeTenant(log, input.tenant_id);
  if (refused) return E.left(refused);
  const secret = newWebhookSecret();
  const command = { type: 'SetWebhookEndpoint' as const, ...input, secret_sealed: sealed(serviceKey, input, secret), overlap_ms: DEFAULT_SECRET_OVERLAP_MS, now: context.metadata.occurred_at };
  const result = await handleCommand(log, webhookEndpointsStream(input.tenant_id), webhookEndpointsDecider, command, context);
  return E.map((r: { position: number | null }) => ({ secret, position: r.position }))(result);
}

/**
 * The dashboard's save: URL and events change, the signing secret does not. Only the first
 * configuration of an environment makes a secret, then returned this once (else null).
 */
export async function saveWebhookEndpoint(
  log: EventLog,
  serviceKey: string,
  input: EndpointInput,
  context: CommandContext,
): Promise<E.Either<DomainError, { secret: string | null; position: number | null }>> {
  const refused = await activeTenant(log, input.tenant_id);
  if (refused) return E.left(refused);
  const secret = newWebhookSecret();
  const command = { type: 'ChangeWebhookEndpoint' as const, ...input, secret_sealed: sealed(serviceKey, input, secret), now: context.metadata.occurred_at };
  const result = await handleCommand(log, webhookEndpointsStream(input.tenant_id), webhookEndpointsDecider, command, context);
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

/** Asks for one more attempt of a delivery now (same event id and body). */
export async function requestRedelivery(log: EventLog, deliveryId: string, context: CommandContext) {
  const result = await handleCommand(log, deliveryStream(deliveryId), deliveryDecider, { type: 'RequestRedelivery', request_id: context.commandId, now: context.metadata.occurred_at }, context);
  return E.map((r: { position: number | null }) => r.position)(result);
}

type EndpointDeps = { log: EventLog; readStore: ReadStore; secretKey: string; webhookUrlProblem: WebhookUrlProblem };
/** Why an endpoint cannot be set: no such tenant, or a URL the endpoint rules refuse or whose host is inside. */
async function endpointRefusal(deps: EndpointDeps, input: EndpointInput): Promise<DomainError | null> {
  if (!(await getTenant(deps.readStore, input.tenant_id))) return new DomainError('tenant_not_found', 'No such tenant.', 'tenant_id');
  return webhookUrlRefusal(deps.webhookUrlProblem, input.url, 'url');
}

/** The operator's PUT of an endpoint: a new secret (on an existing endpoint, a rotation with the overlap). */
export async function configureWebhookEndpoint(deps: EndpointDeps, input: EndpointInput, context: CommandContext) {
  const refused = await endpointRefusal(deps, input);
  return refused ? E.left(refused) : setWebhookEndpoint(deps.log, deps.secretKey, input, context);
}

/** The dashboard's save of an endpoint: the same checks as configureWebhookEndpoint; the secret kept. */
export async function changeWebhookEndpoint(deps: EndpointDeps, input: EndpointInput, context: CommandContext) {
  const refused = await endpointRefusal(deps, input);
  return refused ? E.left(refused) : saveWebhookEndpoint(deps.log, deps.secretKey, input, context);
}

/** One more attempt of a delivery that exists (404 webhook_delivery_not_found otherwise). */
export async function redeliver(deps: { log: EventLog; readStore: ReadStore }, deliveryId: string, context: CommandContext) {
  const delivery = await getWebhookDelivery(deps.readStore, deliveryId);
  if (!delivery) return E.left(new DomainError('webhook_delivery_not_found', 'No such webhook delivery.', 'delivery_id'));
  return requestRedelivery(deps.log, deliveryId, forTenant(context, delivery.tenant_id));
}
