import { customerTimelineProjection, type CustomerTimelineDoc } from '../../src/projections/customer-timeline.js';
import { eventLog, OCCURRED_AT, projectionSpec } from '../helpers/projection-spec.js';

const T1 = '2026-11-23T12:00:00.000Z';

describe('customer timeline projection', () => {
  const timeline = projectionSpec(customerTimelineProjection);

  it('keeps every event of a customer’s stream in order, with who and when, and only the fields its sentence names', () => {
    const at = eventLog();
    const events = [
      at('customer-c1', 'CustomerRegistered', { customer_id: 'c1', profile: { name: 'Maria' } }, { actor: 'api_key:k1' }),
      at('customer-c1', 'DocumentUploaded', { customer_id: 'c1', document_id: 'd1', type: 'cnh_frente', file_name: 'maria.png' }),
      at('customer-c1', 'DocumentReviewed', { customer_id: 'c1', document_id: 'd1', status: 'rejeitado', reason: 'ilegível', reviewed_at: T1 }, { actor: 'user:u1', occurred_at: T1 }),
      at('customer-c1', 'MonitoringAlertResolved', { customer_id: 'c1', alert_id: 'a1', resolution: 'false_positive', note: 'homônimo' }, { actor: 'user:u1', occurred_at: T1 }),
    ];
    const expected: CustomerTimelineDoc = {
      customer_id: 'c1',
      tenant_id: 't1',
      entries: [
        // the profile, the file name and the note are sealed personal data: never copied here
        { type: 'CustomerRegistered', at: OCCURRED_AT, actor: 'api_key:k1', detail: {} },
        { type: 'DocumentUploaded', at: OCCURRED_AT, actor: 'system', detail: { type: 'cnh_frente' } },
        { type: 'DocumentReviewed', at: T1, actor: 'user:u1', detail: { status: 'rejeitado', reason: 'ilegível' } },
        { type: 'MonitoringAlertResolved', at: T1, actor: 'user:u1', detail: { resolution: 'false_positive' } },
      ],
    };
    timeline.given(events).then({ c1: expected }).andReplayChangesNothing();
  });

  it('a later event extends the document it finds; other streams (and reservation streams) are not read', () => {
    const at = eventLog();
    const first = timeline.given([at('customer-c1', 'CustomerRegistered', { customer_id: 'c1' })]);
    first.then({ c1: { customer_id: 'c1', tenant_id: 't1', entries: [{ type: 'CustomerRegistered', at: OCCURRED_AT, actor: 'system', detail: {} }] } });
    timeline
      .given([at('customer-c1', 'CustomerStatusChanged', { customer_id: 'c1', status: 'aprovado', reason: 'manual' })], first.documents)
      .then({
        c1: {
          customer_id: 'c1',
          tenant_id: 't1',
          entries: [
            { type: 'CustomerRegistered', at: OCCURRED_AT, actor: 'system', detail: {} },
            { type: 'CustomerStatusChanged', at: OCCURRED_AT, actor: 'system', detail: { status: 'aprovado', reason: 'manual' } },
          ],
        },
      });
    timeline.given([at('run-r1', 'RunStarted', { run_id: 'r1' }), at('customerdoc-abc', 'DocumentReserved', {}), at('customerext-abc', 'ExternalIdReserved', {})]).then({});
  });

  it("adds an analyst's decision on one of the customer's runs: who decided and proposed, the automatic outcome, no note", () => {
    const at = eventLog();
    const automatic = { status: 'blocked', decision: 'rejected', operative_decision: 'rejected', risk_band: null, manual_review: false };
    const registered = at('customer-c1', 'CustomerRegistered', { customer_id: 'c1' });
    const reviewed = at('run-r1', 'RunReviewed', { run_id: 'r1', customer_id: 'c1', decision: 'approved', note: 'homônimo', reviewed_by: 'u2', proposed_by: 'u1', automatic }, { actor: 'user:u2' });
    const detail = {
      run_id: 'r1',
      decision: 'approved',
      reviewed_by: 'u2',
      proposed_by: 'u1',
      automatic_status: 'blocked',
      automatic_decision: 'rejected',
      automatic_operative_decision: 'rejected',
      automatic_risk_band: null,
    };
    timeline.given([registered, reviewed]).then({
      c1: {
        customer_id: 'c1',
        tenant_id: 't1',
        entries: [
          { type: 'CustomerRegistered', at: OCCURRED_AT, actor: 'system', detail: {} },
          { type: 'RunReviewed', at: OCCURRED_AT, actor: 'user:u2', detail },
        ],
      },
    });
    // a run no customer asked for has no timeline
    timeline.given([at('run-r2', 'RunReviewed', { run_id: 'r2', customer_id: null, decision: 'approved' })]).then({});
  });
});
