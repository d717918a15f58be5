import * as t from 'io-ts';
import { Environment } from '../values/scopes.js';

/**
 * The storage contract of webhooks: the endpoints of a tenant (`webhook_endpoints-<tenant>`)
 * and one stream per delivery (`delivery-<uuid>`). Change with care: add types, never reshape.
 */

export const WEBHOOK_EVENT_TYPES = ['run.completed', 'run.failed', 'biometric_check.completed', 'customer.monitoring_alert', 'customer.sanctions_freeze'] as const;
export const WebhookEventType = t.keyof({
  'run.completed': null,
  'run.failed': null,
  'biometric_check.completed': null,
  'customer.monitoring_alert': null,
  /** a freeze required, confirmed or lifted (issue 29) */
  'customer.sanctions_freeze': null,
});
export type WebhookEventType = t.TypeOf<typeof WebhookEventType>;

/** Delivered whatever the endpoint subscribes to (interface: Events). */
export const ALWAYS_DELIVERED: readonly WebhookEventType[] = ['run.completed', 'run.failed'];

const nullableString = t.union([t.string, t.null]);

/**
 * An environment's endpoint was configured with a new signing secret: its first configuration
 * (recorded by every PUT before issue 25, which now records a change and a rotation instead).
 * The secret is kept sealed with the service key (bound to tenant and environment), never in clear.
 */
export const WebhookEndpointSet = t.type({
  type: t.literal('WebhookEndpointSet'),
  data: t.type({
    tenant_id: t.string,
    environment: Environment,
    url: t.string,
    events: t.array(WebhookEventType),
    secret_sealed: t.string,
    set_at: t.string,
  }),
});

/** An endpoint's URL or subscribed events changed; its signing secret did not. */
export const WebhookEndpointChanged = t.type({
  type: t.literal('WebhookEndpointChanged'),
  data: t.type({
    tenant_id: t.string,
    environment: Environment,
    url: t.string,
    events: t.array(WebhookEventType),
    changed_at: t.string,
  }),
});

/**
 * An explicit rotation of an endpoint's signing secret. The previous secret (sealed as the
 * current one is) still signs beside the new one until `previous_valid_until`, so receivers
 * can switch without refusing deliveries; after that only the new one signs.
 */
export const WebhookSecretRotated = t.type({
  type: t.literal('WebhookSecretRotated'),
  data: t.type({
    tenant_id: t.string,
    environment: Environment,
    secret_sealed: t.string,
    previous_secret_sealed: t.string,
    previous_valid_until: t.string,
    rotated_at: t.string,
  }),
});

export const WebhookEndpointEvent = t.union([WebhookEndpointSet, WebhookEndpointChanged, WebhookSecretRotated]);
export type WebhookEndpointEvent = t.TypeOf<typeof WebhookEndpointEvent>;

/** One webhook event for one receiver: the exact body every attempt sends. */
export const WebhookDeliveryScheduled = t.type({
  type: t.literal('WebhookDeliveryScheduled'),
  data: t.type({
    delivery_id: t.string,
    tenant_id: t.string,
    environment: Environment,
    /** `evt_` + 32 hex: the envelope id, the same on every attempt */
    event_id: t.string,
    event: WebhookEventType,
    /** the domain event this webhook reports */
    source_event_id: t.string,
    /** `endpoint`: the environment's endpoint URL at each attempt; `per_call`: the run's or customer's own URL */
    target: t.keyof({ endpoint: null, per_call: null }),
    url: t.string,
    /** the raw JSON body, byte for byte what is signed and sent */
    payload: t.string,
    created_at: t.string,
  }),
});

/** Nothing will be sent (no secret to sign with): recorded so the operator sees why. */
export const WebhookDeliveryAbandoned = t.type({
  type: t.literal('WebhookDeliveryAbandoned'),
  data: t.type({ delivery_id: t.string, reason: t.string, abandoned_at: t.string }),
});

/** The operator asked for one more attempt now, whatever the delivery's state. */
export const WebhookRedeliveryRequested = t.type({
  type: t.literal('WebhookRedeliveryRequested'),
  data: t.type({ delivery_id: t.string, request_id: t.string, requested_at: t.string }),
});

/** One attempt and what it left: the delivery's status and its next scheduled attempt. */
export const WebhookAttemptRecorded = t.type({
  type: t.literal('WebhookAttemptRecorded'),
  data: t.type({
    delivery_id: t.string,
    /** `schedule:<n>` or `redelivery:<request id>`: an attempt is recorded once */
    attempt_key: t.string,
    trigger: t.keyof({ schedule: null, redelivery: null }),
    number: t.number,
    url: t.string,
    attempted_at: t.string,
    http_status: t.union([t.number, t.null]),
    latency_ms: t.number,
    /** short and sanitised: a status line or an error code, never the receiver's body */
    error: nullableString,
    outcome: t.keyof({ succeeded: null, failed: null, refused: null }),
    status: t.keyof({ pending: null, succeeded: null, failed: null }),
    next_attempt_at: nullableString,
  }),
});

export const DeliveryEvent = t.union([WebhookDeliveryScheduled, WebhookDeliveryAbandoned, WebhookRedeliveryRequested, WebhookAttemptRecorded]);
export type DeliveryEvent = t.TypeOf<typeof DeliveryEvent>;
export type DeliveryScheduledData = t.TypeOf<typeof WebhookDeliveryScheduled>['data'];
export type AttemptRecordedData = t.TypeOf<typeof WebhookAttemptRecorded>['data'];

/**
 * The part of the facial rounds' `FacialRoundCompleted` (domain/facial, on the customer stream)
 * that webhooks read, checked before use so that a change there cannot break deliveries.
 */
const FacialCheck = t.type({ status: t.string, score: t.union([t.number, t.null]), completed_at: t.string });
export const FacialRoundCompleted = t.type({
  type: t.literal('FacialRoundCompleted'),
  data: t.type({
    customer_id: t.string,
    round_id: t.string,
    tenant_id: t.string,
    environment: Environment,
    checks: t.partial({ face_match: FacialCheck, passive_liveness: FacialCheck }),
  }),
});
export type FacialRoundCompleted = t.TypeOf<typeof FacialRoundCompleted>;
