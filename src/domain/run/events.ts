import * as t from 'io-ts';
import type { PiiFields } from '../shared/decider.js';
import { personal } from '../shared/personal.js';
import { CheckAnswer } from './answers.js';
import { TemplateDefinition } from '../template/events.js';
import { Environment, SubjectType } from '../values/scopes.js';

const nullableString = t.union([t.string, t.null]);


const ChecksSummary = t.type({ total: t.number, valid: t.number, invalid: t.number, no_data: t.number, error: t.number });

export const RunQueued = t.type({
  type: t.literal('RunQueued'),
  data: t.type({
    run_id: t.string,
    tenant_id: t.string,
    environment: Environment,
    /** the exact template version the run uses, as it was */
    template: t.type({ template_id: t.string, version: t.number, definition: TemplateDefinition }),
    /** personal: sealed through the PII codec */
    subject: personal(t.UnknownRecord),
    subject_type: SubjectType,
    /** keyed hash of tenant and document: finds a subject's streams without the document */
    subject_ref: t.string,
    external_id: nullableString,
    metadata: t.record(t.string, t.string),
    webhook_url: nullableString,
    customer_id: nullableString,
    estimated_seconds: t.number,
    reserved_credits: t.number,
    created_at: t.string,
  }),
});

/** `customer_id` (null for a run no customer asked for) lets readers route the event without the run's history. */
export const RunStarted = t.type({ type: t.literal('RunStarted'), data: t.type({ run_id: t.string, customer_id: nullableString, started_at: t.string }) });

export const SourceAnswered = t.type({
  type: t.literal('SourceAnswered'),
  data: t.type({
    run_id: t.string,
    subject_ref: t.string,
    source_id: t.string,
    tier: t.union([t.literal(1), t.literal(2), t.literal(3)]),
    status: t.keyof({ ANSWERED: null, ERROR: null }),
    /** statuses and codes, without the findings' texts */
    checks: t.array(CheckAnswer),
    /** the findings' titles and details by check id: they can quote the subject, so they are sealed */
    check_texts: personal(t.UnknownRecord),
    /** normalised data about the subject (names, partners, proceedings): personal, sealed */
    data: personal(t.UnknownRecord),
    error_code: nullableString,
    error_message: nullableString,
    cached: t.boolean,
    duration_ms: t.number,
    cost: t.number,
    answered_at: t.string,
  }),
});

/** Everything the run.completed webhook needs travels on the event itself. */
const RunResult = {
  run_id: t.string,
  tenant_id: t.string,
  environment: Environment,
  subject_type: SubjectType,
  template_id: t.string,
  customer_id: nullableString,
  external_id: nullableString,
  metadata: t.record(t.string, t.string),
  webhook_url: nullableString,
  checks_summary: ChecksSummary,
  created_at: t.string,
  completed_at: t.string,
};

export const RunCompleted = t.type({
  type: t.literal('RunCompleted'),
  data: t.type({
    ...RunResult,
    status: t.keyof({ completed: null, blocked: null, pending_review: null, partial: null }),
    decision: t.keyof({ approved: null, rejected: null, review: null }),
    operative_decision: t.keyof({ approved: null, rejected: null, review: null, hold: null }),
    risk_band: t.union([t.keyof({ baixo: null, medio: null, alto: null }), t.null]),
    manual_review: t.boolean,
    summary_message: t.string,
    /** sources left unasked after a block hit */
    abandoned: t.array(t.string),
    cost: t.number,
  }),
});

export const RunFailed = t.type({
  type: t.literal('RunFailed'),
  data: t.type({ ...RunResult, reason: t.string, summary_message: t.string, cost: t.number }),
});

export const RunCancelled = t.type({ type: t.literal('RunCancelled'), data: t.type({ run_id: t.string, customer_id: nullableString, cancelled_at: t.string }) });

const ReviewDecision = t.keyof({ approved: null, rejected: null });

/** The engine's outcome of a run an analyst decided, kept beside the analyst's decision. */
export const AutomaticOutcome = t.type({
  status: t.keyof({ completed: null, blocked: null, pending_review: null, partial: null }),
  decision: t.keyof({ approved: null, rejected: null, review: null }),
  operative_decision: t.keyof({ approved: null, rejected: null, review: null, hold: null }),
  risk_band: t.union([t.keyof({ baixo: null, medio: null, alto: null }), t.null]),
  manual_review: t.boolean,
});

/**
 * The analyst's decision on a run awaiting one: the run ends completed with it. It names the
 * user who decided and, under four-eyes, the one who proposed (with the proposal's note and
 * time), and keeps the automatic outcome (all optional: events before 2026-11 lack them).
 */
export const RunReviewed = t.type({
  type: t.literal('RunReviewed'),
  data: t.intersection([
    t.type({ ...RunResult, decision: ReviewDecision, note: t.string, risk_band: t.union([t.keyof({ baixo: null, medio: null, alto: null }), t.null]), reviewed_at: t.string }),
    t.partial({ reviewed_by: t.string, proposed_by: t.string, proposal_note: t.string, proposed_at: t.string, automatic: AutomaticOutcome }),
  ]),
});
export type RunReviewedData = t.TypeOf<typeof RunReviewed>['data'];

/**
 * Four-eyes: the first analyst's decision on a run that needs two (a rejection, or any decision
 * on an `alto` run, when the tenant asks for it). The run stays in review until another user
 * confirms the same decision; a different decision replaces the proposal.
 */
export const RunReviewProposed = t.type({
  type: t.literal('RunReviewProposed'),
  data: t.type({ run_id: t.string, tenant_id: t.string, decision: ReviewDecision, note: t.string, proposed_by: t.string, proposed_at: t.string }),
});

/**
 * A held (`partial`) run's failed sources asked again (issue 28): the run is running again for
 * them only, their new answers replace the ERROR ones and the run ends with a new RunCompleted.
 * A live run's retry reserves the sources' cost under its own charge (`charge_id`).
 */
export const RunSourcesRetried = t.type({
  type: t.literal('RunSourcesRetried'),
  data: t.type({ run_id: t.string, tenant_id: t.string, customer_id: nullableString, sources: t.array(t.string), charge_id: t.string, reserved_credits: t.number, requested_at: t.string }),
});

export const RunEvent = t.union([RunQueued, RunStarted, SourceAnswered, RunCompleted, RunFailed, RunCancelled, RunReviewed, RunReviewProposed, RunSourcesRetried]);
export type RunEvent = t.TypeOf<typeof RunEvent>;
export type RunQueuedData = t.TypeOf<typeof RunQueued>['data'];
export type RunCompletedData = t.TypeOf<typeof RunCompleted>['data'];

export const runPii: Record<string, PiiFields<Record<string, unknown>>> = {
  RunQueued: { subject: (d) => String(d['subject_ref']), fields: ['subject'] },
  SourceAnswered: { subject: (d) => String(d['subject_ref']), fields: ['data', 'check_texts'] },
};
