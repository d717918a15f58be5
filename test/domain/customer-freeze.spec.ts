import { expect } from 'chai';
import { customerDecider, customerFreeze, type CustomerCommand } from '../../src/domain/customer/decider.js';
import type { CustomerEvent } from '../../src/domain/customer/events.js';
import { freezeBasisFor, TENANT_FREEZE_BASIS, UN_FREEZE_BASIS } from '../../src/domain/customer/freeze.js';
import { spec } from '../helpers/decider-spec.js';
import { customerRegistered } from '../helpers/customer-events.js';

const NOW = '2026-11-27T12:00:00.000Z';
const LATER = '2026-11-27T12:30:00.000Z';
const registered = customerRegistered(NOW);
const status = (s: 'em_monitoramento' | 'aprovado' | 'recusado'): CustomerEvent => ({ type: 'CustomerStatusChanged', data: { customer_id: 'c1', status: s, reason: 'operator', changed_at: NOW } });
const evidence = { list_published_at: '2026-11-27T11:50:00.000Z', fetched_at: '2026-11-27T11:55:00.000Z', imported_at: '2026-11-27T11:55:01.000Z', indexed_at: '2026-11-27T11:55:02.000Z' };
type Raise = Extract<CustomerCommand, { type: 'RaiseAlert' }>;
const raise = (listId: string, freeze: string | null, alertId = 'a1'): Raise => ({
  type: 'RaiseAlert',
  alert_id: alertId,
  list_id: listId,
  entry_id: 'e1',
  version_id: 'v1',
  content_hash: 'h1',
  matched_name: 'ANA LIMA',
  score: 0.95,
  explanation: [],
  trigger: 'list_version',
  freeze_basis: freeze,
  evidence,
  now: NOW,
});
const raised = (listId: string, freeze: string | null, alertId = 'a1'): CustomerEvent => {
  const { type: _t, now: _n, freeze_basis: _f, evidence: _e, ...rest } = raise(listId, freeze, alertId);
  return {
    type: 'MonitoringAlertRaised',
    data: { customer_id: 'c1', tenant_id: 't1', environment: 'live', subject_ref: 'subj_x', ...rest, raised_at: NOW, ...(freeze ? { freeze_required: true, legal_basis: freeze } : {}), evidence },
  };
};
const freeze = { tenant_id: 't1', environment: 'live' as const, list_id: 'un_sc', entry_id: 'e1', legal_basis: UN_FREEZE_BASIS, since: NOW };
const resolved = (resolution: 'true_positive' | 'false_positive', frozen = true): CustomerEvent => ({
  type: 'MonitoringAlertResolved',
  data: { customer_id: 'c1', alert_id: 'a1', subject_ref: 'subj_x', resolution, note: 'n', resolved_at: LATER, ...(frozen ? { freeze_required: true, freeze } : {}) },
});
const delisted: CustomerEvent = {
  type: 'MonitoringAlertDelisted',
  data: { customer_id: 'c1', alert_id: 'a1', list_id: 'un_sc', entry_id: 'e1', version_id: 'v2', delisted_at: LATER, freeze_required: true, freeze },
};
const stateOf = (events: CustomerEvent[]) => events.reduce(customerDecider.evolve, customerDecider.initialState);

describe('customer decider: sanctions freeze (issue 29)', () => {
  it('the UN list always requires a freeze; another list only when the tenant names it', () => {
    expect(freezeBasisFor('un_sc', [])).to.equal(UN_FREEZE_BASIS);
    expect(freezeBasisFor('ofac_sdn', [])).to.equal(null);
    expect(freezeBasisFor('ofac_sdn', ['ofac_sdn'])).to.equal(TENANT_FREEZE_BASIS);
  });

  it('a freeze hit on a monitored customer carries freeze_required, its legal basis and the evidence', () => {
    spec(customerDecider).given([registered, status('em_monitoramento')]).when(raise('un_sc', UN_FREEZE_BASIS)).then([raised('un_sc', UN_FREEZE_BASIS)]);
  });

  it('an active (aprovado) customer gets a freeze hit, not an ordinary one; a refused customer gets neither', () => {
    spec(customerDecider).given([registered, status('aprovado')]).when(raise('un_sc', UN_FREEZE_BASIS)).then([raised('un_sc', UN_FREEZE_BASIS)]);
    spec(customerDecider).given([registered, status('aprovado')]).when(raise('ofac_sdn', null)).thenNothing();
    spec(customerDecider).given([registered, status('recusado')]).when(raise('un_sc', UN_FREEZE_BASIS)).thenNothing();
  });

  it('the customer shows the freeze as required, confirmed by a true match, lifted by a false one', () => {
    const base = [registered, status('em_monitoramento'), raised('un_sc', UN_FREEZE_BASIS)];
    expect(customerFreeze(stateOf(base))).to.deep.equal({ status: 'required', alert_id: 'a1', list_id: 'un_sc', entry_id: 'e1', basis: UN_FREEZE_BASIS, since: NOW, confirmed_at: null });
    expect(customerFreeze(stateOf([...base, resolved('true_positive')]))).to.include({ status: 'confirmed', confirmed_at: LATER });
    expect(customerFreeze(stateOf([...base, resolved('false_positive')]))).to.equal(null);
    expect(customerFreeze(stateOf([registered, status('em_monitoramento'), raised('ofac_sdn', null)]))).to.equal(null);
  });

  it('the resolution of a freeze alert says so; a delisting by the UN lifts even a confirmed freeze', () => {
    const base = [registered, status('em_monitoramento'), raised('un_sc', UN_FREEZE_BASIS)];
    spec(customerDecider).given(base).when({ type: 'ResolveAlert', alert_id: 'a1', resolution: 'true_positive', note: 'n', now: LATER }).then([
      resolved('true_positive'),
      {
        type: 'ListHitDisposed',
        data: { customer_id: 'c1', subject_ref: 'subj_x', list_id: 'un_sc', entry_id: 'e1', content_hash: 'h1', disposition: 'true_match', reason: 'n', by: 'analista', from: { alert_id: 'a1' }, disposed_at: LATER },
      },
    ]);
    spec(customerDecider).given([...base, resolved('true_positive')]).when({ type: 'DelistAlert', alert_id: 'a1', version_id: 'v2', now: LATER }).then([delisted]);
    expect(customerFreeze(stateOf([...base, resolved('true_positive'), delisted]))).to.equal(null);
  });

  it('records each webhook delivery of an alert once', () => {
    const base = [registered, status('em_monitoramento'), raised('un_sc', UN_FREEZE_BASIS)];
    const delivered: CustomerEvent = { type: 'AlertWebhookDelivered', data: { customer_id: 'c1', alert_id: 'a1', event: 'customer.sanctions_freeze', delivery_id: 'd1', delivered_at: LATER } };
    const record = { type: 'RecordAlertDelivery' as const, alert_id: 'a1', event: 'customer.sanctions_freeze', delivery_id: 'd1', now: LATER };
    spec(customerDecider).given(base).when(record).then([delivered]);
    spec(customerDecider).given([...base, delivered]).when(record).thenNothing();
    spec(customerDecider).given([registered, status('em_monitoramento')]).when(record).thenNothing();
  });
});
