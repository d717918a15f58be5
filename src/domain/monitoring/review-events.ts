import * as t from 'io-ts';

/** The storage contract of a customer's periodic-review stream: reviews that could not start. */

export const ReviewDeferralReason = t.keyof({ billing_suspended: null, insufficient_credit: null, template_unavailable: null });
export type ReviewDeferralReason = t.TypeOf<typeof ReviewDeferralReason>;

/** A due review whose run could not start (tried again on the next sweep). */
export const PeriodicReviewDeferred = t.type({
  type: t.literal('PeriodicReviewDeferred'),
  data: t.type({ tenant_id: t.string, customer_id: t.string, run_id: t.string, reason: ReviewDeferralReason, deferred_at: t.string }),
});

export const PeriodicReviewEvent = PeriodicReviewDeferred;
export type PeriodicReviewEvent = t.TypeOf<typeof PeriodicReviewEvent>;
