import { TERMINAL, type RunStatus } from '../run/decider.js';
import type { PeriodicReview } from '../tenant/events.js';

const DAY_MS = 86_400_000;

/** The most metadata pairs a run carries (interface: limits). */
const MAX_RUN_METADATA_PAIRS = 10;

/** What the rule reads of a customer: the customers read model has all of it. */
export interface ReviewCandidate {
  status: string;
  latest_run: { run_id: string; status: string; risk_band: string | null; completed_at: string | null } | null;
}

/**
 * When a customer falls due for periodic review (screening.md section 6), or null if it never
 * does as things stand. Only a monitored customer is reviewed, `days` after its latest run ended,
 * the days the tenant set for that run's band. A run that ended without a band (failed,
 * cancelled) is reviewed after the shortest period set: its risk is unknown, so it is treated as
 * the tightest. A run still going or awaiting an analyst is not reviewed over.
 */
export function reviewDueAt(policy: PeriodicReview, customer: ReviewCandidate): number | null {
  if (policy === null || customer.status !== 'em_monitoramento') return null;
  const run = customer.latest_run;
  if (!run || run.completed_at === null || !TERMINAL.includes(run.status as RunStatus)) return null;
  const days = run.risk_band === null ? shortestPeriod(policy) : Object.hasOwn(policy, run.risk_band) ? policy[run.risk_band as keyof typeof policy] : undefined;
  if (days === undefined) return null;
  return Date.parse(run.completed_at) + days * DAY_MS;
}

export function isReviewDue(policy: PeriodicReview, customer: ReviewCandidate, now: Date): boolean {
  const dueAt = reviewDueAt(policy, customer);
  return dueAt !== null && dueAt <= now.getTime();
}

function shortestPeriod(policy: NonNullable<PeriodicReview>): number | undefined {
  const days = Object.values(policy).filter((d): d is number => typeof d === 'number');
  return days.length > 0 ? Math.min(...days) : undefined;
}

/**
 * A review run's metadata: the reviewed run's (the client's keys come back on its webhooks) with
 * `trigger: periodic_review`, within the limit of pairs a run may carry.
 */
export function reviewRunMetadata(previous: Readonly<Record<string, string>>): Record<string, string> {
  const kept = Object.entries(previous)
    .filter(([key]) => key !== 'trigger')
    .slice(0, MAX_RUN_METADATA_PAIRS - 1);
  return { ...Object.fromEntries(kept), trigger: 'periodic_review' };
}
