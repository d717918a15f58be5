import { isRight } from 'fp-ts/lib/Either.js';
import type { DomainEvent } from '../shared/decider.js';
import { MonitoringAlertDelisted, MonitoringAlertRaised, MonitoringAlertResolved, type FreezeFacts } from '../customer/events.js';
import { RunEvent } from '../run/events.js';
import { isEventOf } from '../shared/events.js';
import type { Environment } from '../values/scopes.js';
import { ALWAYS_DELIVERED, FacialRoundCompleted, type WebhookEventType } from './events.js';

/** A webhook a domain event calls for, before it has an id or a receiver. */
export interface Webhook {
  tenant_id: string;
  environment: Environment;
  event: WebhookEventType;
  /** Unix seconds of the fact reported */
  created: number;
  data: Record<string, unknown>;
  /** the run's own webhook_url (a customer's run carries the customer's) */
  per_call_url: string | null;
  /** the customer of a facial round: their own webhook_url overrides the endpoint's */
  customer_id: string | null;
  /** tells apart two webhooks of one domain event (a freeze alert's second): its delivery's id is derived from it too */
  key?: string;
}

const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

/** What every run-ending event carries (domain/run/events.ts RunResult). */
type RunResult = Pick<
  Extract<RunEvent, { type: 'RunFailed' }>['data'],
  'run_id' | 'tenant_id' | 'environment' | 'subject_type' | 'template_id' | 'external_id' | 'metadata' | 'webhook_url' | 'checks_summary' | 'created_at' | 'completed_at'
>;

/** The run event data object, field by field as the interface lists it. */
function runData(d: RunResult, status: string, decision: string | null, riskBand: string | null): Record<string, unknown> {
  const s = d.checks_summary;
  return {
    object: 'run',
    id: d.run_id,
    status,
    decision,
    risk_band: riskBand,
    subject_type: d.subject_type,
    template_id: d.template_id ?? null,
    external_id: d.external_id ?? null,
    metadata: d.metadata ?? {},
    checks_summary: { total: s.total, valid: s.valid, invalid: s.invalid, no_data: s.no_data, error: s.error },
    created_at: d.created_at,
    completed_at: d.completed_at,
  };
}

const facialCheck = (c: { status: string; score: number | null; completed_at: string }) => ({ status: c.status, score: c.score, completed_at: c.completed_at });

const isRunEvent = isEventOf(RunEvent);

function runWebhook(run: RunEvent): Webhook | null {
  switch (run.type) {
    case 'RunCompleted': {
      const d = run.data;
      return { ...base(d), event: 'run.completed', created: seconds(d.completed_at), data: runData(d, d.status, d.decision, d.risk_band) };
    }
    case 'RunReviewed': {
      const d = run.data;
      return { ...base(d), event: 'run.completed', created: seconds(d.reviewed_at), data: runData(d, 'completed', d.decision, d.risk_band) };
    }
    case 'RunFailed': {
      const d = run.data;
      return { ...base(d), event: 'run.failed', created: seconds(d.completed_at), data: runData(d, 'failed', null, null) };
    }
    default:
      return null;
  }
}

/**
 * The webhook a domain event calls for, or null. A run that ends completed, blocked,
 * pending_review or partial reports `run.completed`; the analyst's review of a run reports
 * `run.completed` again (completed, with the analyst's decision); a technical failure reports
 * `run.failed`; an automatic facial round reports `biometric_check.completed`. A cancelled run
 * reports nothing.
 */
export function webhookFor(event: DomainEvent & { metadata: { occurred_at: string } }): Webhook | null {
  return webhooksFor(event)[0] ?? null;
}

/**
 * Every webhook a domain event calls for: the one `webhookFor` names, and for a freeze alert
 * raised, confirmed, cleared or delisted `customer.sanctions_freeze` (issue 29), which a freeze
 * alert raised sends beside `customer.monitoring_alert`.
 */
export function webhooksFor(event: DomainEvent & { metadata: { occurred_at: string } }): Webhook[] {
  const freeze = freezeWebhook(event);
  if (event.type === 'MonitoringAlertRaised') return [alertWebhook(event), freeze].filter((w): w is Webhook => w !== null);
  if (freeze) return [freeze];
  const webhook = singleWebhook(event);
  return webhook ? [webhook] : [];
}

function singleWebhook(event: DomainEvent & { metadata: { occurred_at: string } }): Webhook | null {
  if (isRunEvent(event)) return runWebhook(event);
  if (event.type === 'MonitoringAlertRaised') return alertWebhook(event);
  if (event.type !== 'FacialRoundCompleted') return null;
  // the facial reactor owns this type: read it only in the shape agreed
  const decoded = FacialRoundCompleted.decode({ type: event.type, data: event.data });
  if (!isRight(decoded)) return null;
  const d = decoded.right.data;
  const checks: Record<string, unknown> = {};
  if (d.checks.face_match) checks['face_match'] = facialCheck(d.checks.face_match);
  if (d.checks.passive_liveness) checks['passive_liveness'] = facialCheck(d.checks.passive_liveness);
  return {
    tenant_id: d.tenant_id,
    environment: d.environment,
    event: 'biometric_check.completed',
    created: seconds(typeof event.data['completed_at'] === 'string' ? event.data['completed_at'] : event.metadata.occurred_at),
    data: { object: 'facial_verification', customer_id: d.customer_id, round_id: d.round_id, checks },
    per_call_url: null,
    customer_id: d.customer_id,
  };
}

const base = (d: RunResult) => ({ tenant_id: d.tenant_id, environment: d.environment, per_call_url: d.webhook_url ?? null, customer_id: null });

/** The envelope exactly as the interface lists it (Events: Envelope). */
export function envelope(eventId: string, webhook: Webhook): Record<string, unknown> {
  return { id: eventId, object: 'event', event: webhook.event, created: webhook.created, livemode: webhook.environment === 'live', data: webhook.data };
}

export interface DeliveryTarget {
  target: 'endpoint' | 'per_call';
  url: string;
  /** why nothing can be sent, recorded on the delivery */
  problem: string | null;
}

/**
 * Where a webhook goes, or null when nowhere. Only the endpoint of the webhook's own
 * environment counts. A per-call URL overrides the endpoint's URL and is signed with that
 * endpoint's secret; without an endpoint there is no secret, so the delivery is recorded as
 * abandoned rather than sent unsigned. `biometric_check.completed` goes only where the
 * endpoint subscribes to it.
 */
export function deliveryTarget(
  webhook: Pick<Webhook, 'event' | 'environment'>,
  endpoint: { url: string; events: readonly WebhookEventType[] } | null,
  perCallUrl: string | null,
): DeliveryTarget | null {
  if (!ALWAYS_DELIVERED.includes(webhook.event) && !endpoint?.events.includes(webhook.event)) return null;
  if (perCallUrl) {
    return {
      target: 'per_call',
      url: perCallUrl,
      problem: endpoint ? null : `No ${webhook.environment} webhook endpoint is configured, so there is no secret to sign this delivery with.`,
    };
  }
  return endpoint ? { target: 'endpoint', url: endpoint.url, problem: null } : null;
}

/**
 * `customer.monitoring_alert` (opt-in): the ids and the score, never the list entry's personal
 * data nor the explanation (screening.md section 6).
 */
function alertWebhook(event: DomainEvent): Webhook | null {
  const decoded = MonitoringAlertRaised.decode({ type: event.type, data: event.data });
  if (!isRight(decoded)) return null;
  const d = decoded.right.data;
  return {
    tenant_id: d.tenant_id,
    environment: d.environment,
    event: 'customer.monitoring_alert',
    created: seconds(d.raised_at),
    data: { object: 'monitoring_alert', alert_id: d.alert_id, customer_id: d.customer_id, list_id: d.list_id, entry_id: d.entry_id, score: d.score, created_at: d.raised_at },
    per_call_url: null,
    customer_id: d.customer_id,
  };
}

/** A freeze's status as the tenant's systems act on it: freeze, keep frozen, or unfreeze. */
type FreezeStatus = 'required' | 'confirmed' | 'lifted';

/**
 * `customer.sanctions_freeze` (opt-in, issue 29): a freeze alert raised (`required`), confirmed
 * by an analyst (`confirmed`), or cleared by one or withdrawn by the list (`lifted`). Ids, the
 * legal basis and the times: never the list entry's personal data.
 */
function freezeWebhook(event: DomainEvent): Webhook | null {
  const facts = freezeFactsOf(event);
  if (!facts) return null;
  const { status, customer_id, alert_id, at, freeze: f } = facts;
  return {
    tenant_id: f.tenant_id,
    environment: f.environment,
    event: 'customer.sanctions_freeze',
    created: seconds(at),
    data: { object: 'sanctions_freeze', status, customer_id, alert_id, list_id: f.list_id, entry_id: f.entry_id, legal_basis: f.legal_basis, since: f.since, created_at: at },
    per_call_url: null,
    customer_id,
    key: 'sanctions_freeze',
  };
}

type FreezeFactsOf = { status: FreezeStatus; customer_id: string; alert_id: string; at: string; freeze: FreezeFacts };

/** The freeze an alert event starts or ends, read through the events' own codecs; null for any other. */
function freezeFactsOf(event: DomainEvent): FreezeFactsOf | null {
  const typed = { type: event.type, data: event.data };
  if (event.type === 'MonitoringAlertRaised') {
    const decoded = MonitoringAlertRaised.decode(typed);
    if (!isRight(decoded) || !decoded.right.data.freeze_required) return null;
    const d = decoded.right.data;
    const freeze = { tenant_id: d.tenant_id, environment: d.environment, list_id: d.list_id, entry_id: d.entry_id, legal_basis: d.legal_basis ?? '', since: d.raised_at };
    return { status: 'required', customer_id: d.customer_id, alert_id: d.alert_id, at: d.raised_at, freeze };
  }
  if (event.type === 'MonitoringAlertResolved') {
    const decoded = MonitoringAlertResolved.decode(typed);
    const d = isRight(decoded) ? decoded.right.data : null;
    return d?.freeze ? { status: d.resolution === 'true_positive' ? 'confirmed' : 'lifted', customer_id: d.customer_id, alert_id: d.alert_id, at: d.resolved_at, freeze: d.freeze } : null;
  }
  if (event.type === 'MonitoringAlertDelisted') {
    const decoded = MonitoringAlertDelisted.decode(typed);
    const d = isRight(decoded) ? decoded.right.data : null;
    return d?.freeze ? { status: 'lifted', customer_id: d.customer_id, alert_id: d.alert_id, at: d.delisted_at, freeze: d.freeze } : null;
  }
  return null;
}
