import { expect } from 'chai';
import { alertTimeline, customerAlerts, durationText, publishedLabel } from '../../src/reports/alert-timeline.js';
import { dateTime } from '../../src/reports/html.js';
import { eventLog } from '../helpers/projection-spec.js';

const evidence = {
  list_published_at: '2026-11-27T10:00:00.000Z',
  fetched_at: '2026-11-27T10:04:12.000Z',
  imported_at: '2026-11-27T10:04:13.500Z',
  indexed_at: '2026-11-27T10:04:14.000Z',
};
const delivery = (id: string, at: string, event = 'customer.monitoring_alert') => ({ event, delivery_id: id, delivered_at: at });

describe('alert timeline (issue 29)', () => {
  it('durations in pt-BR, the two largest units', () => {
    expect(durationText(850)).to.equal('850 ms');
    expect(durationText(12_000)).to.equal('12 s');
    expect(durationText(252_000)).to.equal('4 min 12 s');
    expect(durationText(240_000)).to.equal('4 min');
    expect(durationText(2 * 3_600_000 + 5 * 60_000 + 7_000)).to.equal('2 h 5 min');
    expect(durationText(86_400_000 + 3 * 3_600_000)).to.equal('1 dia 3 h');
    expect(durationText(2 * 86_400_000)).to.equal('2 dias');
    expect(durationText(-3_000)).to.equal('−3 s');
  });

  it('publication, download, import, index, alert and each delivery in Brasília time, the time since the step before, the total', () => {
    const timeline = alertTimeline({
      list_id: 'un_sc',
      created_at: '2026-11-27T10:04:15.000Z',
      evidence,
      deliveries: [delivery('d2', '2026-11-27T10:04:16.000Z', 'customer.sanctions_freeze'), delivery('d1', '2026-11-27T10:04:15.250Z')],
    });
    expect(timeline.steps.map((s) => [s.key, s.label, s.when, s.after, s.code])).to.deep.equal([
      ['published', 'Publicado pela ONU', dateTime(evidence.list_published_at), null, null],
      ['fetched', 'Baixado pelo serviço', dateTime(evidence.fetched_at), '4 min 12 s', null],
      ['imported', 'Importado', dateTime(evidence.imported_at), '1 s', null],
      ['indexed', 'Indexado', dateTime(evidence.indexed_at), '500 ms', null],
      ['raised', 'Alerta levantado', dateTime('2026-11-27T10:04:15.000Z'), '1 s', null],
      ['delivered', 'Aviso entregue ao sistema da instituição', dateTime('2026-11-27T10:04:15.250Z'), '250 ms', 'customer.monitoring_alert'],
      ['delivered', 'Aviso entregue ao sistema da instituição', dateTime('2026-11-27T10:04:16.000Z'), '750 ms', 'customer.sanctions_freeze'],
    ]);
    expect(timeline).to.include({ total: '4 min 15 s', recorded: true });
  });

  it('unknown times say why and are skipped by the durations; an alert raised before the evidence shows the alert and its deliveries only', () => {
    const upload = alertTimeline({ list_id: 'tl_x', created_at: '2026-11-27T10:05:00.000Z', evidence: { ...evidence, list_published_at: null, fetched_at: null }, deliveries: [] });
    expect(upload.steps.map((s) => [s.key, s.when, s.after])).to.deep.equal([
      ['published', 'a lista não informa a data', null],
      ['fetched', 'recebida por upload, sem download', null],
      ['imported', dateTime(evidence.imported_at), null],
      ['indexed', dateTime(evidence.indexed_at), '500 ms'],
      ['raised', dateTime('2026-11-27T10:05:00.000Z'), '46 s'],
      ['delivered', 'nenhuma entrega registrada', null],
    ]);
    expect(upload.steps[0]!.label).to.equal(publishedLabel('tl_x'));
    expect(upload.total).to.equal(null);
    const old = alertTimeline({ list_id: 'un_sc', created_at: '2026-11-27T10:05:00.000Z' });
    expect(old.steps.map((s) => s.key)).to.deep.equal(['raised', 'delivered']);
    expect(old.recorded).to.equal(false);
  });

  it("reads a customer's alerts from its stream with the read model's projection", () => {
    const at = eventLog();
    const raised = { customer_id: 'c1', alert_id: 'a1', tenant_id: 't1', environment: 'live', subject_ref: 's', list_id: 'un_sc', entry_id: 'e', version_id: 'v', content_hash: 'h', matched_name: 'N', score: 0.9, explanation: [], trigger: 'list_version', raised_at: '2026-11-27T10:04:15.000Z', evidence };
    const alerts = customerAlerts([
      at('customer-c1', 'CustomerStatusChanged', { customer_id: 'c1', status: 'em_monitoramento', reason: 'operator', changed_at: evidence.list_published_at }),
      at('customer-c1', 'MonitoringAlertRaised', raised),
      at('customer-c1', 'AlertWebhookDelivered', { customer_id: 'c1', alert_id: 'a1', ...delivery('d1', '2026-11-27T10:04:15.250Z') }),
    ]);
    expect(alerts.map((a) => [a.alert_id, a.evidence, a.deliveries])).to.deep.equal([['a1', evidence, [delivery('d1', '2026-11-27T10:04:15.250Z')]]]);
  });
});
