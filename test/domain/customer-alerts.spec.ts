import { customerDecider, type CustomerCommand } from '../../src/domain/customer/decider.js';
import type { CustomerEvent } from '../../src/domain/customer/events.js';
import { spec } from '../helpers/decider-spec.js';
import { customerRegistered } from '../helpers/customer-events.js';

const NOW = '2026-11-22T12:00:00.000Z';
const registered = customerRegistered(NOW);
const monitored: CustomerEvent = { type: 'CustomerStatusChanged', data: { customer_id: 'c1', status: 'em_monitoramento', reason: 'operator', changed_at: NOW } };
const explanation = [{ feature: 'name', score: 0.93, query: 'Ana Lima', candidate: 'ANA LIMA', detail: 'nomes alinhados' }];

const raise = (alertId: string, contentHash = 'h1', entryId = 'e1'): CommandRaise => ({
  type: 'RaiseAlert',
  alert_id: alertId,
  list_id: 'br_pep',
  entry_id: entryId,
  version_id: 'v1',
  content_hash: contentHash,
  matched_name: 'ANA LIMA',
  score: 0.93,
  explanation,
  trigger: 'list_version',
  now: NOW,
});
type CommandRaise = Extract<CustomerCommand, { type: 'RaiseAlert' }>;
const raised = (alertId: string, contentHash = 'h1', entryId = 'e1'): CustomerEvent => {
  const { type: _t, now: _n, ...rest } = raise(alertId, contentHash, entryId);
  return { type: 'MonitoringAlertRaised', data: { customer_id: 'c1', tenant_id: 't1', environment: 'live', subject_ref: 'subj_x', ...rest, raised_at: NOW } };
};
const resolved = (alertId: string, resolution: 'true_positive' | 'false_positive'): CustomerEvent => ({
  type: 'MonitoringAlertResolved',
  data: { customer_id: 'c1', alert_id: alertId, subject_ref: 'subj_x', resolution, note: 'n', resolved_at: NOW },
});

describe('customer decider: monitoring alerts', () => {
  it('raises an alert on a monitored customer', () => {
    spec(customerDecider).given([registered, monitored]).when(raise('a1')).then([raised('a1')]);
  });

  it('raises nothing on a customer not monitored', () => {
    spec(customerDecider).given([registered]).when(raise('a1')).thenNothing();
  });

  it('raises nothing twice: the same alert, or another while one is open on the same entry', () => {
    spec(customerDecider).given([registered, monitored, raised('a1')]).when(raise('a1')).thenNothing();
    spec(customerDecider).given([registered, monitored, raised('a1')]).when(raise('a2', 'h2')).thenNothing();
  });

  it('a false positive is not raised again for the same content; a changed entry is', () => {
    spec(customerDecider).given([registered, monitored, raised('a1'), resolved('a1', 'false_positive')]).when(raise('a2', 'h1')).thenNothing();
    spec(customerDecider).given([registered, monitored, raised('a1'), resolved('a1', 'false_positive')]).when(raise('a2', 'h2')).then([raised('a2', 'h2')]);
  });

  it('another entry raises its own alert', () => {
    spec(customerDecider).given([registered, monitored, raised('a1')]).when(raise('a3', 'h9', 'e2')).then([raised('a3', 'h9', 'e2')]);
  });

  it('delists an open alert once; a resolved one stays resolved', () => {
    const delisted: CustomerEvent = { type: 'MonitoringAlertDelisted', data: { customer_id: 'c1', alert_id: 'a1', list_id: 'br_pep', entry_id: 'e1', version_id: 'v2', delisted_at: NOW } };
    spec(customerDecider).given([registered, monitored, raised('a1')]).when({ type: 'DelistAlert', alert_id: 'a1', version_id: 'v2', now: NOW }).then([delisted]);
    spec(customerDecider).given([registered, monitored, raised('a1'), delisted]).when({ type: 'DelistAlert', alert_id: 'a1', version_id: 'v2', now: NOW }).thenNothing();
    spec(customerDecider).given([registered, monitored, raised('a1'), resolved('a1', 'true_positive')]).when({ type: 'DelistAlert', alert_id: 'a1', version_id: 'v2', now: NOW }).thenNothing();
  });

  it('an entry listed again after its alert was delisted raises a new alert, even with the content it had; a judged content is never raised again', () => {
    const delisted: CustomerEvent = { type: 'MonitoringAlertDelisted', data: { customer_id: 'c1', alert_id: 'a1', list_id: 'br_pep', entry_id: 'e1', version_id: 'v2', delisted_at: NOW } };
    spec(customerDecider).given([registered, monitored, raised('a1'), delisted]).when(raise('a2', 'h1')).then([raised('a2', 'h1')]);
    spec(customerDecider).given([registered, monitored, raised('a1'), delisted, raised('a2', 'h1')]).when(raise('a3', 'h1')).thenNothing();
    spec(customerDecider).given([registered, monitored, raised('a1'), resolved('a1', 'false_positive'), raised('a2', 'h2')]).when({ type: 'DelistAlert', alert_id: 'a2', version_id: 'v3', now: NOW }).then([
      { type: 'MonitoringAlertDelisted', data: { customer_id: 'c1', alert_id: 'a2', list_id: 'br_pep', entry_id: 'e1', version_id: 'v3', delisted_at: NOW } },
    ]);
    spec(customerDecider).given([registered, monitored, raised('a1'), resolved('a1', 'true_positive')]).when(raise('a2', 'h1')).thenNothing();
  });

  it('resolves once: the same resolution again changes nothing, another is alert_already_resolved; an unknown alert is alert_not_found', () => {
    const resolve = (resolution: 'true_positive' | 'false_positive'): CustomerCommand => ({ type: 'ResolveAlert', alert_id: 'a1', resolution, note: 'n', now: NOW });
    // the alert's resolution writes the customer's memory of the entry too (customer-dispositions.spec.ts)
    spec(customerDecider).given([registered, monitored, raised('a1')]).when(resolve('false_positive')).then([
      resolved('a1', 'false_positive'),
      {
        type: 'ListHitDisposed',
        data: { customer_id: 'c1', subject_ref: 'subj_x', list_id: 'br_pep', entry_id: 'e1', content_hash: 'h1', disposition: 'false_positive', reason: 'n', by: 'analista', from: { alert_id: 'a1' }, disposed_at: NOW },
      },
    ]);
    spec(customerDecider).given([registered, monitored, raised('a1'), resolved('a1', 'false_positive')]).when(resolve('false_positive')).thenNothing();
    spec(customerDecider).given([registered, monitored, raised('a1'), resolved('a1', 'false_positive')]).when(resolve('true_positive')).thenError('alert_already_resolved');
    spec(customerDecider).given([registered, monitored]).when(resolve('true_positive')).thenError('alert_not_found');
  });
});
