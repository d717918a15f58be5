import { buildAnalysis, buildDetail, ANALYSIS_SCHEMA_VERSION } from '../domain/run/analysis.js';
import { dispositionKey, recordedCandidates } from '../domain/screening/disposition.js';
import type { HitDispositionsDoc } from '../projections/hit-dispositions.js';
import { runFacts, type RunDoc } from '../projections/runs.js';

const livemodeOf = (run: RunDoc) => run.environment === 'live';

export const isInProgress = (run: RunDoc): boolean => run.status === 'queued' || run.status === 'running';

/** What GET run and GET analysis answer (202) while the run executes. */
export function inProgressView(run: RunDoc) {
  return { run_id: run.run_id, status: run.status, retry_after_seconds: retryAfterSeconds(run), livemode: livemodeOf(run) };
}

/** A polling hint: the run's estimate (slowest source), bounded to 1..30 seconds. */
export function retryAfterSeconds(run: RunDoc): number {
  return Math.max(1, Math.min(run.estimated_seconds, 30));
}

/**
 * The run's list hits (candidates at or above the threshold, and those the customer's memory
 * cleared), each with the disposition an analyst made on this run, if any (issue 28).
 */
export function listHitsView(run: RunDoc, dispositions: HitDispositionsDoc | null) {
  return recordedCandidates(run.answers)
    .filter((c) => c.match)
    .map((c) => {
      const d = dispositions?.latest[dispositionKey(c.list_id, c.entry_id)];
      return {
        source_id: c.source_id,
        list_id: c.list_id,
        entry_id: c.entry_id,
        version_id: c.version_id ?? null,
        name: c.name,
        score: c.score,
        match: c.match,
        ...(c.content_hash !== undefined ? { content_hash: c.content_hash } : {}),
        ...(c.cleared ? { cleared: c.cleared } : {}),
        ...(c.confirmed ? { confirmed: c.confirmed } : {}),
        disposition: d ? { disposition: d.disposition, reason: d.reason, by: d.by, content_hash: d.content_hash, disposed_at: d.disposed_at } : null,
      };
    });
}

/** `hits`: the list hits with their dispositions (GET run once ended, and a disposition's answer). */
export function runView(run: RunDoc, hits?: ReturnType<typeof listHitsView>) {
  return {
    run_id: run.run_id,
    status: run.status,
    decision: run.decision,
    operative_decision: run.operative_decision,
    risk_band: run.risk_band,
    external_id: run.external_id,
    metadata: run.metadata,
    template_name: run.template_name,
    summary_message: run.summary_message,
    manual_review: run.manual_review,
    created_at: run.created_at,
    completed_at: run.completed_at,
    livemode: livemodeOf(run),
    review: reviewView(run),
    ...(hits ? { list_hits: hits } : {}),
  };
}

/**
 * The analyst's part of a run: a four-eyes proposal awaiting a second analyst, or the decision
 * with who proposed and decided it and the automatic outcome it replaced; null otherwise.
 */
export function reviewView(run: RunDoc) {
  const review = run.review;
  if (review) {
    const { decision, note, reviewed_at, reviewed_by, proposed_by, proposed_at, proposal_note, automatic } = review;
    const optional = { decided_by: reviewed_by, proposed_by, proposed_at, proposal_note };
    return {
      status: 'decided' as const,
      decision,
      note,
      decided_at: reviewed_at,
      ...Object.fromEntries(Object.entries(optional).filter(([, v]) => v !== undefined)),
      automatic: automatic ?? null,
    };
  }
  const proposal = run.review_proposal;
  if (proposal) return { status: 'awaiting_confirmation' as const, ...proposal };
  return null;
}

export function runSummaryView(run: RunDoc) {
  return {
    run_id: run.run_id,
    template_id: run.template_id,
    status: run.status,
    decision: run.decision,
    risk_band: run.risk_band,
    subject_type: run.subject_type,
    external_id: run.external_id,
    metadata: run.metadata,
    created_at: run.created_at,
    completed_at: run.completed_at,
  };
}

export function analysisView(run: RunDoc, now: Date) {
  return {
    meta: { schema_version: ANALYSIS_SCHEMA_VERSION, generated_at: now.toISOString(), run_id: run.run_id, external_id: run.external_id },
    metadata: Object.keys(run.metadata).length > 0 ? run.metadata : null,
    analysis: buildAnalysis(runFacts(run)),
    livemode: livemodeOf(run),
  };
}

export function detailView(run: RunDoc) {
  return { run_id: run.run_id, sources: buildDetail(runFacts(run)), livemode: livemodeOf(run) };
}
