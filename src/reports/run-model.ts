import type { StoredEvent } from '../adapters/event-store/event-log.js';
import { buildAnalysis, buildDetail } from '../domain/run/analysis.js';
import { sourceSpec, type RecordedAnswer } from '../domain/run/evaluate.js';
import type { ReportMode } from '../domain/report/events.js';
import { RunQueued } from '../domain/run/events.js';
import { isEventOf } from '../domain/shared/events.js';
import { ERASED } from '../domain/shared/personal.js';
import { historyDigest } from '../domain/report/history.js';
import type { TemplateDefinition } from '../domain/template/events.js';
import type { AlertDoc } from '../projections/monitoring-alerts.js';
import { runFacts, runsProjection, type RunDoc } from '../projections/runs.js';

/** Everything a run report shows, computed from the run's stored events and nothing else. */
export interface RunReportModel {
  mode: ReportMode;
  generated_at: string;
  run: RunDoc;
  template: { template_id: string; version: number; definition: TemplateDefinition };
  subject: { type: 'pf' | 'pj'; doc: string | null; name: string | null; erased: boolean };
  analysis: ReturnType<typeof buildAnalysis>;
  detail: ReturnType<typeof buildDetail>;
  history: {
    stream: string;
    events: readonly StoredEvent[];
    last_revision: number;
    sha256: string;
  };
  /** the analysts the review names (user id -> e-mail), when the caller looked them up */
  analysts?: Readonly<Record<string, string>>;
  /** the run's customer's monitoring alerts (issue 29), when the caller read its stream (the `completo` report) */
  monitoring_alerts?: readonly AlertDoc[];
}

/**
 * Folds the run stream with the same projection the API reads, then derives the analysis and
 * the detail exactly as GET analysis and GET detail do. Personal data read back erased (after
 * a crypto-shredding) is shown as such, never guessed.
 */
export function buildRunReportModel(history: readonly StoredEvent[], mode: ReportMode, generatedAt: string, analysts: Readonly<Record<string, string>> = {}): RunReportModel {
  const ordered = [...history].sort((a, b) => a.revision - b.revision);
  const first = ordered[0];
  if (!first || !isEventOf(RunQueued)(first)) throw new Error('a run report needs the run stream from RunQueued on');
  let doc: RunDoc | null = null;
  for (const event of ordered) doc = runsProjection.evolve(doc, event, first.data.run_id);
  if (!doc) throw new Error('the run stream folds to nothing');
  const run = sanitize(doc);
  const queued = first.data;
  const subject = queued.subject === ERASED ? null : queued.subject;
  const facts = runFacts(run);
  return {
    mode,
    generated_at: generatedAt,
    run,
    template: queued.template,
    subject: {
      type: run.subject_type,
      doc: typeof subject?.['doc'] === 'string' ? subject['doc'] : null,
      name: typeof subject?.['name'] === 'string' ? subject['name'] : null,
      erased: subject === null,
    },
    analysis: buildAnalysis(facts),
    detail: buildDetail(facts),
    history: { stream: first.stream, events: ordered, last_revision: ordered[ordered.length - 1]!.revision, sha256: historyDigest(ordered) },
    analysts,
  };
}

/** Answers whose sealed fields read back erased carry no data and no check texts. */
function sanitize(doc: RunDoc): RunDoc {
  const answers: Record<string, RecordedAnswer & { answered_at: string }> = {};
  for (const [id, answer] of Object.entries(doc.answers)) {
    answers[id] = {
      ...answer,
      data: typeof answer.data === 'object' && answer.data !== null && !Array.isArray(answer.data) ? answer.data : {},
      checks: Array.isArray(answer.checks) ? answer.checks : [],
    };
  }
  return { ...doc, answers };
}

/**
 * The risk dimensions some answered source scored. A dimension whose every source failed or was
 * never asked (a failed or blocked run) has no score: it reads "sem avaliação", never a green
 * "Baixo" it was not measured to be.
 */
export function assessedDimensions(run: Pick<RunDoc, 'answers'>): Set<string> {
  const assessed = new Set<string>();
  for (const answer of Object.values(run.answers)) {
    const spec = sourceSpec(answer.source_id);
    if (spec && answer.status === 'ANSWERED') assessed.add(spec.dimension);
  }
  return assessed;
}
