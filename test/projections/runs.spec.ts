import type { RunQueuedData } from '../../src/domain/run/events.js';
import { REFERENCE_PF } from '../../src/domain/template/reference.js';
import { runsProjection, type RunDoc } from '../../src/projections/runs.js';
import { eventLog, projectionSpec } from '../helpers/projection-spec.js';

const T0 = '2026-11-22T12:00:00.000Z';
const T1 = '2026-11-22T12:01:00.000Z';
const T2 = '2026-11-22T12:02:00.000Z';
const T3 = '2026-11-22T12:03:00.000Z';

const queued: RunQueuedData = {
  run_id: 'r1',
  tenant_id: 't1',
  environment: 'live',
  template: { template_id: 'tpl', version: 2, definition: REFERENCE_PF },
  subject: { type: 'pf', doc: '00000000191', name: 'Maria da Silva' },
  subject_type: 'pf',
  subject_ref: 'subj_x',
  external_id: 'ext-1',
  metadata: { k: 'v' },
  webhook_url: null,
  customer_id: 'c1',
  estimated_seconds: 12,
  reserved_credits: 8,
  created_at: T0,
};
const queuedDoc: RunDoc = {
  run_id: 'r1',
  tenant_id: 't1',
  environment: 'live',
  template_id: 'tpl',
  template_version: 2,
  template_name: 'PF padrão',
  template: REFERENCE_PF,
  subject_type: 'pf',
  subject_ref: 'subj_x',
  customer_id: 'c1',
  external_id: 'ext-1',
  metadata: { k: 'v' },
  status: 'queued',
  decision: null,
  operative_decision: null,
  risk_band: null,
  manual_review: false,
  summary_message: 'Consulta na fila.',
  checks_summary: null,
  estimated_seconds: 12,
  answers: {},
  abandoned: [],
  review: null,
  review_proposal: null,
  created_at: T0,
  started_at: null,
  completed_at: null,
};
const runningDoc: RunDoc = { ...queuedDoc, status: 'running', started_at: T1, summary_message: 'Consulta em execução.' };

/** The fields every terminal run event carries (decider's `result`). */
const result = {
  run_id: 'r1',
  tenant_id: 't1',
  environment: 'live',
  subject_type: 'pf',
  template_id: 'tpl',
  customer_id: 'c1',
  external_id: 'ext-1',
  metadata: { k: 'v' },
  webhook_url: null,
  checks_summary: { total: 2, valid: 1, invalid: 1, no_data: 0, error: 0 },
  created_at: T0,
  completed_at: T2,
};

const pepAnswer = {
  run_id: 'r1',
  subject_ref: 'subj_x',
  source_id: 'pep',
  tier: 2,
  status: 'ANSWERED',
  checks: [{ check_id: 'is_pep', status: 'INVALID', result_code: 'pep', result_label: 'PEP', severity: 'high' }],
  check_texts: { is_pep: { title: 'Pessoa politicamente exposta', detail: 'Cargo X' } },
  data: { cargo: 'X' },
  error_code: null,
  error_message: null,
  cached: false,
  duration_ms: 40,
  cost: 2,
  answered_at: T1,
};
/** As the run documents keep it: texts merged into their checks. */
const pepRecorded = {
  source_id: 'pep',
  tier: 2,
  status: 'ANSWERED',
  checks: [{ check_id: 'is_pep', status: 'INVALID', result_code: 'pep', result_label: 'PEP', severity: 'high', title: 'Pessoa politicamente exposta', detail: 'Cargo X' }],
  data: { cargo: 'X' },
  error_code: null,
  error_message: null,
  cached: false,
  duration_ms: 40,
  cost: 2,
  answered_at: T1,
};

describe('runs projection', () => {
  const runs = projectionSpec(runsProjection);

  it('a queued run, then running', () => {
    const at = eventLog();
    runs.given([at('run-r1', 'RunQueued', queued)]).then({ r1: queuedDoc }).andReplayChangesNothing();
    runs
      .given([at('run-r1', 'RunQueued', queued), at('run-r1', 'RunStarted', { run_id: 'r1', customer_id: 'c1', started_at: T1 })])
      .then({ r1: runningDoc })
      .andReplayChangesNothing();
  });

  it('answers are kept with their texts merged into the checks; the completed run takes the outcome', () => {
    const at = eventLog();
    const events = [
      at('run-r1', 'RunQueued', queued),
      at('run-r1', 'RunStarted', { run_id: 'r1', customer_id: 'c1', started_at: T1 }),
      at('run-r1', 'SourceAnswered', pepAnswer),
      at('run-r1', 'RunCompleted', {
        ...result,
        status: 'pending_review',
        decision: 'review',
        operative_decision: 'review',
        risk_band: 'medio',
        manual_review: true,
        summary_message: 'Revisão manual.',
        abandoned: ['negative_media'],
        cost: 2,
      }),
    ];
    const pending: RunDoc = {
      ...runningDoc,
      answers: { pep: pepRecorded as RunDoc['answers'][string] },
      status: 'pending_review',
      decision: 'review',
      operative_decision: 'review',
      risk_band: 'medio',
      manual_review: true,
      summary_message: 'Revisão manual.',
      checks_summary: result.checks_summary,
      abandoned: ['negative_media'],
      completed_at: T2,
    };
    const completed = runs.given(events).then({ r1: pending }).andReplayChangesNothing();
    // the analyst's review ends it completed with the decision
    runs
      .given([at('run-r1', 'RunReviewed', { ...result, completed_at: T3, decision: 'rejected', note: 'PEP', risk_band: 'medio', reviewed_at: T3 })], completed.documents)
      .then({
        r1: {
          ...pending,
          status: 'completed',
          decision: 'rejected',
          operative_decision: 'rejected',
          manual_review: false,
          summary_message: 'Decisão do analista: reprovado.',
          review: { decision: 'rejected', note: 'PEP', reviewed_at: T3 },
          completed_at: T3,
        },
      })
      .andReplayChangesNothing(events);
  });

  it('a failed run has no decision; a cancelled one is cancelado', () => {
    const at = eventLog();
    const start = [at('run-r1', 'RunQueued', queued), at('run-r1', 'RunStarted', { run_id: 'r1', customer_id: 'c1', started_at: T1 })];
    runs
      .given([...start, at('run-r1', 'RunFailed', { ...result, checks_summary: { total: 2, valid: 0, invalid: 0, no_data: 0, error: 2 }, reason: 'all_sources_failed', summary_message: 'Falha.', cost: 0 })])
      .then({ r1: { ...runningDoc, status: 'failed', summary_message: 'Falha.', checks_summary: { total: 2, valid: 0, invalid: 0, no_data: 0, error: 2 }, completed_at: T2 } });
    runs
      .given([...start, at('run-r1', 'RunCancelled', { run_id: 'r1', customer_id: 'c1', cancelled_at: T3 })])
      .then({ r1: { ...runningDoc, status: 'cancelado', summary_message: 'Consulta cancelada.', completed_at: T3 } })
      .andReplayChangesNothing();
  });

  it("an erasure removes the sources' data and the findings' texts, and keeps the outcomes", () => {
    const at = eventLog();
    const before = runs.given([at('run-r1', 'RunQueued', queued), at('run-r1', 'RunStarted', { run_id: 'r1', customer_id: 'c1', started_at: T1 }), at('run-r1', 'SourceAnswered', pepAnswer)]);
    const { title: _t, detail: _d, ...bareCheck } = pepRecorded.checks[0]!;
    runs
      .given([at('erasure-k', 'SubjectErased', { erasure_id: 'e1', tenant_id: 't1', subject_refs: ['subj_x'], customer_ids: ['c1'], run_ids: ['r1'], erased_at: T3 })], before.documents)
      .then({ r1: { ...runningDoc, answers: { pep: { ...pepRecorded, checks: [bareCheck], data: {} } as RunDoc['answers'][string] } } })
      .andReplayChangesNothing();
  });

  it('events of a run never queued make no document', () => {
    const at = eventLog();
    runs.given([at('run-r1', 'RunStarted', { run_id: 'r1', customer_id: null, started_at: T1 })]).then({ r1: null });
  });
});
