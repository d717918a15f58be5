import * as E from 'fp-ts/lib/Either.js';
import { setMaxListeners } from 'node:events';
import type { Clock } from '../adapters/clock.js';
import { sha256Hex } from '../adapters/crypto.js';
import type { EventLog, StoredEvent } from '../adapters/event-store/event-log.js';
import type { EventMetadata } from '../adapters/event-store/port.js';
import { deterministicId } from '../adapters/ids.js';
import { webhookUrlProblem } from '../adapters/address-policy.js';
import type { ReadStore } from '../adapters/read-store/port.js';
import type { WebhookAttemptResult, WebhookSender } from '../adapters/webhook-sender.js';
import { openWebhookSecret, secretContext, signatureHeaders } from '../adapters/webhook-signing.js';
import { handleCommand, loadState } from '../commands/handle-command.js';
import { customerStream } from '../domain/customer/decider.js';
import { deliveryDecider, deliveryStream, dueAttempt, owedAttempts, type DeliveryState } from '../domain/webhook/decider.js';
import { webhookEndpointsDecider, webhookEndpointsStream, type WebhookEndpointsState } from '../domain/webhook/endpoints.js';
import type { WebhookEndpointEvent } from '../domain/webhook/events.js';
import { deliveryTarget, envelope, webhookFor, type Webhook } from '../domain/webhook/plan.js';
import { errorText, type Logger } from '../logger.js';
import { findWebhookDeliveries } from '../projections/webhook-deliveries.js';
import { type Processor } from '../projections/runner.js';

export interface WebhookReactorDeps {
  log: EventLog;
  readStore: ReadStore;
  clock: Clock;
  logger: Logger;
  sender: WebhookSender;
  /** the service's secret key: endpoint secrets rest sealed with it */
  serviceKey: string;
  allowInsecure: boolean;
  /** attempts in flight at once */
  concurrency?: number;
}

/** The scheduler sleeps at most this long, so a clock that jumps (or a test's) is noticed soon. */
const MAX_SLEEP_MS = 1_000;

/** The envelope id: `evt_` + 32 hex, derived from the domain event it reports. */
export const webhookEventId = (sourceEventId: string): string => `evt_${sha256Hex(`webhook-event:${sourceEventId}`).slice(0, 32)}`;
export const webhookDeliveryId = (sourceEventId: string): string => deterministicId(`webhook-delivery:${sourceEventId}`);

/**
 * Webhooks, at least once. Seeing a terminal run event (or a facial round), it records a
 * delivery in its own stream, with an id derived from that event, so a replay schedules nothing
 * twice. A scheduler on the service clock then makes each attempt that is due, signs it, sends it
 * through the `WebhookSender` and records the outcome on the delivery, whose decider sets the next
 * attempt. Nothing in memory is needed to go on: on start, pending deliveries are read back from
 * the `webhook_deliveries` read model, and an attempt recorded as a 2xx is never made again.
 */
export class WebhookReactor implements Processor {
  readonly id = 'reactor:webhooks';
  readonly kind = 'reactor' as const;
  /** delivery id -> when its next attempt is due (ms) */
  private readonly due = new Map<string, number>();
  private readonly inFlight = new Map<string, Promise<void>>();
  private readonly abort = new AbortController();
  private readonly concurrency: number;
  private timer: NodeJS.Timeout | null = null;
  /** performance.now() when the timer fires */
  private timerFiresAt = Infinity;
  private stopped = false;

  /** sealed secret -> secret, so an attempt does not derive and decrypt again */
  private readonly secrets = new Map<string, string | null>();

  constructor(private readonly deps: WebhookReactorDeps) {
    this.concurrency = deps.concurrency ?? 64;
    // every attempt in flight listens on it
    setMaxListeners(0, this.abort.signal);
  }

  async handle(events: StoredEvent[]): Promise<void> {
    const scheduling: Promise<void>[] = [];
    for (const event of events) {
      if (event.type === 'WebhookRedeliveryRequested') {
        this.wake(String(event.data['delivery_id']), Date.parse(String(event.data['requested_at'])));
        continue;
      }
      const webhook = webhookFor(event);
      if (webhook) scheduling.push(this.schedule(event, webhook));
    }
    // deliveries are separate streams: schedule a batch's together (one group commit)
    await Promise.all(scheduling);
  }

  /**
   * Why a URL may not be an endpoint: the address policy, then (unless insecure mode) every
   * address its host resolves to must be public. Send time checks again.
   */
  async endpointUrlProblem(url: string): Promise<string | null> {
    const problem = webhookUrlProblem(url, this.deps.allowInsecure);
    if (problem || this.deps.allowInsecure) return problem;
    return this.deps.sender.hostProblem(url);
  }

  /** Pending deliveries (a restart between attempts) are scheduled again at their due times. */
  async resumeUnfinished(): Promise<number> {
    let resumed = 0;
    let before: { created_at: string; id: string } | undefined;
    for (;;) {
      const page = await findWebhookDeliveries(this.deps.readStore, { status: 'pending' }, 500, before);
      for (const delivery of page) {
        if (delivery.next_attempt_at === null) continue;
        this.wake(delivery.delivery_id, Date.parse(delivery.next_attempt_at));
        resumed++;
      }
      if (page.length < 500) return resumed;
      const last = page[page.length - 1]!;
      before = { created_at: last.created_at, id: last.delivery_id };
    }
  }

  /**
   * Makes every attempt due by the service clock (up to the concurrency) and resolves once
   * they are recorded. The timer calls it; tests call it after moving a manual clock.
   */
  async deliverDue(): Promise<void> {
    if (this.stopped) return;
    const now = this.deps.clock.now().getTime();
    const started: Promise<void>[] = [];
    let later = Infinity;
    for (const [deliveryId, at] of this.due) {
      if (this.inFlight.has(deliveryId)) continue;
      if (at > now) {
        later = Math.min(later, at);
        continue;
      }
      // full: each attempt that ends looks again
      if (this.inFlight.size >= this.concurrency) break;
      started.push(this.start(deliveryId));
    }
    if (later !== Infinity) this.armFor(later);
    await Promise.all(started);
  }

  /** Resolves when no attempt is in flight. */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight.values()]);
  }

  /** Lets attempts in flight finish (aborting them after `graceMs`), and schedules nothing more. */
  async stop(graceMs = 3_000): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.due.clear();
    const settled = Promise.allSettled([...this.inFlight.values()]);
    let grace: NodeJS.Timeout | undefined;
    await Promise.race([settled, new Promise<void>((resolve) => (grace = setTimeout(resolve, graceMs)))]);
    clearTimeout(grace);
    this.abort.abort();
    await settled;
  }

  private async schedule(source: StoredEvent, webhook: Webhook): Promise<void> {
    // the endpoint as it was when the fact was recorded, so a replay decides the same way
    const endpoint = (await this.endpoints(webhook.tenant_id, source.position)).endpoints[webhook.environment] ?? null;
    const perCallUrl = webhook.customer_id ? await this.customerWebhookUrl(webhook.customer_id, source.position) : webhook.per_call_url;
    const target = deliveryTarget(webhook, endpoint, perCallUrl);
    if (!target) return;
    const deliveryId = webhookDeliveryId(source.id);
    const eventId = webhookEventId(source.id);
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
      { metadata: this.metadata(webhook.tenant_id, now, source.metadata.correlation_id, source.id), commandId: `webhooks:${source.id}` },
    );
    if (E.isLeft(result)) return;
    const state = result.right.state;
    // the first attempt is due now: start it without waiting for the timer
    if (result.right.events.length > 0 && !this.stopped && !this.inFlight.has(deliveryId) && this.inFlight.size < this.concurrency) {
      void this.start(deliveryId, state);
    } else {
      this.wakeFor(deliveryId, state);
    }
  }

  private start(deliveryId: string, known?: DeliveryState): Promise<void> {
    this.due.delete(deliveryId);
    const done = this.attempt(deliveryId, known)
      .catch((error: unknown) => this.deps.logger.error('webhook attempt failed to run', { delivery_id: deliveryId, error: errorText(error) }))
      .finally(() => {
        this.inFlight.delete(deliveryId);
        if (this.due.size > 0) this.armFor(this.deps.clock.now().getTime());
      });
    this.inFlight.set(deliveryId, done);
    return done;
  }

  /**
   * One attempt of one delivery, decided on its stream (not the read model; `known` is its state
   * just appended), then recorded.
   */
  private async attempt(deliveryId: string, known?: DeliveryState): Promise<void> {
    const { log, clock } = this.deps;
    const state = known ?? (await loadState(log, deliveryStream(deliveryId), deliveryDecider)).state;
    if (state.status === 'none') return;
    const attemptedAt = clock.now();
    const owed = dueAttempt(state, attemptedAt.toISOString());
    if (!owed) return this.wakeFor(deliveryId, state);
    const delivery = state.delivery;
    const endpoint = (await this.endpoints(delivery.tenant_id)).endpoints[delivery.environment] ?? null;
    // an endpoint delivery follows the endpoint's URL as it is now; a per-call one keeps its own
    const url = delivery.target === 'endpoint' && endpoint ? endpoint.url : delivery.url;
    const secret = endpoint && this.openSecret(delivery.tenant_id, delivery.environment, endpoint.secret_sealed);
    let result: WebhookAttemptResult;
    if (!secret) {
      const error = endpoint ? 'the endpoint secret cannot be opened with this service key' : `no ${delivery.environment} webhook endpoint is configured; nothing to sign with`;
      result = { http_status: null, latency_ms: 0, error, outcome: 'refused' };
    } else {
      const timestamp = Math.floor(attemptedAt.getTime() / 1000);
      const headers = signatureHeaders(secret, delivery.event_id, timestamp, delivery.payload);
      result = await this.deps.sender.send({ url, body: delivery.payload, headers }, this.abort.signal);
    }
    // cut short by a stop: not an outcome; the restart makes this attempt again
    if (result.error === 'aborted') return;
    if (result.outcome !== 'succeeded') {
      this.deps.logger.warn('webhook attempt failed', { delivery_id: deliveryId, event_id: delivery.event_id, http_status: result.http_status, error: result.error });
    }
    const now = clock.now().toISOString();
    const recorded = await handleCommand(
      log,
      deliveryStream(deliveryId),
      deliveryDecider,
      { type: 'RecordAttempt', attempt_key: owed.key, url, attempted_at: attemptedAt.toISOString(), ...result, now },
      { metadata: this.metadata(delivery.tenant_id, now, deliveryId, null), commandId: `webhook-attempt:${deliveryId}:${owed.key}` },
    );
    if (E.isRight(recorded)) this.wakeFor(deliveryId, recorded.right.state);
  }

  private openSecret(tenantId: string, environment: string, sealed: string): string | null {
    const key = `${tenantId}:${environment}:${sealed}`;
    if (!this.secrets.has(key)) {
      if (this.secrets.size >= 10_000) this.secrets.clear();
      this.secrets.set(key, openWebhookSecret(this.deps.serviceKey, secretContext(tenantId, environment), sealed));
    }
    return this.secrets.get(key)!;
  }

  private wakeFor(deliveryId: string, state: DeliveryState): void {
    const next = owedAttempts(state)[0];
    if (next) this.wake(deliveryId, Date.parse(next.due_at));
  }

  private wake(deliveryId: string, at: number): void {
    if (this.stopped) return;
    const current = this.due.get(deliveryId);
    if (current === undefined || at < current) this.due.set(deliveryId, at);
    this.armFor(at);
  }

  /** Makes sure the timer fires by the time `at` (service clock) is due; a timer firing sooner is kept. */
  private armFor(at: number): void {
    if (this.stopped) return;
    const delay = Math.max(0, Math.min(at - this.deps.clock.now().getTime(), MAX_SLEEP_MS));
    const firesAt = performance.now() + delay;
    if (this.timer && this.timerFiresAt <= firesAt) return;
    if (this.timer) clearTimeout(this.timer);
    this.timerFiresAt = firesAt;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.timerFiresAt = Infinity;
      void this.deliverDue();
    }, delay);
    this.timer.unref();
  }

  /** A tenant's endpoints, as of just before `position` when given. */
  private async endpoints(tenantId: string, position?: number): Promise<WebhookEndpointsState> {
    const events = await this.deps.log.readStream(webhookEndpointsStream(tenantId));
    return events
      .filter((e) => position === undefined || e.position < position)
      .reduce((state, e) => webhookEndpointsDecider.evolve(state, { type: e.type, data: e.data } as WebhookEndpointEvent), webhookEndpointsDecider.initialState);
  }

  /** The customer's own webhook_url as registered before `position`, or null. */
  private async customerWebhookUrl(customerId: string, position: number): Promise<string | null> {
    let url: string | null = null;
    for (const e of await this.deps.log.readStream(customerStream(customerId))) {
      if (e.position >= position) break;
      if (e.type === 'CustomerRegistered' || e.type === 'CustomerDraftCompleted') url = (e.data['webhook_url'] as string | null) ?? null;
    }
    return url;
  }

  private metadata(tenantId: string, now: string, correlation: string, causation: string | null): EventMetadata {
    return { tenant_id: tenantId, actor: 'system', request_id: null, occurred_at: now, correlation_id: correlation, causation_id: causation };
  }
}
