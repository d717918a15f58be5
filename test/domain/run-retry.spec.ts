import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { SOURCES, type SourceId } from '../../src/domain/run/catalog.js';
import { runDecider, type RunCommand, type RunState } from '../../src/domain/run/decider.js';
import { splitTexts, type RecordedAnswer } from '../../src/domain/run/evaluate.js';
import type { RunEvent, RunQueuedData } from '../../src/domain/run/events.js';
import { REFERENCE_PF } from '../../src/domain/template/reference.js';
import { spec } from '../helpers/decider-spec.js';

const NOW = '2026-11-22T12:00:00.000Z';
const LATER = '2026-11-22T12:05:00.000Z';

const queued: RunQueuedData = {
  run_id: 'r1', tenant_id: 't1', environment: 'live', template: { template_id: 'tpl', version: 1, definition: REFERENCE_PF },
  subject: { type: 'pf', doc: '00000000191', name: 'Maria' }, subject_type: 'pf', subject_ref: 'subj_x', external_id: null, metadata: {},
  webhook_url: null, customer_id: 'c1', estimated_seconds: 12, reserved_credits: 10, created_at: NOW,
};

function answer(source: SourceId, tier: 1 | 2 | 3, status: 'ANSWERED' | 'ERROR' = 'ANSWERED'): RecordedAnswer {
  return {
    source_id: source, tier, status,
    checks: status === 'ERROR' ? [] : SOURCES[source].checks.map((c) => ({ check_id: c.id, status: 'VALID' as const, result_code: 'ok', result_label: 'ok' })),
    data: {}, error_code: status === 'ERROR' ? 'source_unavailable' : null, error_message: status === 'ERROR' ? 'down' : null,
    cached: false, duration_ms: 5, cost: status === 'ERROR' ? 0 : SOURCES[source].cost,
  };
}

/** The events of a run that ended partial (on hold): receita_cpf (tier 1) and negative_media failed. */
function heldRun(): RunEvent[] {
  let events: RunEvent[] = [{ type: 'RunQueued', data: queued }, { type: 'RunStarted', data: { run_id: 'r1', customer_id: 'c1', started_at: NOW } }];
  const failing = new Set(['receita_cpf', 'negative_media']);
  const answers = REFERENCE_PF.sources.map((s) => answer(s.source_id as SourceId, s.tier, failing.has(s.source_id) ? 'ERROR' : 'ANSWERED'));
  const state = events.reduce(runDecider.evolve, runDecider.initialState);
  const decided = runDecider.decide({ type: 'RecordSourceAnswers', answers, now: NOW }, state);
  if (E.isLeft(decided)) throw new Error(decided.left.code);
  events = [...events, ...decided.right];
  return events;
}

const retry = (sources?: string[]): RunCommand => ({ type: 'RetrySources', sources, charge_id: 'r1:retry:1', reserved_credits: 7, now: LATER });
const retried = (sources: string[]): RunEvent => ({
  type: 'RunSourcesRetried',
  data: { run_id: 'r1', tenant_id: 't1', customer_id: 'c1', sources, charge_id: 'r1:retry:1', reserved_credits: 7, requested_at: LATER },
});
const stateOf = (events: RunEvent[]) => events.reduce(runDecider.evolve, runDecider.initialState) as Exclude<RunState, { status: 'none' }>;

describe('run decider: a held run retries its failed sources (issue 28)', () => {
  const run = spec(runDecider);

  it('the held run is partial with operative decision hold', () => {
    const last = heldRun().at(-1)!;
    expect(last.type).to.equal('RunCompleted');
    expect(last.data).to.include({ status: 'partial', operative_decision: 'hold' });
  });

  it('retries every failed source, or only the ones named', () => {
    run.given(heldRun()).when(retry()).then([retried(['receita_cpf', 'negative_media'])]);
    run.given(heldRun()).when(retry(['negative_media'])).then([retried(['negative_media'])]);
  });

  it('refuses a source that did not fail (400), and a run that is not partial, a second retry in progress, or one with an analyst proposal (409)', () => {
    run.given(heldRun()).when(retry(['sanctions'])).thenError('invalid_request');
    run.given(heldRun().slice(0, 2)).when(retry()).thenError('invalid_run_state');
    run.given([...heldRun(), retried(['receita_cpf'])]).when(retry()).thenError('invalid_run_state');
    const proposed: RunEvent = { type: 'RunReviewProposed', data: { run_id: 'r1', tenant_id: 't1', decision: 'approved', note: 'ok', proposed_by: 'user:u1', proposed_at: LATER } };
    run.given([...heldRun(), proposed]).when(retry()).thenError('invalid_run_state');
    run.given([]).when(retry()).thenError('run_not_found');
  });

  it('running again for those sources only: their new answers replace the ERROR ones, and a new RunCompleted over all answers', () => {
    const events = [...heldRun(), retried(['receita_cpf', 'negative_media'])];
    const state = stateOf(events);
    expect(state.status).to.equal('running');
    expect(Object.keys(state.answers).sort()).to.deep.equal(['legal_proceedings', 'pep', 'sanctions']);
    expect(state.retry).to.deep.equal({ count: 1, sources: ['receita_cpf', 'negative_media'], charge_id: 'r1:retry:1', reserved_credits: 7 });
    const decided = runDecider.decide({ type: 'RecordSourceAnswers', answers: [answer('receita_cpf', 1), answer('negative_media', 3)], now: LATER }, state);
    if (E.isLeft(decided)) throw new Error(decided.left.code);
    expect(decided.right.map((e) => e.type)).to.deep.equal(['SourceAnswered', 'SourceAnswered', 'RunCompleted']);
    const completed = decided.right[2]!;
    expect(completed.data).to.include({ status: 'completed', decision: 'approved', operative_decision: 'approved', completed_at: LATER });
    expect((completed.data as { checks_summary: { error: number } }).checks_summary.error).to.equal(0);
  });

  it('a source failing again leaves the run partial, retryable again', () => {
    const events = [...heldRun(), retried(['receita_cpf'])];
    const decided = runDecider.decide({ type: 'RecordSourceAnswers', answers: [answer('receita_cpf', 1, 'ERROR')], now: LATER }, stateOf(events));
    if (E.isLeft(decided)) throw new Error(decided.left.code);
    const after = [...events, ...decided.right];
    expect(after.at(-1)!.data).to.include({ status: 'partial', operative_decision: 'hold' });
    const second = retried(['receita_cpf', 'negative_media']);
    run.given(after).when({ ...retry(), charge_id: 'r1:retry:2' } as RunCommand).then([{ ...second, data: { ...second.data, charge_id: 'r1:retry:2' } } as RunEvent]);
    expect(stateOf(after).retry?.count).to.equal(1);
  });

  it('answers recorded while running are kept in the answered event as usual', () => {
    const events = [...heldRun(), retried(['negative_media'])];
    const decided = runDecider.decide({ type: 'RecordSourceAnswers', answers: [answer('negative_media', 3)], now: LATER }, stateOf(events));
    if (E.isLeft(decided)) throw new Error(decided.left.code);
    expect(decided.right[0]).to.deep.equal({ type: 'SourceAnswered', data: { run_id: 'r1', subject_ref: 'subj_x', ...splitTexts(answer('negative_media', 3)), answered_at: LATER } });
    // receita_cpf still failed (tier 1): the run is partial on hold again
    expect(decided.right[1]!.data).to.include({ status: 'partial', operative_decision: 'hold' });
  });
});
