import type { ReadStore } from '../adapters/read-store/port.js';
import { isEventOf } from '../domain/shared/events.js';
import { DeliveryEvent } from '../domain/webhook/events.js';
import type { Projection } from './projector.js';

export interface WebhookAttemptDoc {
  attempted_at: string;
  http_status: number | null;
  latency_ms: number;
  error: string | null;
}

export interface WebhookDeliveryDoc extends Record<string, unknown> {
  delivery_id: string;
  tenant_id: string;
  environment: string;
  event_id: string;
  event: string;
  /** where the last attempt went (or the next will go) */
  url: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: WebhookAttemptDoc[];
  /** why nothing was sent, when the delivery was abandoned */
  failure_reason: string | null;
  /** the soonest attempt owed: a requested redelivery or the schedule's next */
  next_attempt_at: string | null;
  scheduled_next_at: string | null;
  redelivery_requested_at: string | null;
  created_at: string;
}

const isDeliveryEvent = isEventOf(DeliveryEvent);

const soonest = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a < b ? a : b);

/** Webhook deliveries with every attempt: the operator's delivery log, and what a restart resumes. */
export const webhookDeliveriesProjection: Projection<WebhookDeliveryDoc> = {
  name: 'webhook_deliveries',
  collection: 'webhook_deliveries',
  indexes: [{ fields: ['tenant_id'] }, { fields: ['event_id'] }, { fields: ['status'] }],
  documentIds: (event) => (isDeliveryEvent(event) ? [event.data.delivery_id] : []),
  evolve(doc, event) {
    if (!isDeliveryEvent(event)) return doc;
    switch (event.type) {
      case 'WebhookDeliveryScheduled': {
        const d = event.data;
        return {
          delivery_id: d.delivery_id,
          tenant_id: d.tenant_id,
          environment: d.environment,
          event_id: d.event_id,
          event: d.event,
          url: d.url,
          status: 'pending',
          attempts: [],
          failure_reason: null,
          next_attempt_at: d.created_at,
          scheduled_next_at: d.created_at,
          redelivery_requested_at: null,
          created_at: d.created_at,
        };
      }
      case 'WebhookDeliveryAbandoned':
        return doc && { ...doc, status: 'failed', failure_reason: event.data.reason, next_attempt_at: null, scheduled_next_at: null };
      case 'WebhookRedeliveryRequested':
        return doc && { ...doc, status: 'pending', redelivery_requested_at: event.data.requested_at, next_attempt_at: soonest(doc.scheduled_next_at, event.data.requested_at) };
      case 'WebhookAttemptRecorded': {
        if (!doc) return doc;
        const d = event.data;
        const redelivery = d.trigger === 'redelivery' ? null : doc.redelivery_requested_at;
        return {
          ...doc,
          url: d.url,
          status: d.status,
          attempts: [...doc.attempts, { attempted_at: d.attempted_at, http_status: d.http_status, latency_ms: d.latency_ms, error: d.error }],
          scheduled_next_at: d.next_attempt_at,
          redelivery_requested_at: redelivery,
          next_attempt_at: soonest(d.next_attempt_at, redelivery),
        };
      }
      default:
        return doc;
    }
  },
};

export const getWebhookDelivery = async (store: ReadStore, deliveryId: string): Promise<WebhookDeliveryDoc | null> =>
  (await store.get<WebhookDeliveryDoc>('webhook_deliveries', deliveryId))?.doc ?? null;

export function findWebhookDeliveries(
  store: ReadStore,
  filter: { tenant_id?: string; event_id?: string; status?: string },
  limit: number,
  before?: { created_at: string; id: string },
): Promise<WebhookDeliveryDoc[]> {
  const where: Record<string, string> = {};
  for (const [k, v] of Object.entries(filter)) if (v !== undefined) where[k] = v;
  return store.find<WebhookDeliveryDoc>('webhook_deliveries', { where, limit, ...(before ? { before } : {}) });
}
