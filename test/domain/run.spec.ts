import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import type { CheckAnswer } from '../../src/domain/run/answers.js';
import { SOURCES, type SourceId } from '../../src/domain/run/catalog.js';
import { runDecider, type RunCommand } from '../../src/domain/run/decider.js';
import { evaluate, splitTexts, type RecordedAnswer } from '../../src/domain/run/evaluate.js';
import type { RunEvent, RunQueuedData } from '../../src/domain/run/events.js';
import { REFERENCE_PF, REFERENCE_PJ } from '../../src/domain/template/reference.js';
import type { TemplateDefinition } from '../../src/domain/template/events.js';
import { spec } from '../helpers/decider-spec.js';

const NOW = '2026-11-22T12:00:00.000Z';

function queued(definition: TemplateDefinition = REFERENCE_PF): RunQueuedData {
  return {
    run_id: 'r1',
    tenant_id: 't1',
    environment: 'sandbox',
    template: { template_id: 'tpl', version: 1, definition },
    subject: { type: definition.subject_type, doc: '00000000191', name: 'Maria' },
    subject_type: definition.subject_type,
    subject_ref: 'subj_x',
    external_id: 'ext-1',
    metadata: { k: 'v' },
    webhook_url: null,
    customer_id: null,
    estimated_seconds: 12,
    reserved_credits: 0,
    created_at: NOW,
  };
}

/** An answer of a source: every check VALID unless overridden. */
function answer(source: SourceId, tier: 1 | 2 | 3, overrides: Partial<Record<string, Partial<CheckAnswer>>> = {}, status: 'ANSWERED' | 'ERROR' = 'ANSWERED'): RecordedAnswer {
  return {
    source_id: source,
    tier,
    status,
    checks:
      status === 'ERROR'
        ? []
        : SOURCES[source].checks.map((c) => ({ check_id: c.id, status: 'VALID' as const, result_code: 'ok', result_label: 'ok', ...overrides[c.id] })),
    data: {},
    error_code: status === 'ERROR' ? 'source_unavailable' : null,
    error_message: status === 'ERROR' ? 'down' : null,
    cached: false,
    duration_ms: 5,
    cost: status === 'ERROR' ? 0 : SOURCES[source].cost,
  };
}

const invalid = (severity: CheckAnswer['severity']): Partial<CheckAnswer> => ({ status: 'INVALID', result_code: 'hit', result_label: 'hit', severity });
const started: RunEvent = { type: 'RunStarted', data: { run_id: 'r1', customer_id: null, started_at: NOW } };
const record = (...answers: RecordedAnswer[]): RunCommand => ({ type: 'RecordSourceAnswers', answers, now: NOW });
const answered = (a: RecordedAnswer): RunEvent => ({ type: 'SourceAnswered', data: { run_id: 'r1', subject_ref: 'subj_x', ...splitTexts(a), answered_at: NOW } });

function pfAnswers(overrides: Partial<Record<SourceId, RecordedAnswer>> = {}): RecordedAnswer[] {
  return REFERENCE_PF.sources.map((s) => overrides[s.source_id as SourceId] ?? answer(s.source_id as SourceId, s.tier));
}

/** Feeds every answer through the decider and returns the final event. */
function finish(answers: RecordedAnswer[], definition = REFERENCE_PF): RunEvent {
  let events: RunEvent[] = [{ type: 'RunQueued', data: queued(definition) }, started];
  for (const a of answers) {
    const state = events.reduce(runDecider.evolve, runDecider.initialState);
    const decided = runDecider.decide(record(a), state);
    if (E.isLeft(decided)) throw new Error(decided.left.code);
    events = [...events, ...decided.right];
  }
  return events[events.length - 1]!;
}

describe('run decider', () => {
  const run = spec(runDecider);

  it('queues once and starts once', () => {
    run.given([]).when({ type: 'QueueRun', run: queued() }).then([{ type: 'RunQueued', data: queued() }]);
    run.given([{ type: 'RunQueued', data: queued() }]).when({ type: 'QueueRun', run: queued() }).thenNothing();
    run.given([{ type: 'RunQueued', data: queued() }]).when({ type: 'StartRun', now: NOW }).then([started]);
    run.given([{ type: 'RunQueued', data: queued() }, started]).when({ type: 'StartRun', now: NOW }).thenNothing();
  });

  it('records an answer once; a repeated answer or a source outside the template changes nothing', () => {
    const receita = answer('receita_cpf', 1);
    run.given([{ type: 'RunQueued', data: queued() }, started]).when(record(receita)).then([answered(receita)]);
    run.given([{ type: 'RunQueued', data: queued() }, started, answered(receita)]).when(record(receita)).thenNothing();
    run.given([{ type: 'RunQueued', data: queued() }, started]).when(record(answer('partners', 2))).thenNothing();
    run.given([{ type: 'RunQueued', data: queued() }]).when(record(receita)).thenNothing();
  });

  it('all VALID: completed, approved, baixo, and the event carries the webhook fields', () => {
    const last = finish(pfAnswers());
    expect(last.type).to.equal('RunCompleted');
    expect(last.data).to.deep.include({
      status: 'completed',
      decision: 'approved',
      operative_decision: 'approved',
      risk_band: 'baixo',
      manual_review: false,
      subject_type: 'pf',
      template_id: 'tpl',
      external_id: 'ext-1',
      metadata: { k: 'v' },
      created_at: NOW,
      completed_at: NOW,
      cost: 8,
    });
    expect((last.data as { checks_summary: unknown }).checks_summary).to.deep.equal({ total: 8, valid: 8, invalid: 0, no_data: 0, error: 0 });
  });

  it('a block hit ends the run at once: blocked, rejected, no risk band, remaining sources abandoned', () => {
    const sanctions = answer('sanctions', 1, { sanctions_hit: invalid('critical') });
    const decided = runDecider.decide(record(sanctions), [{ type: 'RunQueued', data: queued() } as RunEvent, started].reduce(runDecider.evolve, runDecider.initialState));
    if (E.isLeft(decided)) expect.fail();
    const [, completed] = decided.right;
    expect(completed!.type).to.equal('RunCompleted');
    expect(completed!.data).to.deep.include({ status: 'blocked', decision: 'rejected', operative_decision: 'rejected', risk_band: null, manual_review: false });
    expect((completed!.data as { abandoned: string[] }).abandoned).to.have.members(['receita_cpf', 'pep', 'legal_proceedings', 'negative_media']);
    expect((completed!.data as { checks_summary: { invalid: number; no_data: number; total: number } }).checks_summary).to.deep.include({ invalid: 1, no_data: 7, total: 8 });
    const after = [{ type: 'RunQueued', data: queued() } as RunEvent, started, ...decided.right];
    run.given(after).when(record(answer('pep', 2))).thenNothing();
  });

  it('an INVALID without a rule acts by tier: tier 1 blocks, tier 2 pends, tier 3 informs', () => {
    const tier1 = finish(pfAnswers({ receita_cpf: answer('receita_cpf', 1, { not_deceased: invalid('high') }) }));
    expect(tier1.data).to.deep.include({ status: 'blocked' });
    const tier2 = finish(pfAnswers({ pep: answer('pep', 2, { is_pep: invalid('high') }) }));
    expect(tier2.data).to.deep.include({ status: 'pending_review', decision: 'review', manual_review: true, risk_band: 'medio' });
    const tier3 = finish(pfAnswers({ negative_media: answer('negative_media', 3, { adverse_media: invalid('high') }) }));
    expect(tier3.data).to.deep.include({ status: 'completed', decision: 'approved', risk_band: 'medio' });
  });

  it('a template rule overrides the tier: review gives completed/review, info gives approved', () => {
    const pj = REFERENCE_PJ.sources.map((s) =>
      s.source_id === 'legal_proceedings' ? answer('legal_proceedings', 2, { civil_proceedings: invalid('critical') }) : answer(s.source_id as SourceId, s.tier),
    );
    expect(finish(pj, REFERENCE_PJ).data).to.deep.include({ status: 'completed', decision: 'review', risk_band: 'alto', manual_review: false });
    const pfCivil = finish(pfAnswers({ legal_proceedings: answer('legal_proceedings', 2, { civil_proceedings: invalid('medium') }) }));
    expect(pfCivil.data).to.deep.include({ status: 'completed', decision: 'approved', risk_band: 'baixo' });
  });

  it('some ERROR: partial, decided on what answered; a tier-1 ERROR holds the operative decision', () => {
    const tier2Error = finish(pfAnswers({ legal_proceedings: answer('legal_proceedings', 2, {}, 'ERROR') }));
    expect(tier2Error.data).to.deep.include({ status: 'partial', decision: 'approved', operative_decision: 'approved' });
    const tier1Error = finish(pfAnswers({ receita_cpf: answer('receita_cpf', 1, {}, 'ERROR') }));
    expect(tier1Error.data).to.deep.include({ status: 'partial', decision: 'approved', operative_decision: 'hold' });
    const withPend = finish(pfAnswers({ receita_cpf: answer('receita_cpf', 1, {}, 'ERROR'), pep: answer('pep', 2, { is_pep: invalid('high') }) }));
    expect(withPend.data).to.deep.include({ status: 'partial', decision: 'review', manual_review: true });
  });

  it('every source ERROR: failed, no decision, no cost', () => {
    const failed = finish(REFERENCE_PF.sources.map((s) => answer(s.source_id as SourceId, s.tier, {}, 'ERROR')));
    expect(failed.type).to.equal('RunFailed');
    expect(failed.data).to.deep.include({ reason: 'all_sources_failed', cost: 0 });
    expect((failed.data as { checks_summary: { error: number; total: number } }).checks_summary).to.deep.include({ error: 8, total: 8 });
  });

  it('NO_DATA is not negative: completed, approved', () => {
    const noData = answer('receita_cpf', 1, Object.fromEntries(SOURCES.receita_cpf.checks.map((c) => [c.id, { status: 'NO_DATA' as const }])));
    expect(finish(pfAnswers({ receita_cpf: noData })).data).to.deep.include({ status: 'completed', decision: 'approved' });
  });

  it('risk adds severity weights per dimension, capped at 100, banded by the thresholds', () => {
    const two = answer('legal_proceedings', 2, { criminal_proceedings: invalid('critical'), civil_proceedings: invalid('critical') });
    expect(evaluate(REFERENCE_PF, Object.fromEntries(pfAnswers({ legal_proceedings: two }).map((a) => [a.source_id, a]))).risk_band).to.equal('alto');
    const low = answer('negative_media', 3, { adverse_media: invalid('low') });
    expect(evaluate(REFERENCE_PF, Object.fromEntries(pfAnswers({ negative_media: low }).map((a) => [a.source_id, a]))).risk_band).to.equal('baixo');
  });

  it('cached answers cost nothing', () => {
    const cached = { ...answer('receita_cpf', 1), cached: true, cost: 0 };
    expect(finish(pfAnswers({ receita_cpf: cached })).data).to.deep.include({ cost: 7 });
  });

  it('records answers that arrive together in one decision, stopping at the one that ends the run', () => {
    const base = [{ type: 'RunQueued', data: queued() } as RunEvent, started];
    const all = pfAnswers();
    const decided = runDecider.decide(record(...all), base.reduce(runDecider.evolve, runDecider.initialState));
    if (E.isLeft(decided)) expect.fail();
    expect(decided.right.map((e) => e.type)).to.deep.equal([...all.map(() => 'SourceAnswered'), 'RunCompleted']);
    const hit = answer('sanctions', 1, { sanctions_hit: invalid('critical') });
    const cut = runDecider.decide(record(answer('receita_cpf', 1), hit, answer('pep', 2)), base.reduce(runDecider.evolve, runDecider.initialState));
    if (E.isLeft(cut)) expect.fail();
    expect(cut.right.map((e) => e.type)).to.deep.equal(['SourceAnswered', 'SourceAnswered', 'RunCompleted']);
  });

  it('cancels only queued or running runs; a second cancel is refused like any finished run', () => {
    const q: RunEvent = { type: 'RunQueued', data: queued() };
    const cancelled: RunEvent = { type: 'RunCancelled', data: { run_id: 'r1', customer_id: null, cancelled_at: NOW } };
    run.given([q]).when({ type: 'CancelRun', now: NOW }).then([cancelled]);
    run.given([q, started]).when({ type: 'CancelRun', now: NOW }).then([cancelled]);
    run.given([q, cancelled]).when({ type: 'CancelRun', now: NOW }).thenError('invalid_run_state', (e) => expect(e.message).to.include('cancelado'));
    run.given([q, started, cancelled]).when({ type: 'CancelRun', now: NOW }).thenError('invalid_run_state');
    const done = [q, started, ...pfAnswers().map(answered), finish(pfAnswers())];
    run.given(done).when({ type: 'CancelRun', now: NOW }).thenError('invalid_run_state');
    run.given([]).when({ type: 'CancelRun', now: NOW }).thenError('run_not_found');
  });

  it("names the run's customer on RunStarted and RunCancelled, so the customer's reader can route them", () => {
    const forCustomer: RunEvent = { type: 'RunQueued', data: { ...queued(), customer_id: 'c1' } };
    run.given([forCustomer]).when({ type: 'StartRun', now: NOW }).then([{ type: 'RunStarted', data: { run_id: 'r1', customer_id: 'c1', started_at: NOW } }]);
    run.given([forCustomer]).when({ type: 'CancelRun', now: NOW }).then([{ type: 'RunCancelled', data: { run_id: 'r1', customer_id: 'c1', cancelled_at: NOW } }]);
    run.given([forCustomer, { ...started, data: { ...started.data, customer_id: 'c1' } } as RunEvent])
      .when({ type: 'CancelRun', now: NOW })
      .then([{ type: 'RunCancelled', data: { run_id: 'r1', customer_id: 'c1', cancelled_at: NOW } }]);
  });

  describe('the analyst review (decisions.md §2, §4)', () => {
    const fold = (events: readonly RunEvent[]) => events.reduce(runDecider.evolve, runDecider.initialState);
    const through = (answers: RecordedAnswer[], definition = REFERENCE_PF): RunEvent[] => {
      let events: RunEvent[] = [{ type: 'RunQueued', data: queued(definition) }, started];
      for (const a of answers) {
        const decided = runDecider.decide(record(a), fold(events));
        if (E.isLeft(decided)) throw new Error(decided.left.code);
        events = [...events, ...decided.right];
        if (decided.right.some((e) => e.type === 'RunCompleted')) break;
      }
      return events;
    };
    const pending = () => through(pfAnswers({ pep: answer('pep', 2, { is_pep: invalid('high') }) }));
    const blocked = () => through([answer('sanctions', 1, { sanctions_hit: invalid('critical') })]);
    const held = () => through(pfAnswers({ receita_cpf: answer('receita_cpf', 1, {}, 'ERROR') }));
    const partialApproved = () => through(pfAnswers({ legal_proceedings: answer('legal_proceedings', 2, {}, 'ERROR') }));
    const completedReview = () =>
      through(
        REFERENCE_PJ.sources.map((s) =>
          s.source_id === 'legal_proceedings' ? answer('legal_proceedings', 2, { civil_proceedings: invalid('critical') }) : answer(s.source_id as SourceId, s.tier),
        ),
        REFERENCE_PJ,
      );
    const approvedRun = () => through(pfAnswers());
    const failedRun = () => through(REFERENCE_PF.sources.map((s) => answer(s.source_id as SourceId, s.tier, {}, 'ERROR')));
    const review = (decision: 'approved' | 'rejected', reviewer?: string, fourEyes = true, note = 'Nota do analista'): RunCommand => ({
      type: 'ReviewRun',
      decision,
      note,
      now: NOW,
      four_eyes: fourEyes,
      ...(reviewer === undefined ? {} : { reviewer }),
    });
    const decide = (events: readonly RunEvent[], command: RunCommand) => {
      const decided = runDecider.decide(command, fold(events));
      if (E.isLeft(decided)) return expect.fail(`${decided.left.code}: ${decided.left.message}`);
      return decided.right;
    };

    it('decides a pending_review, blocked, held, partial and completed/review run: completed, the automatic outcome kept', () => {
      const cases: [string, () => RunEvent[], Record<string, unknown>][] = [
        ['pending_review', pending, { status: 'pending_review', decision: 'review', operative_decision: 'review', risk_band: 'medio', manual_review: true }],
        ['blocked', blocked, { status: 'blocked', decision: 'rejected', operative_decision: 'rejected', risk_band: null, manual_review: false }],
        ['held', held, { status: 'partial', decision: 'approved', operative_decision: 'hold', manual_review: false }],
        ['partial', partialApproved, { status: 'partial', decision: 'approved', operative_decision: 'approved', manual_review: false }],
        ['completed/review', completedReview, { status: 'completed', decision: 'review', operative_decision: 'review', risk_band: 'alto', manual_review: false }],
      ];
      for (const [name, history, automatic] of cases) {
        const events = decide(history(), review('approved', 'u-a', false));
        expect(events.map((e) => e.type), name).to.deep.equal(['RunReviewed']);
        const data = events[0]!.data as Record<string, unknown>;
        expect(data, name).to.deep.include({ decision: 'approved', note: 'Nota do analista', reviewed_by: 'u-a', reviewed_at: NOW });
        expect(data['automatic'], name).to.deep.include(automatic);
        const after = fold([...history(), ...events]);
        expect(after.status, name).to.equal('completed');
        if (after.status !== 'none') expect(after.manual_review, name).to.equal(false);
      }
    });

    it('refuses failed, cancelled, queued, running, completed approved/rejected and already-decided runs with invalid_run_state', () => {
      const queuedOnly: RunEvent[] = [{ type: 'RunQueued', data: queued() }];
      const cancelled: RunEvent[] = [...queuedOnly, { type: 'RunCancelled', data: { run_id: 'r1', customer_id: null, cancelled_at: NOW } }];
      const decided = [...pending(), ...decide(pending(), review('approved', undefined, false))];
      for (const history of [failedRun(), cancelled, queuedOnly, [...queuedOnly, started], approvedRun(), decided]) {
        run.given(history).when(review('approved', undefined, false)).thenError('invalid_run_state', (error) => expect(error.message).to.match(/não aguarda revisão/));
      }
      run.given(decided).when(review('rejected', 'u-b', true)).thenError('invalid_run_state', (error) => expect(error.message).to.match(/já foi decidida/));
    });

    it('requires a note: empty or blank is invalid_request on the field note', () => {
      for (const note of ['', '   ']) {
        run.given(pending()).when(review('approved', undefined, false, note)).thenError('invalid_request', (error) => expect(error.param).to.equal('note'));
      }
      expect(decide(pending(), review('approved', undefined, false, '  Revisado  '))[0]!.data).to.deep.include({ note: 'Revisado' });
    });

    it('decides at once with four-eyes off, with or without a named analyst', () => {
      expect(decide(blocked(), review('approved', undefined, false)).map((e) => e.type)).to.deep.equal(['RunReviewed']);
      expect(decide(pending(), review('rejected', 'u-a', false)).map((e) => e.type)).to.deep.equal(['RunReviewed']);
    });

    describe('four-eyes', () => {
      it('makes a rejection a proposal, refuses its proposer the confirmation, and lets another analyst confirm it', () => {
        const proposed = decide(pending(), review('rejected', 'u-a', true, 'PEP sem justificativa'));
        expect(proposed).to.deep.equal([
          { type: 'RunReviewProposed', data: { run_id: 'r1', tenant_id: 't1', decision: 'rejected', note: 'PEP sem justificativa', proposed_by: 'u-a', proposed_at: NOW } },
        ]);
        const history = [...pending(), ...proposed];
        expect(fold(history).status).to.equal('pending_review');
        run.given(history).when(review('rejected', 'u-a')).thenError('four_eyes_required');
        const confirmed = decide(history, review('rejected', 'u-b', true, 'Confirmo'));
        expect(confirmed.map((e) => e.type)).to.deep.equal(['RunReviewed']);
        expect(confirmed[0]!.data).to.deep.include({ decision: 'rejected', reviewed_by: 'u-b', proposed_by: 'u-a', note: 'Confirmo', proposal_note: 'PEP sem justificativa', proposed_at: NOW });
        expect(fold([...history, ...confirmed]).status).to.equal('completed');
      });

      it('needs two analysts for an approval clearing a block or an automatic rejection', () => {
        const proposed = decide(blocked(), review('approved', 'u-a', true, 'Homônimo: data de nascimento diferente'));
        expect(proposed.map((e) => e.type)).to.deep.equal(['RunReviewProposed']);
        const history = [...blocked(), ...proposed];
        expect(fold(history).status).to.equal('blocked');
        run.given(history).when(review('approved', 'u-a')).thenError('four_eyes_required');
        const confirmed = decide(history, review('approved', 'u-b', true, 'Confirmado'));
        expect(confirmed[0]!.data).to.deep.include({ decision: 'approved', reviewed_by: 'u-b', proposed_by: 'u-a' });
        expect((confirmed[0]!.data as { automatic: unknown }).automatic).to.deep.include({ status: 'blocked', decision: 'rejected' });
      });

      it('needs two analysts for any decision on an alto run, one for an approval of a medio or held run', () => {
        expect(decide(completedReview(), review('approved', 'u-a')).map((e) => e.type)).to.deep.equal(['RunReviewProposed']);
        expect(decide(pending(), review('approved', 'u-a')).map((e) => e.type)).to.deep.equal(['RunReviewed']);
        expect(decide(held(), review('approved', 'u-a')).map((e) => e.type)).to.deep.equal(['RunReviewed']);
      });

      it('lets another analyst answer a different decision, which becomes the new proposal when it needs two', () => {
        const history = [...pending(), ...decide(pending(), review('rejected', 'u-a'))];
        // a medio run's approval needs one analyst, so the counter-decision is final
        expect(decide(history, review('approved', 'u-b')).map((e) => e.type)).to.deep.equal(['RunReviewed']);
        const alto = completedReview();
        const rejectAgain = decide([...alto, ...decide(alto, review('approved', 'u-a'))], review('rejected', 'u-b'));
        expect(rejectAgain.map((e) => e.type)).to.deep.equal(['RunReviewProposed']);
        expect(rejectAgain[0]!.data).to.deep.include({ decision: 'rejected', proposed_by: 'u-b' });
      });

      it('refuses a decision that needs two analysts when none is named (analyst_required)', () => {
        run.given(pending()).when(review('rejected', undefined, true)).thenError('analyst_required', (error) => expect(error.param).to.equal('analyst'));
      });
    });
  });
});
