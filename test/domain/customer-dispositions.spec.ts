import { customerDecider, type CustomerCommand } from '../../src/domain/customer/decider.js';
import type { CustomerEvent } from '../../src/domain/customer/events.js';
import { judged } from '../../src/domain/screening/disposition.js';
import { spec } from '../helpers/decider-spec.js';
import { customerRegistered } from '../helpers/customer-events.js';

const NOW = '2026-11-22T12:00:00.000Z';
const LATER = '2026-11-23T12:00:00.000Z';
const registered = customerRegistered(NOW);
const monitored: CustomerEvent = { type: 'CustomerStatusChanged', data: { customer_id: 'c1', status: 'em_monitoramento', reason: 'operator', changed_at: NOW } };

type Dispose = Extract<CustomerCommand, { type: 'DisposeListHit' }>;
const dispose = (disposition: Dispose['disposition'], over: Partial<Dispose> = {}): Dispose => ({
  type: 'DisposeListHit',
  list_id: 'ofac_sdn',
  entry_id: 'e1',
  content_hash: 'h1',
  disposition,
  reason: 'homônimo: data de nascimento diferente',
  by: 'ana@exemplo.com.br',
  from: { run_id: 'r1' },
  now: NOW,
  ...over,
});
const disposed = (command: Dispose): CustomerEvent => {
  const { type: _t, now, ...rest } = command;
  return { type: 'ListHitDisposed', data: { customer_id: 'c1', subject_ref: 'subj_x', ...rest, disposed_at: now } };
};
const raise = (alertId: string, contentHash: string): CustomerCommand => ({
  type: 'RaiseAlert',
  alert_id: alertId,
  list_id: 'ofac_sdn',
  entry_id: 'e1',
  version_id: 'v2',
  content_hash: contentHash,
  matched_name: 'ANA LIMA',
  score: 0.93,
  explanation: [],
  trigger: 'list_version',
  now: LATER,
});

describe('customer decider: hit-level dispositions (one memory for runs and alerts)', () => {
  it('records a disposition of a run hit on the customer', () => {
    spec(customerDecider).given([registered]).when(dispose('false_positive')).then([disposed(dispose('false_positive'))]);
  });

  it('refuses a disposition without a reason', () => {
    spec(customerDecider).given([registered]).when(dispose('false_positive', { reason: '   ' })).thenError('invalid_request');
  });

  it('the same disposition again changes nothing; another one replaces it, the first kept in the history', () => {
    const first = disposed(dispose('false_positive'));
    spec(customerDecider).given([registered, first]).when(dispose('false_positive')).thenNothing();
    const changed = dispose('true_match', { reason: 'confirmado pelo documento', now: LATER });
    spec(customerDecider).given([registered, first]).when(changed).then([disposed(changed)]);
    const state = [registered, first, disposed(changed)].reduce(customerDecider.evolve, customerDecider.initialState);
    if (state.status === 'none') throw new Error('registered');
    const memory = judged(state.dispositions, 'ofac_sdn', 'e1', 'h1');
    if (memory?.disposition !== 'true_match' || memory.at !== LATER) throw new Error(`the latest disposition counts: ${JSON.stringify(memory)}`);
  });

  it('monitoring does not alert an entry cleared on a run, until the entry changes', () => {
    spec(customerDecider).given([registered, monitored, disposed(dispose('false_positive'))]).when(raise('a1', 'h1')).thenNothing();
    spec(customerDecider)
      .given([registered, monitored, disposed(dispose('false_positive'))])
      .when(raise('a1', 'h2'))
      .then([
        {
          type: 'MonitoringAlertRaised',
          data: {
            customer_id: 'c1',
            tenant_id: 't1',
            environment: 'live',
            subject_ref: 'subj_x',
            alert_id: 'a1',
            list_id: 'ofac_sdn',
            entry_id: 'e1',
            version_id: 'v2',
            content_hash: 'h2',
            matched_name: 'ANA LIMA',
            score: 0.93,
            explanation: [],
            trigger: 'list_version',
            raised_at: LATER,
          },
        },
      ]);
  });

  it('an alert resolved as true_positive is remembered as a true_match, by the analyst named', () => {
    const raisedAlert = customerDecider.decide(raise('a1', 'h1'), [registered, monitored].reduce(customerDecider.evolve, customerDecider.initialState));
    if (raisedAlert._tag === 'Left') throw raisedAlert.left;
    spec(customerDecider)
      .given([registered, monitored, ...raisedAlert.right])
      .when({ type: 'ResolveAlert', alert_id: 'a1', resolution: 'true_positive', note: 'é ela', by: 'bia@exemplo.com.br', now: LATER })
      .then([
        { type: 'MonitoringAlertResolved', data: { customer_id: 'c1', alert_id: 'a1', subject_ref: 'subj_x', resolution: 'true_positive', note: 'é ela', resolved_at: LATER } },
        {
          type: 'ListHitDisposed',
          data: { customer_id: 'c1', subject_ref: 'subj_x', list_id: 'ofac_sdn', entry_id: 'e1', content_hash: 'h1', disposition: 'true_match', reason: 'é ela', by: 'bia@exemplo.com.br', from: { alert_id: 'a1' }, disposed_at: LATER },
        },
      ]);
  });
});
