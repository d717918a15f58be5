import * as E from 'fp-ts/lib/Either.js';
import type { Clock } from '../adapters/clock.js';
import { sha256Hex } from '../adapters/crypto.js';
import type { EventLog, StoredEvent } from '../adapters/event-store/event-log.js';
import { deterministicId } from '../adapters/ids.js';
import type { ReadStore } from '../adapters/read-store/port.js';
import type { WebhookAttemptResult, WebhookSender } from '../adapters/webhook-sender.js';
import { openWebhookSecret, secretContext, signatureHeaders } from '../adapters/webhook-signing.js';
import { handleCommand, loadState } from '../commands/handle-command.js';
import { customerStream } from '../domain/customer/decider.js';
import { deliveryDecider, deliveryStream, dueAttempt, owedAttempts, type DeliveryState } from '../domain/webhook/decider.js';
import { signingSecrets, webhookEndpointsDecider, webhookEndpointsStream, type WebhookEndpointsState } from '../domain/webhook/endpoints.js';
import { CustomerEvent } from '../domain/customer/events.js';
import { isEventOf } from '../domain/shared/events.js';
import { WebhookEndpointEvent } from '../domain/webhook/events.js';
import { deliveryTarget, envelope, webhooksFor, type Webhook } from '../domain/webhook/plan.js';
import type { Logger } from '../logger.js';
import type { Metrics } from '../adapters/metrics.js';
import type { NewWorkItem, WorkItem } from '../adapters/work-queue/port.js';
import * as t from 'io-ts';
import { type Processor } from '../processing/runner.js';
import { workKind } from '../processing/reactor.js';
import { systemContext } from '../processing/system-context.js';
import { DONE, type WorkHandler, type WorkResult, type Worker } from '../processing/worker.js';

export interface WebhookReactorDeps {
  log: EventLog;
  readStore: ReadStore;
  clock: Clock;
  logger: Logger;
  sender: WebhookSender;
  /** the service's secret key: endpoint secrets rest sealed with it */
  serviceKey: string;
  allowInsecure: boolean;
  work: Pick<Worker, 'schedule' | 'runDue'>;
  metrics?: Pick<Metrics, 'webhookAttempted'>;
}

export const WEBHOOK_WORK = 'webhook';
const deliveryItemId = (deliveryId: string) => `webhook:${deliveryId}`;
/** a delivery's item: it waits for the delivery's next owed attempt */
const WebhookWork = workKind(WEBHOOK_WORK, t.type({ delivery_id: t.string }));

/** The envelope id: `evt_` + 32 hex, derived from the domain event it reports. */
export const webhookEventId = (sourceEventId: string): string => `evt_${sha256Hex(`webhook-event:${sourceEventId}`).slice(0, 32)}`;
export const webhookDeliveryId = (sourceEventId: string): string => deterministicId(`webhook-delivery:${sourceEventId}`);

/**
 * Webhooks, at least once. Seeing a terminal run event (or a facial round), it records a
 * delivery in its own stream, with an id derived from that event, so a replay schedules nothing
 * twice, and a work item for it (before its checkpoint moves). The worker makes each attempt
 * that is due on the service clock, signs it, sends it through the `WebhookSender` and records
 * the outcome on the delivery, whose decider sets the next attempt; the item then waits for that
 * time. An attempt recorded as a 2xx is never made again; nothing in memory is needed to go on.
 */
export class WebhookReactor implements Processor, WorkHandler {
  readonly id = 'reactor:webhooks';
  readonly kind = 'reactor' as const;
  readonly workKind = WEBHOOK_WORK;
  /** the sender's own timeout is 10 s */
  readonly timeoutMs = 30_000;
  readonly maxAttempts = 10;

  /** sealed secret -> secret, so an attempt does not derive and decrypt again */
  private readonly secrets = new Map<string, string | null>();

  constructor(private readonly deps: WebhookReactorDeps) {}

  async handle(events: StoredEvent[]): Promise<void> {
    const scheduling: Promise<NewWorkItem | null>[] = [];
    const rearmed: NewWorkItem[] = [];
    for (const event of events) {
      if (event.type === 'WebhookRedeliveryRequested') {
        const deliveryId = String(event.data['delivery_id']);
        rearmed.push(WebhookWork.item(deliveryItemId(deliveryId), { delivery_id: deliveryId }, Date.parse(String(event.data['requested_at'])), true));
        continue;
      }
      for (const webhook of webhooksFor(event)) scheduling.push(this.schedule(event, webhook));
    }
    // deliveries are separate streams: schedule a batch's together (one group commit)
    const items = (await Promise.all(scheduling)).filter((i): i is NewWorkItem => i !== null);
    await this.deps.work.schedule([...items, ...rearmed]);
  }

  /** Makes every attempt due by the service clock; tests call it after moving a manual clock. */
  deliverDue(): Promise<void> {
    return this.deps.work.runDue();
  }

  async execute(item: WorkItem, signal: AbortSignal): Promise<WorkResult> {
    return this.attempt(WebhookWork.decode(item).delivery_id, signal);
  }

  private async schedule(source: StoredEvent, webhook: Webhook): Promise<NewWorkItem | null> {
    // the endpoint as it was when the fact was recorded, so a replay decides the same way
    const endpoint = (await this.endpoints(webhook.tenant_id, source.position)).endpoints[webhook.environment] ?? null;
    const perCallUrl = webhook.customer_id ? await this.customerWebhookUrl(webhook.customer_id, source.position) : webhook.per_call_url;
    const target = deliveryTarget(webhook, endpoint, perCallUrl);
    if (!target) return null;
    // a second webhook of one event (a freeze alert's) has ids of its own
    const sourceKey = webhook.key ? `${source.id}:${webhook.key}` : source.id;
    const deliveryId = webhookDeliveryId(sourceKey);
    const eventId = webhookEventId(sourceKey);
    const now = this.deps.clock.now().toISOString();
    const result = await handleCommand(
      this.deps.log,
      deliveryStream(deliveryId),
      deliveryDecider,
      {
        type: 'ScheduleDelivery',
        delivery: {
          delivery_id: deliveryId,
          tenant_id: webhook.tenant_id,
          environment: webhook.environment,
          event_id: eventId,
          event: webhook.event,
          source_event_id: source.id,
          target: target.target,
          url: target.url,
          payload: JSON.stringify(envelope(eventId, webhook)),
          created_at: now,
        },
        problem: target.problem,
      },
      systemContext({ tenant_id: webhook.tenant_id, correlation_id: source.metadata.correlation_id, causation_id: source.id, at: now }, `webhooks:${sourceKey}`),
    );
    if (E.isLeft(result)) return null;
    const next = owedAttempts(result.right.state)[0];
    return next ? WebhookWork.item(deliveryItemId(deliveryId), { delivery_id: deliveryId }, Date.parse(next.due_at)) : null;
  }

  /** One attempt of one delivery, if one is due, decided on its stream, then recorded. */
  private async attempt(deliveryId: string, signal: AbortSignal): Promise<WorkResult> {
    const { log, clock } = this.deps;
    const state = (await loadState(log, deliveryStream(deliveryId), deliveryDecider)).state;
    if (state.status === 'none') return DONE;
    const attemptedAt = clock.now();
    const owed = dueAttempt(state, attemptedAt.toISOString());
    if (!owed) return nextAttempt(state);
    const delivery = state.delivery;
    const endpoint = (await this.endpoints(delivery.tenant_id)).endpoints[delivery.environment] ?? null;
    // an endpoint delivery follows the endpoint's URL as it is now; a per-call one keeps its own
    const url = delivery.target === 'endpoint' && endpoint ? endpoint.url : delivery.url;
    // the current secret, and one rotated out while its overlap lasts
    const secrets = endpoint ? signingSecrets(endpoint, attemptedAt).map((sealed) => this.openSecret(delivery.tenant_id, delivery.environment, sealed)) : [];
    const [secret, ...previous] = secrets;
    let result: WebhookAttemptResult;
    if (!secret) {
      const error = endpoint ? 'the endpoint secret cannot be opened with this service key' : `no ${delivery.environment} webhook endpoint is configured; nothing to sign with`;
      result = { http_status: null, latency_ms: 0, error, outcome: 'refused' };
    } else {
      const timestamp = Math.floor(attemptedAt.getTime() / 1000);
      const headers = signatureHeaders([secret, ...previous.filter((p): p is string => p !== null)], delivery.event_id, timestamp, delivery.payload);
      result = await this.deps.sender.send({ url, body: delivery.payload, headers }, signal);
    }
    // cut short by a stop: not an outcome; the item is released and this attempt made again
    if (result.error === 'aborted') throw new Error('webhook attempt aborted');
    this.deps.metrics?.webhookAttempted(result.outcome);
    if (result.outcome !== 'succeeded') {
      this.deps.logger.warn('webhook attempt failed', { delivery_id: deliveryId, event_id: delivery.event_id, http_status: result.http_status, error: result.error });
    }
    const now = clock.now().toISOString();
    const recorded = await handleCommand(
      log,
      deliveryStream(deliveryId),
      deliveryDecider,
      { type: 'RecordAttempt', attempt_key: owed.key, url, attempted_at: attemptedAt.toISOString(), ...result, now },
      systemContext({ tenant_id: delivery.tenant_id, correlation_id: deliveryId, at: now }, `webhook-attempt:${deliveryId}:${owed.key}`),
    );
    return E.isRight(recorded) ? nextAttempt(recorded.right.state) : DONE;
  }

  private openSecret(tenantId: string, environment: string, sealed: string): string | null {
    const key = `${tenantId}:${environment}:${sealed}`;
    if (!this.secrets.has(key)) {
      if (this.secrets.size >= 10_000) this.secrets.clear();
      this.secrets.set(key, openWebhookSecret(this.deps.serviceKey, secretContext(tenantId, environment), sealed));
    }
    return this.secrets.get(key)!;
  }

  /** A tenant's endpoints, as of just before `position` when given. */
  private async endpoints(tenantId: string, position?: number): Promise<WebhookEndpointsState> {
    const events = await this.deps.log.readStream(webhookEndpointsStream(tenantId));
    return events
      .filter((e) => position === undefined || e.position < position)
      .filter(isEventOf(WebhookEndpointEvent))
      .reduce(webhookEndpointsDecider.evolve, webhookEndpointsDecider.initialState);
  }

  /** The customer's own webhook_url as registered before `position`, or null. */
  private async customerWebhookUrl(customerId: string, position: number): Promise<string | null> {
    let url: string | null = null;
    for (const e of await this.deps.log.readStream(customerStream(customerId))) {
      if (e.position >= position) break;
      if (isEventOf(CustomerEvent)(e) && (e.type === 'CustomerRegistered' || e.type === 'CustomerDraftCompleted')) url = e.data.webhook_url;
    }
    return url;
  }
}

/** The item waits for the delivery's next owed attempt, or is done when none is owed. */
function nextAttempt(state: DeliveryState): WorkResult {
  const next = owedAttempts(state)[0];
  return next ? { again_at: Date.parse(next.due_at) } : DONE;
}
