import { expect } from 'chai';
import type { StoredEvent } from '../../src/adapters/event-store/event-log.js';
import { customersProjection, type CustomerDoc } from '../../src/projections/customers.js';
import { eventLog } from '../helpers/projection-spec.js';

const T0 = '2026-11-22T12:00:00.000Z';
const T1 = '2026-11-23T12:00:00.000Z';

const registeredData = {
  customer_id: 'c1',
  tenant_id: 't1',
  environment: 'sandbox',
  type: 'pf',
  profile: { doc: '00000000191', name: 'Maria da Silva' },
  subject_ref: 'subj_x',
  external_id: null,
  metadata: {},
  onboarding_profile: null,
  webhook_url: null,
  created_at: T0,
};

/** Fields only: other work adds fields to the customer document, which this test does not own. */
const fold = (events: StoredEvent[]) => events.reduce<CustomerDoc | null>((doc, event) => customersProjection().evolve(doc, event, 'c1'), null)!;

describe('customers projection: a periodic review run', () => {
  it('follows the review run as latest_run and leaves the status em_monitoramento; an onboarding run still moves it to em_analise', () => {
    const at = eventLog();
    const monitored = [
      at('customer-c1', 'CustomerRegistered', registeredData),
      at('customer-c1', 'CustomerRunRequested', { customer_id: 'c1', run_id: 'r1', requested_at: T0 }),
      at('customer-c1', 'CustomerStatusChanged', { customer_id: 'c1', status: 'em_monitoramento', reason: 'auto_decision_policy', changed_at: T0 }),
    ];
    const review = fold([...monitored, at('customer-c1', 'CustomerRunRequested', { customer_id: 'c1', run_id: 'r2', requested_at: T1, trigger: 'periodic_review' })]);
    expect(review.status).to.equal('em_monitoramento');
    expect(review.latest_run).to.deep.equal({ run_id: 'r2', status: 'queued', decision: null, risk_band: null, completed_at: null });
    const running = fold([...monitored, at('customer-c1', 'CustomerRunRequested', { customer_id: 'c1', run_id: 'r2', requested_at: T1, trigger: 'periodic_review' }), at('run-r2', 'RunStarted', { run_id: 'r2', customer_id: 'c1', started_at: T1 })]);
    expect(running).to.deep.include({ status: 'em_monitoramento', latest_run: { run_id: 'r2', status: 'running', decision: null, risk_band: null, completed_at: null } });
    const onboarding = fold([...monitored, at('customer-c1', 'CustomerRunRequested', { customer_id: 'c1', run_id: 'r3', requested_at: T1 })]);
    expect(onboarding.status).to.equal('em_analise');
  });
});
