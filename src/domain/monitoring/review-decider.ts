import * as E from 'fp-ts/lib/Either.js';
import type { Decider } from '../shared/decider.js';
import { PeriodicReviewEvent, type ReviewDeferralReason } from './review-events.js';

/** One stream per customer, beside `customer-<id>`: the customer's own events stay its lifecycle's. */
export const reviewStream = (customerId: string): string => `periodicreview-${customerId}`;

export type ReviewState = { last_deferral: string | null };

export type ReviewCommand = { type: 'DeferReview'; tenant_id: string; customer_id: string; run_id: string; reason: ReviewDeferralReason; now: string };

const deferralKey = (runId: string, reason: string) => `${runId}:${reason}`;

/**
 * Deferred periodic reviews of a customer. A sweep that finds the same attempt refused for the
 * same reason again records nothing: the stream says when and why, not every hour it was retried.
 */
export const reviewDecider: Decider<ReviewCommand, ReviewState, PeriodicReviewEvent> = {
  initialState: { last_deferral: null },
  codec: PeriodicReviewEvent,
  decide(command, state) {
    if (state.last_deferral === deferralKey(command.run_id, command.reason)) return E.right([]);
    const { tenant_id, customer_id, run_id, reason, now } = command;
    return E.right([{ type: 'PeriodicReviewDeferred', data: { tenant_id, customer_id, run_id, reason, deferred_at: now } }]);
  },
  evolve(_state, event) {
    return { last_deferral: deferralKey(event.data.run_id, event.data.reason) };
  },
};
