import * as E from 'fp-ts/lib/Either.js';
import { DomainError, type Decider } from '../shared/decider.js';
import { DeliveryEvent, type AttemptRecordedData, type DeliveryScheduledData } from './events.js';

export const deliveryStream = (deliveryId: string): string => `delivery-${deliveryId}`;

/** Attempts of the automatic schedule: immediate, then these delays after each failure (decisions section 7). */
export const MAX_SCHEDULED_ATTEMPTS = 5;
export const RETRY_DELAYS_MS: readonly number[] = [30_000, 5 * 60_000, 60 * 60_000, 6 * 60 * 60_000];

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';

export type DeliveryState =
  | { status: 'none' }
  | {
      status: DeliveryStatus;
      delivery: DeliveryScheduledData;
      /** attempts of the automatic schedule made so far */
      scheduled_attempts: number;
      /** attempts of any kind */
      attempts: number;
      /** the schedule's next attempt; null once it has ended */
      next_attempt_at: string | null;
      /** a redelivery the operator asked for and that has not been attempted yet */
      redelivery: { request_id: string; requested_at: string } | null;
    };

/**
 * `succeeded`: a 2xx in time. `failed`: anything else that may get better (status, timeout,
 * redirect, connection). `refused`: the target may not be reached at all (internal address,
 * scheme, no secret to sign with): retrying cannot help.
 */
export type AttemptOutcome = 'succeeded' | 'failed' | 'refused';

export type DeliveryCommand =
  | { type: 'ScheduleDelivery'; delivery: DeliveryScheduledData; problem: string | null }
  | { type: 'RequestRedelivery'; request_id: string; now: string }
  | {
      type: 'RecordAttempt';
      attempt_key: string;
      url: string;
      attempted_at: string;
      http_status: number | null;
      latency_ms: number;
      error: string | null;
      outcome: AttemptOutcome;
      now: string;
    };

export interface OwedAttempt {
  key: string;
  trigger: 'schedule' | 'redelivery';
  due_at: string;
}

/**
 * The attempts the delivery is owed, soonest first: a requested redelivery (due at once) and
 * the schedule's next attempt. Either may be recorded, so neither is lost if the other ran meanwhile.
 */
export function owedAttempts(state: DeliveryState): OwedAttempt[] {
  if (state.status === 'none') return [];
  const owed: OwedAttempt[] = [];
  if (state.redelivery) owed.push({ key: `redelivery:${state.redelivery.request_id}`, trigger: 'redelivery', due_at: state.redelivery.requested_at });
  if (state.next_attempt_at !== null) owed.push({ key: `schedule:${state.scheduled_attempts + 1}`, trigger: 'schedule', due_at: state.next_attempt_at });
  return owed.sort((a, b) => a.due_at.localeCompare(b.due_at));
}

/** The attempt to make at `now`, if one is due. */
export function dueAttempt(state: DeliveryState, now: string): OwedAttempt | null {
  return owedAttempts(state).find((a) => a.due_at <= now) ?? null;
}

const plus = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();

export const deliveryDecider: Decider<DeliveryCommand, DeliveryState, DeliveryEvent> = {
  initialState: { status: 'none' },
  codec: DeliveryEvent,

  decide(command, state) {
    switch (command.type) {
      case 'ScheduleDelivery': {
        // the delivery id derives from the source event: a replayed event schedules nothing new
        if (state.status !== 'none') return E.right([]);
        const scheduled: DeliveryEvent = { type: 'WebhookDeliveryScheduled', data: command.delivery };
        if (command.problem === null) return E.right([scheduled]);
        return E.right([
          scheduled,
          { type: 'WebhookDeliveryAbandoned', data: { delivery_id: command.delivery.delivery_id, reason: command.problem, abandoned_at: command.delivery.created_at } },
        ]);
      }
      case 'RequestRedelivery':
        if (state.status === 'none') return E.left(new DomainError('webhook_delivery_not_found', 'No such webhook delivery.', 'delivery_id'));
        // one redelivery owed at a time: asking again before it ran changes nothing
        if (state.redelivery) return E.right([]);
        return E.right([{ type: 'WebhookRedeliveryRequested', data: { delivery_id: state.delivery.delivery_id, request_id: command.request_id, requested_at: command.now } }]);
      case 'RecordAttempt': {
        const owed = owedAttempts(state).find((a) => a.key === command.attempt_key);
        // not owed: already recorded, or never due
        if (state.status === 'none' || !owed) return E.right([]);
        return E.right([{ type: 'WebhookAttemptRecorded', data: recordAttempt(state, owed, command) }]);
      }
      default: {
        const _exhaustive: never = command;
        return _exhaustive;
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'WebhookDeliveryScheduled':
        return {
          status: 'pending',
          delivery: event.data,
          scheduled_attempts: 0,
          attempts: 0,
          next_attempt_at: event.data.created_at,
          redelivery: null,
        };
      case 'WebhookDeliveryAbandoned':
        if (state.status === 'none') return state;
        return { ...state, status: 'failed', next_attempt_at: null };
      case 'WebhookRedeliveryRequested':
        if (state.status === 'none') return state;
        return { ...state, status: 'pending', redelivery: { request_id: event.data.request_id, requested_at: event.data.requested_at } };
      case 'WebhookAttemptRecorded':
        if (state.status === 'none') return state;
        return {
          ...state,
          status: event.data.status,
          attempts: state.attempts + 1,
          scheduled_attempts: state.scheduled_attempts + (event.data.trigger === 'schedule' ? 1 : 0),
          next_attempt_at: event.data.next_attempt_at,
          redelivery: event.data.trigger === 'redelivery' ? null : state.redelivery,
        };
      default: {
        // compile-time: every known type is handled; at run time an unknown type changes nothing
        const _exhaustive: never = event;
        void _exhaustive;
        return state;
      }
    }
  },
};

type Active = Exclude<DeliveryState, { status: 'none' }>;
type RecordCommand = Extract<DeliveryCommand, { type: 'RecordAttempt' }>;

/**
 * What an attempt leaves. A scheduled failure that may get better waits for the next delay,
 * until the fifth attempt; a refusal ends the delivery; a success ends the schedule. A failed
 * redelivery leaves a running schedule as it was; on an ended one it marks the delivery failed.
 */
function recordAttempt(state: Active, owed: OwedAttempt, command: RecordCommand): AttemptRecordedData {
  let next: string | null;
  let status: 'pending' | 'succeeded' | 'failed';
  if (command.outcome === 'succeeded') {
    next = null;
    status = 'succeeded';
  } else if (command.outcome === 'refused') {
    next = null;
    status = 'failed';
  } else if (owed.trigger === 'schedule') {
    const made = state.scheduled_attempts + 1;
    next = made < MAX_SCHEDULED_ATTEMPTS ? plus(command.now, RETRY_DELAYS_MS[made - 1]!) : null;
    status = next ? 'pending' : 'failed';
  } else {
    next = state.next_attempt_at;
    status = next ? 'pending' : 'failed';
  }
  // a scheduled attempt recorded while a redelivery is still owed leaves the delivery pending
  if (owed.trigger === 'schedule' && state.redelivery) status = 'pending';
  return {
    delivery_id: state.delivery.delivery_id,
    attempt_key: owed.key,
    trigger: owed.trigger,
    number: state.attempts + 1,
    url: command.url,
    attempted_at: command.attempted_at,
    http_status: command.http_status,
    latency_ms: command.latency_ms,
    error: command.error,
    outcome: command.outcome,
    status,
    next_attempt_at: next,
  };
}
