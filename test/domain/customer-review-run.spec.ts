import { expect } from 'chai';
import { customerDecider, type CustomerCommand } from '../../src/domain/customer/decider.js';
import type { CustomerEvent } from '../../src/domain/customer/events.js';
import type { CustomerStatus } from '../../src/domain/values/scopes.js';
import { spec } from '../helpers/decider-spec.js';
import { customerRegistered } from '../helpers/customer-events.js';

const NOW = '2026-11-22T12:00:00.000Z';
const LATER = '2026-11-23T12:00:00.000Z';

const registered = customerRegistered(NOW, { doc: '00000000191', name: 'Maria da Silva' });
const requested = (runId: string): CustomerEvent => ({ type: 'CustomerRunRequested', data: { customer_id: 'c1', run_id: runId, requested_at: NOW } });
const reviewRequested = (runId: string, at = LATER): CustomerEvent => ({
  type: 'CustomerRunRequested',
  data: { customer_id: 'c1', run_id: runId, requested_at: at, trigger: 'periodic_review' },
});
const concluded = (runId: string, riskBand = 'baixo'): CustomerEvent => ({
  type: 'CustomerRunConcluded',
  data: { customer_id: 'c1', subject_ref: 'subj_x', run_id: runId, run_status: 'completed', decision: 'approved', risk_band: riskBand, completed_at: NOW, source_birth_date: null },
});
const statusChanged = (status: CustomerStatus, reason: string): CustomerEvent => ({ type: 'CustomerStatusChanged', data: { customer_id: 'c1', status, reason, changed_at: LATER } });
/** onboarded through r1, and moved to monitoring by the policy */
const monitored = [registered, requested('r1'), concluded('r1'), statusChanged('em_monitoramento', 'auto_decision_policy')];

const requestReview = (runId: string, after: string[] = ['r1']): CustomerCommand => ({ type: 'RequestReviewRun', run_id: runId, after_run_ids: after, now: LATER });
const conclude = (runId: string, riskBand: string, policy: CustomerStatus | null): CustomerCommand => ({
  type: 'ConcludeRun',
  run_id: runId,
  run_status: 'completed',
  decision: 'approved',
  risk_band: riskBand,
  completed_at: NOW,
  source_birth_date: null,
  policy_status: policy,
  now: LATER,
});

describe('customer decider: periodic review runs', () => {
  const customer = spec(customerDecider);

  it('records a review run of a monitored customer whose latest run is the one reviewed, marked periodic_review', () => {
    customer.given(monitored).when(requestReview('r2')).then([reviewRequested('r2')]);
  });

  it('keeps the customer em_monitoramento while the review run runs (an onboarding run moves it to em_analise)', () => {
    const fold = (events: CustomerEvent[]) => events.reduce(customerDecider.evolve, customerDecider.initialState);
    const reviewing = fold([...monitored, reviewRequested('r2')]);
    expect(reviewing).to.include({ status: 'em_monitoramento', latest_run_id: 'r2', review_run: true });
    expect(fold([...monitored, requested('r2')])).to.include({ status: 'em_analise', latest_run_id: 'r2', review_run: false });
  });

  it('asked again for the same run, changes nothing (a retried or concurrent sweep)', () => {
    customer.given([...monitored, reviewRequested('r2')]).when(requestReview('r2')).thenNothing();
  });

  it('refuses once the customer left monitoring or ran again since it was found due', () => {
    customer.given([...monitored, statusChanged('pendencia', 'operator')]).when(requestReview('r2')).thenError('concurrent_update');
    customer.given([...monitored, requested('r3')]).when(requestReview('r2')).thenError('concurrent_update');
    customer.given([...monitored, reviewRequested('r2'), concluded('r2')]).when(requestReview('r4')).thenError('concurrent_update');
    customer.given([registered, requested('r1'), concluded('r1')]).when(requestReview('r2')).thenError('concurrent_update');
  });

  it('replaces an attempt that never got a run when that attempt is named among the runs reviewed', () => {
    customer.given([...monitored, reviewRequested('r2')]).when(requestReview('r2b', ['r1', 'r2'])).then([reviewRequested('r2b')]);
    customer.given([...monitored, reviewRequested('r2')]).when(requestReview('r2b', ['r1'])).thenError('concurrent_update');
  });

  it('when the review run ends, the auto_decision_policy maps its band as it does after onboarding', () => {
    const reviewing = [...monitored, reviewRequested('r2')];
    customer.given(reviewing).when(conclude('r2', 'alto', 'recusado')).then([concluded('r2', 'alto'), statusChanged('recusado', 'auto_decision_policy')]);
    // a band mapped to monitoring, or not mapped at all: it stays monitored
    customer.given(reviewing).when(conclude('r2', 'baixo', 'em_monitoramento')).then([concluded('r2')]);
    customer.given(reviewing).when(conclude('r2', 'medio', null)).then([concluded('r2', 'medio')]);
    // an operator moved it meanwhile: the review's result no longer owns the status
    customer.given([...reviewing, statusChanged('pendencia', 'operator')]).when(conclude('r2', 'alto', 'recusado')).then([concluded('r2', 'alto')]);
  });

  it('a customer moved to monitoring by hand keeps the policy away from its status, as before', () => {
    // not a review run: r1 ended while em_analise was already left by the operator
    customer.given([registered, requested('r1'), statusChanged('em_monitoramento', 'operator')]).when(conclude('r1', 'alto', 'recusado')).then([concluded('r1', 'alto')]);
  });
});
