import type { ReadStore } from '../adapters/read-store/port.js';
import { SubjectErased } from '../domain/erasure/events.js';
import { readableAnswer, type RecordedAnswer } from '../domain/run/evaluate.js';
import { RunEvent, type RunReviewedData } from '../domain/run/events.js';
import { isEventOf } from '../domain/shared/events.js';
import type { AutomaticOutcome, RunStatus } from '../domain/run/decider.js';
import type { TemplateDefinition } from '../domain/template/events.js';
import type { RunFacts } from '../domain/run/analysis.js';
import type { Projection } from './projector.js';

export interface RunDoc extends Record<string, unknown> {
  run_id: string;
  tenant_id: string;
  environment: 'live' | 'sandbox';
  template_id: string;
  template_version: number;
  template_name: string;
  template: TemplateDefinition;
  subject_type: 'pf' | 'pj';
  subject_ref: string;
  customer_id: string | null;
  external_id: string | null;
  metadata: Record<string, string>;
  status: RunStatus;
  decision: string | null;
  operative_decision: string | null;
  risk_band: string | null;
  manual_review: boolean;
  summary_message: string;
  checks_summary: { total: number; valid: number; invalid: number; no_data: number; error: number } | null;
  estimated_seconds: number;
  answers: Record<string, RecordedAnswer & { answered_at: string }>;
  abandoned: string[];
  review: {
    decision: string;
    note: string;
    reviewed_at: string;
    reviewed_by?: string;
    proposed_by?: string;
    proposed_at?: string;
    proposal_note?: string;
    /** the engine's outcome the analyst's decision replaced (absent on reviews before it was kept) */
    automatic?: AutomaticOutcome;
  } | null;
  /** four-eyes: a decision awaiting a second analyst (absent on documents written before it existed) */
  review_proposal?: { decision: string; note: string; proposed_by: string; proposed_at: string } | null;
  created_at: string;
  started_at: string | null;
  completed_at: string | null;
}

const isRunEvent = isEventOf(RunEvent);
const isErased = isEventOf(SubjectErased);

/** Runs as GET run, the run list, analysis and detail read them. */
export const runsProjection: Projection<RunDoc> = {
  name: 'runs',
  collection: 'runs',
  indexes: [
    { fields: ['tenant_id', 'environment', 'status'] },
    { fields: ['tenant_id', 'environment', 'external_id'] },
    { fields: ['tenant_id', 'environment', 'template_id'] },
    { fields: ['status'] },
    // every list query reads its page from an index in order (test/projections/list-query-plans.spec.ts):
    // the API's list (tenant and environment), the dashboard's (any environment), a document's runs, a customer's
    { fields: ['tenant_id', 'environment'] },
    { fields: ['tenant_id'] },
    { fields: ['subject_ref'] },
    { fields: ['customer_id'] },
  ],
  documentIds: (event) => (isErased(event) ? event.data.run_ids : isRunEvent(event) ? [event.data.run_id] : []),
  evolve(doc, event) {
    if (isErased(event)) return doc && scrub(doc);
    if (!isRunEvent(event)) return doc;
    if (event.type === 'RunQueued') return queuedRun(event.data);
    return doc && applied(doc, event);
  },
};

type QueuedData = Extract<RunEvent, { type: 'RunQueued' }>['data'];

/** The document of a run just queued. */
function queuedRun(run: QueuedData): RunDoc {
  return {
    run_id: run.run_id,
    tenant_id: run.tenant_id,
    environment: run.environment,
    template_id: run.template.template_id,
    template_version: run.template.version,
    template_name: run.template.definition.name,
    template: run.template.definition,
    subject_type: run.subject_type,
    subject_ref: run.subject_ref,
    customer_id: run.customer_id,
    external_id: run.external_id,
    metadata: run.metadata,
    status: 'queued',
    decision: null,
    operative_decision: null,
    risk_band: null,
    manual_review: false,
    summary_message: 'Consulta na fila.',
    checks_summary: null,
    estimated_seconds: run.estimated_seconds,
    answers: {},
    abandoned: [],
    review: null,
    review_proposal: null,
    created_at: run.created_at,
    started_at: null,
    completed_at: null,
  };
}

/** A later event of the run on its document. */
function applied(doc: RunDoc, event: RunEvent): RunDoc {
  switch (event.type) {
    case 'RunStarted':
      return { ...doc, status: 'running', started_at: event.data.started_at, summary_message: 'Consulta em execução.' };
    case 'SourceAnswered': {
      const { run_id: _r, subject_ref: _s, ...answer } = event.data;
      return { ...doc, answers: { ...doc.answers, [answer.source_id]: readableAnswer(answer) } };
    }
    case 'RunCompleted':
      return {
        ...doc,
        status: event.data.status,
        decision: event.data.decision,
        operative_decision: event.data.operative_decision,
        risk_band: event.data.risk_band,
        manual_review: event.data.manual_review,
        summary_message: event.data.summary_message,
        checks_summary: event.data.checks_summary,
        abandoned: event.data.abandoned,
        completed_at: event.data.completed_at,
      };
    case 'RunFailed':
      return {
        ...doc,
        status: 'failed',
        decision: null,
        operative_decision: null,
        risk_band: null,
        manual_review: false,
        summary_message: event.data.summary_message,
        checks_summary: event.data.checks_summary,
        completed_at: event.data.completed_at,
      };
    case 'RunCancelled':
      return { ...doc, status: 'cancelado', summary_message: 'Consulta cancelada.', completed_at: event.data.cancelled_at };
    case 'RunReviewed':
      return {
        ...doc,
        status: 'completed',
        decision: event.data.decision,
        operative_decision: event.data.decision,
        manual_review: false,
        summary_message: `Decisão do analista: ${event.data.decision === 'approved' ? 'aprovado' : 'reprovado'}.`,
        review: reviewOf(event.data),
        review_proposal: null,
        completed_at: event.data.reviewed_at,
      };
    case 'RunReviewProposed': {
      const { decision, note, proposed_by, proposed_at } = event.data;
      return { ...doc, review_proposal: { decision, note, proposed_by, proposed_at } };
    }
    case 'RunSourcesRetried': {
      // running again for the failed sources only: their ERROR answers give way to the new ones
      const answers = Object.fromEntries(Object.entries(doc.answers).filter(([id]) => !event.data.sources.includes(id)));
      return { ...doc, status: 'running', decision: null, operative_decision: null, manual_review: false, answers, summary_message: 'Repetindo as fontes com falha.', completed_at: null };
    }
    default:
      return doc;
  }
}

/** The analyst's decision as the run document keeps it (optional parts only when the event has them). */
function reviewOf(data: RunReviewedData): NonNullable<RunDoc['review']> {
  const { decision, note, reviewed_at, reviewed_by, proposed_by, proposed_at, proposal_note, automatic } = data;
  const optional = { reviewed_by, proposed_by, proposed_at, proposal_note, automatic };
  return { decision, note, reviewed_at, ...Object.fromEntries(Object.entries(optional).filter(([, v]) => v !== undefined)) };
}

/** After an erasure: the sources' data about the subject and the findings' texts go; outcomes stay. */
function scrub(doc: RunDoc): RunDoc {
  const answers = Object.fromEntries(
    Object.entries(doc.answers).map(([id, a]) => [id, { ...a, data: {}, checks: a.checks.map(({ title: _t, detail: _d, ...check }) => check) }]),
  );
  return { ...doc, answers };
}

/** What the analysis, the detail and the reports are built from. */
export const runFacts = (run: RunDoc): RunFacts => ({
  template: run.template,
  subject_type: run.subject_type,
  answers: run.answers,
  abandoned: run.abandoned,
  decision: run.decision,
  operative_decision: run.operative_decision,
  completed_at: run.completed_at,
});

export const getRun = async (store: ReadStore, runId: string): Promise<RunDoc | null> => (await store.get<RunDoc>('runs', runId))?.doc ?? null;
