import type { EventLog, StoredEvent } from '../adapters/event-store/event-log.js';
import { handleCommand, loadState } from '../commands/handle-command.js';
import { customerDecider, customerStream } from '../domain/customer/decider.js';
import { isEventOf } from '../domain/shared/events.js';
import { deliveryDecider, deliveryStream } from '../domain/webhook/decider.js';
import { WebhookAttemptRecorded } from '../domain/webhook/events.js';
import type { Processor } from '../processing/runner.js';
import { systemContext } from '../processing/system-context.js';

/** The webhooks about an alert whose delivery is part of the evidence of "sem demora" (issue 29). */
export const ALERT_WEBHOOK_EVENTS: readonly string[] = ['customer.monitoring_alert', 'customer.sanctions_freeze'];

/** The alert a delivery reports, read from the exact body it sent; null for any other webhook. */
export function alertOfDelivery(event: string, payload: string): { alert_id: string; customer_id: string } | null {
  if (!ALERT_WEBHOOK_EVENTS.includes(event)) return null;
  try {
    const data = (JSON.parse(payload) as { data?: Record<string, unknown> }).data;
    const alertId = data?.['alert_id'];
    const customerId = data?.['customer_id'];
    return typeof alertId === 'string' && typeof customerId === 'string' ? { alert_id: alertId, customer_id: customerId } : null;
  } catch {
    return null;
  }
}

/** When the receiver answered: the attempt's start plus its latency. */
export const deliveredAt = (attempt: { attempted_at: string; latency_ms: number }): string => new Date(Date.parse(attempt.attempted_at) + Math.max(0, Math.round(attempt.latency_ms))).toISOString();

const isAttempt = isEventOf(WebhookAttemptRecorded);

/**
 * Records on the customer's stream that a webhook about one of its alerts reached the tenant
 * (`AlertWebhookDelivered`), from the delivery's successful attempt. At-least-once, with any
 * number of instances: the customer decider records a delivery once, and the event id derives
 * from the attempt handled, so a replay or a second instance appends nothing more.
 */
export class AlertDeliveriesReactor implements Processor {
  readonly id = 'reactor:alert-deliveries';
  readonly kind = 'reactor' as const;

  constructor(private readonly log: EventLog) {}

  async handle(events: StoredEvent[]): Promise<void> {
    for (const event of events) {
      if (!isAttempt(event) || event.data.outcome !== 'succeeded') continue;
      const { state } = await loadState(this.log, deliveryStream(event.data.delivery_id), deliveryDecider);
      if (state.status === 'none') continue;
      const alert = alertOfDelivery(state.delivery.event, state.delivery.payload);
      if (!alert) continue;
      await handleCommand(
        this.log,
        customerStream(alert.customer_id),
        customerDecider,
        { type: 'RecordAlertDelivery', alert_id: alert.alert_id, event: state.delivery.event, delivery_id: event.data.delivery_id, now: deliveredAt(event.data) },
        systemContext({ event }, `alert-delivery:${event.data.delivery_id}`),
      );
    }
  }
}
