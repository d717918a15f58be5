import { webhookDeliveriesProjection, type WebhookDeliveryDoc } from '../../src/projections/webhook-deliveries.js';
import { eventLog, projectionSpec } from '../helpers/projection-spec.js';

const T0 = '2026-11-22T12:00:00.000Z';
const T1 = '2026-11-22T12:00:01.000Z';
const T2 = '2026-11-22T12:00:30.000Z';
const T3 = '2026-11-22T12:00:20.000Z';
const T4 = '2026-11-22T12:05:00.000Z';

const scheduled = {
  delivery_id: 'd1',
  tenant_id: 't1',
  environment: 'live',
  event_id: 'evt_1',
  event: 'run.completed',
  source_event_id: 'e1',
  target: 'endpoint',
  url: 'https://hooks.example.com/a',
  payload: '{}',
  created_at: T0,
};
const pending: WebhookDeliveryDoc = {
  delivery_id: 'd1',
  tenant_id: 't1',
  environment: 'live',
  event_id: 'evt_1',
  event: 'run.completed',
  url: 'https://hooks.example.com/a',
  status: 'pending',
  attempts: [],
  failure_reason: null,
  next_attempt_at: T0,
  scheduled_next_at: T0,
  redelivery_requested_at: null,
  created_at: T0,
};
const attempt = (trigger: 'schedule' | 'redelivery', status: 'pending' | 'succeeded' | 'failed', at: string, next: string | null, url = scheduled.url) => ({
  delivery_id: 'd1',
  attempt_key: `${trigger}:1`,
  trigger,
  number: 1,
  url,
  attempted_at: at,
  http_status: status === 'succeeded' ? 200 : 503,
  latency_ms: 12,
  error: status === 'succeeded' ? null : 'HTTP 503',
  outcome: status === 'succeeded' ? 'succeeded' : 'failed',
  status,
  next_attempt_at: next,
});

describe('webhook deliveries projection', () => {
  const deliveries = projectionSpec(webhookDeliveriesProjection);

  it('a scheduled delivery is pending, owed at once', () => {
    const at = eventLog();
    deliveries.given([at('delivery-d1', 'WebhookDeliveryScheduled', scheduled)]).then({ d1: pending }).andReplayChangesNothing();
  });

  it('each attempt is kept; a failed one owes the next scheduled attempt, a success owes nothing', () => {
    const at = eventLog();
    const failed = { attempted_at: T1, http_status: 503, latency_ms: 12, error: 'HTTP 503' };
    deliveries
      .given([
        at('delivery-d1', 'WebhookDeliveryScheduled', scheduled),
        at('delivery-d1', 'WebhookAttemptRecorded', attempt('schedule', 'pending', T1, T2)),
        at('delivery-d1', 'WebhookAttemptRecorded', attempt('schedule', 'succeeded', T2, null, 'https://hooks.example.com/new')),
      ])
      .then({
        d1: {
          ...pending,
          url: 'https://hooks.example.com/new',
          status: 'succeeded',
          attempts: [failed, { attempted_at: T2, http_status: 200, latency_ms: 12, error: null }],
          next_attempt_at: null,
          scheduled_next_at: null,
        },
      })
      .andReplayChangesNothing();
  });

  it('a redelivery request owes an attempt at the sooner of it and the schedule, until a redelivery attempt answers it', () => {
    const at = eventLog();
    const waiting = [at('delivery-d1', 'WebhookDeliveryScheduled', scheduled), at('delivery-d1', 'WebhookAttemptRecorded', attempt('schedule', 'pending', T1, T2))];
    const requested = deliveries
      .given([...waiting, at('delivery-d1', 'WebhookRedeliveryRequested', { delivery_id: 'd1', request_id: 'q1', requested_at: T3 })])
      .then({
        d1: {
          ...pending,
          attempts: [{ attempted_at: T1, http_status: 503, latency_ms: 12, error: 'HTTP 503' }],
          scheduled_next_at: T2,
          redelivery_requested_at: T3,
          next_attempt_at: T3,
        },
      });
    deliveries
      .given([at('delivery-d1', 'WebhookAttemptRecorded', attempt('redelivery', 'pending', T3, T4))], requested.documents)
      .then({
        d1: {
          ...pending,
          attempts: [
            { attempted_at: T1, http_status: 503, latency_ms: 12, error: 'HTTP 503' },
            { attempted_at: T3, http_status: 503, latency_ms: 12, error: 'HTTP 503' },
          ],
          scheduled_next_at: T4,
          redelivery_requested_at: null,
          next_attempt_at: T4,
        },
      })
      .andReplayChangesNothing(waiting);
  });

  it('an abandoned delivery is failed with its reason and owes nothing', () => {
    const at = eventLog();
    deliveries
      .given([at('delivery-d1', 'WebhookDeliveryScheduled', scheduled), at('delivery-d1', 'WebhookDeliveryAbandoned', { delivery_id: 'd1', reason: 'no_secret', abandoned_at: T1 })])
      .then({ d1: { ...pending, status: 'failed', failure_reason: 'no_secret', next_attempt_at: null, scheduled_next_at: null } })
      .andReplayChangesNothing();
  });

  it('attempts of a delivery never scheduled make no document', () => {
    const at = eventLog();
    deliveries.given([at('delivery-d1', 'WebhookAttemptRecorded', attempt('schedule', 'pending', T1, T2))]).then({ d1: null });
  });
});
